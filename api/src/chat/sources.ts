import type { ChatCitation } from "@vj/core";
import { estimateTokens } from "../engines/summaries/map-reduce.js";
import { chatRepository } from "../repositories/chat.js";
import { searchJournal } from "../search/service.js";
import { iso, type ServiceContext } from "../services/context.js";

/** A note or summary given to the model under its number. */
export interface Source extends Omit<ChatCitation, "deleted"> {
  text: string;
}

/** How many hits retrieval considers before packing. */
const CANDIDATES = 40;
/** With at least this many notes holding every subject word, no looser search is made. */
const ENOUGH = 8;

/**
 * Words that carry no subject in a question ("what did I say about…"): matching them would rank
 * every note alike. What is left is searched with any word matching (more matches rank higher).
 */
const QUESTION_WORDS = new Set(
  (
    "a an the and or but if of to in on at for from by with about into over after before during between " +
    "i me my mine we our you your he she it its they them their this that these those there here " +
    "is am are was were be been being do does did done have has had having can could will would shall should may might must " +
    "what when where which who whom whose why how all any some much many more most other such no not only own same so than too very " +
    "just also ever again then once up down out off tell say said says talk talked mention mentioned think thought know knew " +
    "journal note notes recording recordings"
  ).split(" "),
);

export function questionWords(question: string): string {
  return question
    .split(/[^\p{L}\p{N}'’-]+/u)
    .filter((w) => w.length > 1 && !QUESTION_WORDS.has(w.toLowerCase()))
    .join(" ");
}

/**
 * Retrieve, then pack (DESIGN §12): the notes and summaries in scope that best match the question
 * through the search index (title matches, then newest; those with every subject word before
 * those with some) — the most recent notes when its words match nothing — numbered in
 * that order and packed into `budgetTokens`. A long text is shortened so several sources fit;
 * packing stops at the budget, never past it.
 */
export async function gatherSources(
  ctx: ServiceContext,
  userId: string,
  scope: { domainId: string; range?: { start: Date; end: Date } | undefined; question: string },
  budgetTokens: number,
): Promise<Source[]> {
  const words = questionWords(scope.question);
  const candidates: Omit<Source, "n">[] = [];
  if (words) {
    // Notes that hold every subject word first; then, when those are few, notes with any of them.
    for (const match of ["all", "any"] as const) {
      if (match === "any" && (candidates.length >= ENOUGH || !/\s/.test(words))) break;
      const found = await searchJournal(ctx, userId, {
        q: words.slice(0, 1000),
        limit: CANDIDATES,
        domainId: scope.domainId,
        range: scope.range,
        match,
        prefixLastWord: false,
      });
      found.hits.forEach((hit, i) => {
        if (candidates.some((c) => c.id === hit.id)) return;
        candidates.push({
          kind: hit.kind,
          id: hit.id,
          domainId: hit.domainId,
          title: hit.title,
          createdAt: hit.createdAt,
          ...(hit.kind === "summary" ? { period: hit.period, periodKey: hit.periodKey } : {}),
          text: found.texts[i] ?? "",
        });
      });
    }
  }
  if (candidates.length === 0) {
    const recent = await chatRepository(ctx.db).recentNotes(userId, scope.domainId, scope.range, CANDIDATES);
    for (const r of recent) {
      candidates.push({ kind: "note", id: r.id, domainId: r.domain_id, title: r.title, createdAt: iso(r.created_at), text: r.transcription });
    }
  }
  return pack(candidates, budgetTokens);
}

/** Numbers the candidates in order and keeps what fits; each text at most a quarter of the budget. */
export function pack(candidates: Omit<Source, "n">[], budgetTokens: number): Source[] {
  const perSource = Math.max(200, Math.floor(budgetTokens / 4));
  const sources: Source[] = [];
  let used = 0;
  for (const c of candidates) {
    const n = sources.length + 1;
    const text = shorten(c.text, Math.min(perSource, budgetTokens - used - headerTokens(c, n)));
    if (!text) break;
    const cost = sourceTokens({ ...c, n, text });
    if (used + cost > budgetTokens) break;
    sources.push({ ...c, n, text });
    used += cost;
  }
  return sources;
}

export function renderSource(s: Source): string {
  const what = s.kind === "note" ? "voice note" : `${s.period ?? ""} summary`.trim();
  return `[${s.n}] "${s.title}" (${what}, ${s.createdAt.slice(0, 10)})\n${s.text}`;
}

function headerTokens(c: Omit<Source, "n">, n: number): number {
  return estimateTokens(renderSource({ ...c, n, text: "" })) + 2;
}

export function sourceTokens(s: Source): number {
  return estimateTokens(renderSource(s)) + 2;
}

/** The text cut at a word boundary to about `maxTokens`, with "…" where it was cut; "" when nothing fits. */
function shorten(text: string, maxTokens: number): string {
  if (maxTokens < 20) return "";
  if (estimateTokens(text) <= maxTokens) return text;
  let end = Math.min(text.length, maxTokens * 4);
  while (end > 0 && estimateTokens(text.slice(0, end)) > maxTokens - 1) end = Math.floor(end * 0.85);
  const cut = text.slice(0, end);
  const space = cut.lastIndexOf(" ");
  return `${space > end * 0.7 ? cut.slice(0, space) : cut}…`;
}
