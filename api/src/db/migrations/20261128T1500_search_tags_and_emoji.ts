import { sql, type Kysely } from "kysely";

/**
 * Two things the search configuration (20261125T0100_search_index) could not find:
 *
 * - Words written inside `<…>` ("call <mum>"): PostgreSQL's default parser reads `<mum>` as an
 *   XML tag, and `&amp;` as an entity, token types that no dictionary maps, so they were dropped.
 *   `<`, `>` and `&` are now read as spaces, so what they enclose is a word like any other.
 * - Emoji: the parser counts them as blanks. Each emoji code point is now written as a word of its
 *   own (`vjemoji` and its hex code), so "🎉" finds 🎉. Joiners and presentation selectors
 *   (U+200D, U+FE0E, U+FE0F, tag characters) are read as spaces: "☕" finds "☕️", and a person or
 *   a family is the phrase of its parts, so "👍" finds "👍🏽" while "👍🏽" finds that tone only.
 *
 * Both happen in vj_cjk_bigrams, which the indexed text (vj_search_words) and the query
 * (phraseto_tsquery, vj_prefix_tsquery) already pass through, so both sides see the same words.
 * Rows whose text holds any of these characters are indexed again (their other indexes follow,
 * as the update writes a new row version).
 */
const CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\u0e00-\u0e7f";
const EMOJI = "\u2300-\u23ff\u2600-\u27bf\u2b00-\u2bff\u{1f000}-\u{1faff}";
const AS_SPACE = "<>&\u200d\ufe0e\ufe0f\u20e3\u{e0020}-\u{e007f}";

function bigramsFunction(opts: { emoji: boolean; asSpace: string | null }): string {
  const source = opts.asSpace ? `regexp_replace(coalesce(t, ''), '[${opts.asSpace}]', ' ', 'g')` : `coalesce(t, '')`;
  const pattern = opts.emoji ? `[${CJK}]+|[${EMOJI}]|[^${CJK}${EMOJI}]+` : `[${CJK}]+|[^${CJK}]+`;
  const emojiCase = opts.emoji ? `WHEN r.m[1] ~ '^[${EMOJI}]$' THEN ' vjemoji' || to_hex(ascii(r.m[1])) || ' '` : "";
  return `
    CREATE OR REPLACE FUNCTION vj_cjk_bigrams(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
      SELECT coalesce(string_agg(
        CASE WHEN r.m[1] ~ '^[${CJK}]{2,}$'
          THEN (SELECT string_agg(substr(r.m[1], i, 2), ' ' ORDER BY i) FROM generate_series(1, char_length(r.m[1]) - 1) AS i)
          ${emojiCase}
          ELSE r.m[1] END,
        ' ' ORDER BY r.n), '')
      FROM regexp_matches(${source}, '${pattern}', 'g') WITH ORDINALITY AS r(m, n)
    $fn$`;
}

/** Indexes again the notes and summaries whose text holds a character the change reads anew. */
async function reindexAffected(db: Kysely<unknown>): Promise<void> {
  const affected = `'[<>&${EMOJI}]'`;
  await sql
    .raw(
      `UPDATE voice_notes SET search_vector = vj_note_search_vector(title, transcription)
       WHERE title ~ ${affected} OR transcription ~ ${affected}`,
    )
    .execute(db);
  await sql
    .raw(`UPDATE summaries SET search_vector = setweight(vj_search_words(content), 'B') WHERE content ~ ${affected}`)
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(bigramsFunction({ emoji: true, asSpace: AS_SPACE })).execute(db);
  await reindexAffected(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(bigramsFunction({ emoji: false, asSpace: null })).execute(db);
  await reindexAffected(db);
}
