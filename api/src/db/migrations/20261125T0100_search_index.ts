import { sql, type Kysely } from "kysely";

/**
 * Full-text search (DESIGN §12), the same on PGlite and PostgreSQL. Function bodies name their
 * schema: PostgreSQL 17 builds indexes with a search_path of pg_catalog only.
 *
 * - `vj_search`: the `simple` configuration (no stemming: a journal may be in any language, and
 *   what a person typed is what is matched) with `unaccent` in front, so "cafe" finds "café"
 *   and "café" finds "cafe" — people drop accents when they type fast on a phone.
 * - `vj_cjk_bigrams`: the default parser keeps a run of Japanese, Chinese, Korean or Thai text
 *   ("今日は日記を書いた") as one word, so no part of it could be found. Each such run is written
 *   as its overlapping two-character pairs instead ("今日 日は は日 …") on both the document and
 *   the query side: a substring of two or more characters is then a phrase of pairs, answered by
 *   the same GIN index and ranked with everything else. pg_trgm was the alternative; its index
 *   cannot serve a two-character pattern (no trigram to extract) and it would be a second index
 *   and a second ranking beside the tsvector's.
 * - A weighted `search_vector` per note (title A, transcript B; an error text is not indexed)
 *   and per summary (content B), kept current by triggers on every insert and on every change
 *   of the indexed columns. The columns are added without a default, so no table rewrite; the
 *   GIN indexes are built afterwards, outside the migration's transaction, with
 *   `CREATE INDEX CONCURRENTLY` on PostgreSQL (db/search-indexes.ts), so writes go on.
 */
const CJK = "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\u0e00-\u0e7f]";

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  // The search screen lives at /search: a collection already there moves aside, as "Collections"
  // and "Onboarding" always did (packages/core slug.ts), and stays reachable.
  await run(`UPDATE domains SET slug = 'search-' || left(id::text, 8) WHERE slug = 'search'`);
  await run(`CREATE EXTENSION IF NOT EXISTS unaccent`);
  await run(`CREATE TEXT SEARCH CONFIGURATION vj_search (COPY = simple)`);
  await run(`ALTER TEXT SEARCH CONFIGURATION vj_search ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple`);
  await run(`
    CREATE FUNCTION vj_cjk_bigrams(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
      SELECT coalesce(string_agg(
        CASE WHEN r.m[1] ~ '^${CJK}{2,}$'
          THEN (SELECT string_agg(substr(r.m[1], i, 2), ' ' ORDER BY i) FROM generate_series(1, char_length(r.m[1]) - 1) AS i)
          ELSE r.m[1] END,
        ' ' ORDER BY r.n), '')
      FROM regexp_matches(coalesce(t, ''), '${CJK}+|[^${CJK.slice(1)}+', 'g') WITH ORDINALITY AS r(m, n)
    $fn$`);
  await run(`
    CREATE FUNCTION vj_search_words(t text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
      SELECT to_tsvector('public.vj_search'::regconfig, public.vj_cjk_bigrams(t))
    $fn$`);
  // The word still being typed: its lexemes in order, the last one as a prefix. Built from the
  // lexemes (already folded), never from the typed text, so nothing typed is read as syntax.
  await run(String.raw`
    CREATE FUNCTION vj_prefix_tsquery(t text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
      SELECT coalesce(string_agg(
          '''' || replace(replace(w.lexeme, '\', '\\'), '''', '''''') || '''' || CASE WHEN w.n = w.total THEN ':*' ELSE '' END,
          ' <-> ' ORDER BY w.n)::tsquery, ''::tsquery)
      FROM (
        SELECT lexeme, row_number() OVER (ORDER BY positions[1]) AS n, count(*) OVER () AS total
        FROM unnest(public.vj_search_words(t))
      ) AS w
    $fn$`);
  await run(`
    CREATE FUNCTION vj_note_search_vector(title text, transcription text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
      SELECT setweight(public.vj_search_words(title), 'A') ||
        setweight(public.vj_search_words(CASE WHEN transcription LIKE 'ERROR:%' THEN '' ELSE transcription END), 'B')
    $fn$`);
  await run(`ALTER TABLE voice_notes ADD COLUMN search_vector tsvector`);
  await run(`ALTER TABLE summaries ADD COLUMN search_vector tsvector`);
  await run(`
    CREATE FUNCTION vj_voice_notes_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      NEW.search_vector := public.vj_note_search_vector(NEW.title, NEW.transcription);
      RETURN NEW;
    END
    $fn$`);
  await run(`
    CREATE TRIGGER voice_notes_search_vector BEFORE INSERT OR UPDATE OF title, transcription ON voice_notes
    FOR EACH ROW EXECUTE FUNCTION vj_voice_notes_search_trigger()`);
  await run(`
    CREATE FUNCTION vj_summaries_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      NEW.search_vector := setweight(public.vj_search_words(NEW.content), 'B');
      RETURN NEW;
    END
    $fn$`);
  await run(`
    CREATE TRIGGER summaries_search_vector BEFORE INSERT OR UPDATE OF content ON summaries
    FOR EACH ROW EXECUTE FUNCTION vj_summaries_search_trigger()`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`DROP TRIGGER summaries_search_vector ON summaries`);
  await run(`DROP TRIGGER voice_notes_search_vector ON voice_notes`);
  await run(`DROP FUNCTION vj_summaries_search_trigger()`);
  await run(`DROP FUNCTION vj_voice_notes_search_trigger()`);
  await run(`DROP INDEX IF EXISTS summaries_search_idx`);
  await run(`DROP INDEX IF EXISTS voice_notes_search_idx`);
  await run(`ALTER TABLE summaries DROP COLUMN search_vector`);
  await run(`ALTER TABLE voice_notes DROP COLUMN search_vector`);
  await run(`DROP FUNCTION vj_note_search_vector(text, text)`);
  await run(`DROP FUNCTION vj_prefix_tsquery(text)`);
  await run(`DROP FUNCTION vj_search_words(text)`);
  await run(`DROP FUNCTION vj_cjk_bigrams(text)`);
  await run(`DROP TEXT SEARCH CONFIGURATION vj_search`);
}
