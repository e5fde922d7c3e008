import { TRANSCRIPTION_ERROR_PREFIX, encodeSearchCursor, type SearchCursor, type SearchHit } from "@vj/core";
import { searchRepository, type SearchRow } from "../repositories/search.js";
import { iso, type ServiceContext } from "../services/context.js";
import { requireDomain } from "../services/domains.js";
import { highlightWords, parseQueryTerms } from "./query-terms.js";
import { makeSnippet } from "./snippet.js";

export interface JournalSearch {
  /** What the person typed: words, "quoted phrases"; the last bare word is a prefix. */
  q: string;
  limit: number;
  before?: SearchCursor | undefined;
  domainId?: string | undefined;
  /** "all" (default): every word must match. "any": the more words match, the higher (Ask). */
  match?: "all" | "any";
  /** Only what was created in [start, end) (Ask's period scope). */
  range?: { start: Date; end: Date } | undefined;
  /** Ask reads the words of a question, not a half-typed one: no prefix. */
  prefixLastWord?: boolean;
}

export interface JournalSearchResult {
  hits: SearchHit[];
  /** The full text of each hit (transcript or summary), for Ask's context; same order. */
  texts: string[];
  nextCursor: string | null;
}

/**
 * The one search of the journal (DESIGN §12): the search screen and Ask both call it. Only the
 * user's own notes and summaries are read; another user's collection answers 404.
 */
export async function searchJournal(ctx: ServiceContext, userId: string, s: JournalSearch): Promise<JournalSearchResult> {
  if (s.domainId !== undefined) await requireDomain(ctx, userId, s.domainId);
  const parsed = parseQueryTerms(s.q);
  const query = s.prefixLastWord === false && parsed.prefix !== null ? { terms: [...parsed.terms, parsed.prefix], prefix: null } : parsed;
  const match = s.match ?? "all";
  const repo = searchRepository(ctx.db);
  const { rows, more } = await repo.search({
    userId,
    ...query,
    match,
    domainId: s.domainId,
    range: s.range,
    before: s.before,
    limit: s.limit,
  });
  const words = highlightWords(query);
  const texts = rows.map(bodyText);
  const hits = rows.map((row, i) => toHit(row, makeSnippet(texts[i]!, words)));
  const last = rows.at(-1);
  return {
    hits,
    texts,
    nextCursor: more && last ? encodeSearchCursor({ tier: last.tier, at: last.cursor_at, id: last.id }) : null,
  };
}

/** A note's transcript (an error text is not one) or a summary's content. */
function bodyText(row: SearchRow): string {
  const body = row.body ?? "";
  return row.kind === "note" && body.startsWith(TRANSCRIPTION_ERROR_PREFIX) ? "" : body;
}

function toHit(row: SearchRow, snippet: { snippet: string; highlights: [number, number][] }): SearchHit {
  const common = { id: row.id, domainId: row.domain_id, title: row.title, createdAt: iso(row.created_at), ...snippet };
  return row.kind === "note"
    ? { kind: "note", ...common, duration: row.duration ?? 0 }
    : { kind: "summary", ...common, period: row.period!, periodKey: row.period_key! };
}
