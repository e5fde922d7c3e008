/**
 * A synthetic journal for the search and Ask benchmarks: transcripts of about 150 words drawn
 * from a Zipf-distributed vocabulary of 5,000 words (as speech is: a few words everywhere, most
 * words rare), so a query's cost follows how many notes it matches, as in a real journal.
 */
import type pg from "pg";

const COMMON = (
  "i the and to a of it was that in we my is for on with about today so just be this at had but have " +
  "went then really think some there they out what me all like when would time been after back going"
).split(" ");
const SYLLABLES = "ka lo mi ren sa tor vel an dis pe ru gon li ma ter shi bo nu cal fen".split(" ");
/** 5,000 words: the common ones first, then made-up but pronounceable ones ("kalomi", "rensa"…). */
export const VOCABULARY = [...COMMON];
for (let i = 0; VOCABULARY.length < 5000; i++) {
  let w = "";
  for (let n = i + 1; n > 0; n = Math.floor(n / SYLLABLES.length)) w += SYLLABLES[n % SYLLABLES.length];
  if (w.length > 3 && !VOCABULARY.includes(w)) VOCABULARY.push(w);
}
/** Zipf (s = 1): the cumulative weights for drawing a word by rank. */
const CUMULATIVE: number[] = [];
VOCABULARY.reduce((sum, _, rank) => (CUMULATIVE.push(sum + 1 / (rank + 1)), sum + 1 / (rank + 1)), 0);
const TOTAL = CUMULATIVE.at(-1)!;

export function randomWord(r: number): string {
  const target = r * TOTAL;
  let lo = 0;
  let hi = CUMULATIVE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CUMULATIVE[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return VOCABULARY[lo]!;
}

export function transcript(seed: number): string {
  let x = (seed * 2654435761) >>> 0;
  const next = () => ((x = (x * 1103515245 + 12345) >>> 0), x / 2 ** 32);
  const words = Array.from({ length: 130 + Math.floor(next() * 40) }, () => randomWord(next()));
  return `${words.join(" ")}.`;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Notes number `from` to `to` - 1, ten minutes apart from 2024-01-01, written in batches of 1,000. */
export async function insertNotes(pool: pg.Pool, userId: string, domainId: string, from: number, to: number) {
  const first = Date.UTC(2024, 0, 1);
  for (let start = from; start < to; start += 1000) {
    const idx = Array.from({ length: Math.min(1000, to - start) }, (_, k) => start + k);
    await pool.query(
      `insert into voice_notes (user_id, domain_id, title, transcription, duration, is_transcribed, is_transcribing, created_at)
       select $1::uuid, $2::uuid, t.title, t.text, 60 + (t.i % 600), true, false, $5::timestamptz + make_interval(mins => t.i * 10)
       from unnest($3::int[], $4::text[], $6::text[]) as t(i, text, title)`,
      [userId, domainId, idx, idx.map(transcript), new Date(first), idx.map((i) => `${randomWord((i * 0.618) % 1)} ${randomWord((i * 0.382) % 1)}`)],
    );
    if (start % 20_000 === 0) console.error(`  ${start.toLocaleString("en")} notes…`);
  }
  await pool.query("vacuum analyze voice_notes");
}

