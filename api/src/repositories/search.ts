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
  rank: string;
  cursor_at: string;
}

/** The tsquery of the person's words: each a bound parameter of phraseto_tsquery, never syntax. */
function tsquery(q: Pick<SearchRowQuery, "terms" | "prefix" | "match">): RawBuilder<unknown> {
  const parts = q.terms.map((t) => sql`phraseto_tsquery('vj_search', vj_cjk_bigrams(${t}))`);
  if (q.prefix !== null) parts.push(sql`vj_prefix_tsquery(${q.prefix})`);
  if (parts.length === 0) return sql`''::tsquery`;
  return sql.join(parts, q.match === "all" ? sql` && ` : sql` || `);
}

export function searchRepository(db: Kysely<DB>) {
  return {
    /** Whether the words hold anything searchable (a lone "-" or "&" does not). */
    async isSearchable(q: Pick<SearchRowQuery, "terms" | "prefix" | "match">): Promise<boolean> {
      const { rows } = await sql<{ nodes: number }>`SELECT numnode(${tsquery(q)}) AS nodes`.execute(db);
      return (rows[0]?.nodes ?? 0) > 0;
    },

    /**
     * One page of hits, best first: ts_rank (title weighted above transcript), then newer, then
     * id — the order the cursor names, so pages neither repeat nor skip a hit. The ranking reads
     * only ids and vectors; the texts are fetched for the page alone.
     */
    async search(q: SearchRowQuery): Promise<{ rows: SearchRow[]; more: boolean }> {
      const kinds = q.kinds ?? ["note", "summary"];
      const domain = (table: string) => (q.domainId === undefined ? sql`` : sql`AND ${sql.ref(`${table}.domain_id`)} = ${q.domainId}`);
      const range = (table: string) =>
        q.range === undefined
          ? sql``
          : sql`AND ${sql.ref(`${table}.created_at`)} >= ${q.range.start} AND ${sql.ref(`${table}.created_at`)} < ${q.range.end}`;
      const branches: RawBuilder<unknown>[] = [];
      if (kinds.includes("note")) {
        branches.push(sql`
          SELECT 'note' AS kind, n.id, n.created_at, ts_rank(n.search_vector, query.q) AS rank
          FROM voice_notes n, query
          WHERE n.user_id = ${q.userId} ${domain("n")} ${range("n")} AND n.search_vector @@ query.q`);
      }
      if (kinds.includes("summary")) {
        branches.push(sql`
          SELECT 'summary' AS kind, s.id, s.created_at, ts_rank(s.search_vector, query.q) AS rank
          FROM summaries s, query
          WHERE s.user_id = ${q.userId} ${domain("s")} ${range("s")} AND s.search_vector @@ query.q`);
      }
      const after =
        q.before === undefined
          ? sql``
          : sql`WHERE (h.rank, h.created_at, h.id) < (${q.before.rank}::real, ${q.before.at}::timestamptz, ${q.before.id}::uuid)`;
      const { rows } = await sql<SearchRow>`
        WITH query AS (SELECT ${tsquery(q)} AS q),
        page AS (
          SELECT h.* FROM (${sql.join(branches, sql` UNION ALL `)}) AS h
          ${after}
          ORDER BY h.rank DESC, h.created_at DESC, h.id DESC
          LIMIT ${q.limit + 1}
        )
        SELECT p.kind, p.id, p.created_at, p.rank::text AS rank,
          to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
          coalesce(n.domain_id, s.domain_id) AS domain_id,
          coalesce(n.title, t.name, 'General Summary') AS title,
          coalesce(n.transcription, s.content) AS body,
          n.duration, s.period, s.period_key
        FROM page p
        LEFT JOIN voice_notes n ON p.kind = 'note' AND n.id = p.id
        LEFT JOIN summaries s ON p.kind = 'summary' AND s.id = p.id
        LEFT JOIN summary_types t ON t.id = s.summary_type_id
        ORDER BY p.rank DESC, p.created_at DESC, p.id DESC`.execute(db);
      return { rows: rows.slice(0, q.limit), more: rows.length > q.limit };
    },
  };
}
