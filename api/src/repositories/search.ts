import type { Period, SearchCursor } from "@vj/core";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DB } from "../db/schema.js";

export interface SearchRowQuery {
  userId: string;
  /** Words or phrases; "all" must each match (the search screen), "any" may (Ask's retrieval). */
  terms: string[];
  prefix: string | null;
  match: "all" | "any";
  domainId?: string | undefined;
  /** Only what was created in [start, end). */
  range?: { start: Date; end: Date } | undefined;
  /** Notes only (Ask's fallback reads recent notes itself). */
  kinds?: readonly ("note" | "summary")[] | undefined;
  before?: SearchCursor | undefined;
  limit: number;
}

export interface SearchRow {
  kind: "note" | "summary";
  id: string;
  domain_id: string;
  title: string;
  body: string | null;
  duration: number | null;
  period: Period | null;
  period_key: string | null;
  created_at: Date;
  /** 1: the title alone matches; 2: any other match. */
  tier: 1 | 2;
  cursor_at: string;
}

/** The tsquery of the person's words: each a bound parameter of phraseto_tsquery, never syntax. */
function tsquery(q: Pick<SearchRowQuery, "terms" | "prefix" | "match">): RawBuilder<unknown> {
  const parts = q.terms.map((t) => sql`phraseto_tsquery('vj_search', vj_cjk_bigrams(${t}))`);
  if (q.prefix !== null) parts.push(sql`vj_prefix_tsquery(${q.prefix})`);
  if (parts.length === 0) return sql`''::tsquery`;
  return sql`(${sql.join(parts, q.match === "all" ? sql` && ` : sql` || `)})`;
}

export function searchRepository(db: Kysely<DB>) {
  return {
    /** One page of hits in the order the cursor names, so pages neither repeat nor skip a hit. */
    async search(q: SearchRowQuery): Promise<{ rows: SearchRow[]; more: boolean }> {
      const { rows } = await searchStatement(q).execute(db);
      return { rows: rows.slice(0, q.limit), more: rows.length > q.limit };
    },
  };
}

/**
 * The one statement of a search page (the benchmark runs it bare beside the API).
 *
 * Relevance comes in two tiers: notes whose title alone matches the query (tier 1), then every
 * other match — transcripts and summaries (tier 2); newer first inside a tier, then id. Ranking
 * every match with ts_rank read the vector of each one: 230 ms for a word in 13,000 of 100,000
 * notes (api/bench/search.ts). In this order each branch is "newest first, stop at the page",
 * which PostgreSQL answers from the (user, created_at, id) index for a common word and from the
 * GIN index for a rare one, in milliseconds either way. Words that hold nothing searchable (a lone
 * "-") make an empty tsquery, which matches no row.
 */
export function searchStatement(q: SearchRowQuery): RawBuilder<SearchRow> {
  const kinds = q.kinds ?? ["note", "summary"];
  const page = q.limit + 1;
  const scope = (alias: string) => sql`
    ${sql.ref(`${alias}.user_id`)} = ${q.userId}
    ${q.domainId === undefined ? sql`` : sql`AND ${sql.ref(`${alias}.domain_id`)} = ${q.domainId}`}
    ${q.range === undefined ? sql`` : sql`AND ${sql.ref(`${alias}.created_at`)} >= ${q.range.start} AND ${sql.ref(`${alias}.created_at`)} < ${q.range.end}`}`;
  /** Within a tier: after the cursor when it points into this tier; nothing when it is past it. */
  const after = (tier: 1 | 2, alias: string) => {
    const c = q.before;
    if (!c || c.tier < tier) return sql``;
    if (c.tier > tier) return sql`AND false`;
    return sql`AND (${sql.ref(`${alias}.created_at`)}, ${sql.ref(`${alias}.id`)}) < (${c.at}::timestamptz, ${c.id}::uuid)`;
  };
  // The query is written into each branch rather than shared through a CTE: as an expression of
  // the bound words PostgreSQL folds it per execution and estimates how many notes it matches
  // (from the column's statistics), which is what makes it choose the index for the order.
  const query = tsquery(q);
  const branches: RawBuilder<unknown>[] = [];
  if (kinds.includes("note")) {
    branches.push(sql`(
      SELECT 1 AS tier, 'note' AS kind, t.id, t.created_at FROM titled t
      WHERE true ${after(1, "t")}
      ORDER BY t.created_at DESC, t.id DESC LIMIT ${page})`);
    branches.push(sql`(
      SELECT 2 AS tier, 'note' AS kind, n.id, n.created_at FROM voice_notes n
      WHERE ${scope("n")} AND n.search_vector @@ ${query} AND NOT (vj_search_words(n.title) @@ ${query}) ${after(2, "n")}
      ORDER BY n.created_at DESC, n.id DESC LIMIT ${page})`);
  }
  if (kinds.includes("summary")) {
    branches.push(sql`(
      SELECT 2 AS tier, 'summary' AS kind, s.id, s.created_at FROM summaries s
      WHERE ${scope("s")} AND s.search_vector @@ ${query} ${after(2, "s")}
      ORDER BY s.created_at DESC, s.id DESC LIMIT ${page})`);
  }
  return sql<SearchRow>`
    WITH ${
      kinds.includes("note")
        ? // Title matches are few: all of them through the title index, then ordered. Left to the
          // planner with the page's ORDER BY and LIMIT, a phrase no title holds walked every note.
          sql`titled AS MATERIALIZED (
            SELECT n.id, n.created_at FROM voice_notes n WHERE ${scope("n")} AND vj_search_words(n.title) @@ ${query}
          ),`
        : sql``
    }
    page AS (
      SELECT h.* FROM (${sql.join(branches, sql` UNION ALL `)}) AS h
      ORDER BY h.tier, h.created_at DESC, h.id DESC
      LIMIT ${page}
    )
    SELECT p.kind, p.id, p.created_at, p.tier,
      to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
      coalesce(n.domain_id, s.domain_id) AS domain_id,
      coalesce(n.title, t.name, 'General Summary') AS title,
      coalesce(n.transcription, s.content) AS body,
      n.duration, s.period, s.period_key
    FROM page p
    LEFT JOIN voice_notes n ON p.kind = 'note' AND n.id = p.id
    LEFT JOIN summaries s ON p.kind = 'summary' AND s.id = p.id
    LEFT JOIN summary_types t ON t.id = s.summary_type_id
    ORDER BY p.tier, p.created_at DESC, p.id DESC`;
}
