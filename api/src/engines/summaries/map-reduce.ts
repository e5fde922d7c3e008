import { header, renderNote, type SourceKind } from "./prompt.js";
import { SummaryError, type SummaryNote, type SummaryRequest } from "./types.js";

/**
 * Token estimate: about 4 characters per token for English text with
 * OpenAI's tokenizers, but far fewer for other scripts (a CJK character is
 * about one token, Cyrillic about two characters per token), so characters
 * outside ASCII count a third of a token per UTF-8 byte. It errs high, which
 * is the safe side for a budget; no tokenizer is bundled for one number.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(prefixCost(text, Infinity).tokens);
}

/** Tokens of `text`, or of its longest prefix (whole code points) that fits `maxTokens`, and that prefix's length. */
function prefixCost(text: string, maxTokens: number): { tokens: number; length: number } {
  let tokens = 0;
  let length = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const cost = code < 0x80 ? 1 / 4 : (code < 0x800 ? 2 : code < 0x10000 ? 3 : 4) / 3;
    if (Math.ceil(tokens + cost) > maxTokens) break;
    tokens += cost;
    length += ch.length;
  }
  return { tokens, length };
}

/** gpt-4o-mini's context window, the default SUMMARY_MODEL. */
export const DEFAULT_CONTEXT_TOKENS = 128_000;

/**
 * How many tokens of notes one request may carry: the context less room for
 * the instructions and the answer (≤ 400 words ≈ 550 tokens, plus JSON).
 */
export function notesBudget(contextTokens: number): number {
  const reserve = Math.min(8_192, Math.floor(contextTokens / 4));
  return Math.max(1, contextTokens - reserve);
}

/** The size a note takes in a request, header included. */
export function noteTokens(note: SummaryNote): number {
  return estimateTokens(renderNote(note, 999));
}

export function totalTokens(notes: SummaryNote[]): number {
  return notes.reduce((sum, n) => sum + noteTokens(n), 0);
}

/**
 * Packs notes, in order, into chunks that each fit the budget. Every note
 * lands in exactly one chunk; a note too long for any chunk is split into
 * parts ("(part 2 of 3)") at sentence or word boundaries, each its own chunk,
 * so no text is ever cut away.
 */
export function chunkNotes(notes: SummaryNote[], budget: number): SummaryNote[][] {
  const chunks: SummaryNote[][] = [];
  let current: SummaryNote[] = [];
  let used = 0;
  const flush = () => {
    if (current.length > 0) chunks.push(current);
    current = [];
    used = 0;
  };
  for (const note of notes) {
    const size = noteTokens(note);
    if (size > budget) {
      flush();
      for (const part of splitNote(note, budget)) chunks.push([part]);
      continue;
    }
    if (used + size > budget) flush();
    current.push(note);
    used += size;
  }
  flush();
  return chunks;
}

/** Splits one note's text into parts that each fit the budget with their header. */
export function splitNote(note: SummaryNote, budget: number): SummaryNote[] {
  // Header of the longest title the parts will carry ("(part 999 of 999)").
  const headerTokens = noteTokens({ ...note, title: `${note.title} (part 999 of 999)`, text: "" });
  const maxTokens = Math.max(4, budget - headerTokens);
  const pieces: string[] = [];
  let rest = note.text.trim();
  while (estimateTokens(rest) > maxTokens) {
    // Whole code points only: an emoji cut in half reaches the model as garbage.
    const limit = prefixCost(rest, maxTokens).length || String.fromCodePoint(rest.codePointAt(0)!).length;
    const window = rest.slice(0, limit);
    // Prefer the end of a sentence, then a space; a single giant "word" is cut where it must be.
    // "。！？" end sentences without a following space (Chinese, Japanese).
    const sentenceEnd = Math.max(...[". ", "! ", "? ", "。", "！", "？"].map((end) => window.lastIndexOf(end)));
    const space = window.lastIndexOf(" ");
    const cut = sentenceEnd > limit / 2 ? sentenceEnd + 1 : space > 0 ? space : limit;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest.length > 0) pieces.push(rest);
  return pieces.map((text, i) => ({ ...note, title: `${note.title} (part ${i + 1} of ${pieces.length})`, text }));
}

export interface MapReduceSteps<T> {
  /** One request over notes (or partial summaries) that fit the budget: the final answer. */
  final(request: SummaryRequest, source: SourceKind): Promise<T>;
  /** The map step: a partial summary (Markdown) of one chunk. */
  partial(request: SummaryRequest, chunk: SummaryNote[], index: number, count: number): Promise<string>;
}

/** Rounds of partial summaries before giving up: each round shrinks the text many times over. */
const MAX_ROUNDS = 4;
const MAP_CONCURRENCY = 3;
/** "Target length: …", "Notes (12):", "Notes of part 2 of 5:" and the like around the notes. */
const LABEL_TOKENS = 32;

/**
 * Answers in one request when the notes fit the budget; otherwise summarises
 * chunks (map) and answers from the partial summaries (reduce), repeating
 * when even the partial summaries do not fit. Fails loudly rather than
 * dropping text.
 */
export async function mapReduce<T>(request: SummaryRequest, notesBudget: number, steps: MapReduceSteps<T>): Promise<T> {
  // Every request repeats the question (a custom type's prompt may be thousands of characters) and
  // a few labels ("Notes of part 2 of 5:", separators): what they take is not there for notes.
  const budget = notesBudget - estimateTokens(header(request)) - LABEL_TOKENS - request.notes.length;
  if (budget < notesBudget / 4) {
    throw new SummaryError("The summary type's prompt is too long for the model's context; please shorten it", false);
  }
  let notes = request.notes;
  let source: SourceKind = "notes";
  for (let round = 0; totalTokens(notes) > budget; round++) {
    if (round >= MAX_ROUNDS) {
      throw new SummaryError("The notes are too long to summarise within the model's context, even in parts", false);
    }
    const chunks = chunkNotes(notes, budget);
    const texts = await mapInOrder(chunks, MAP_CONCURRENCY, (chunk, i) =>
      steps.partial({ ...request, notes }, chunk, i, chunks.length),
    );
    const partials = chunks.map((chunk, i) => partialNote(chunk, texts[i] ?? "", i, chunks.length));
    if (totalTokens(partials) >= totalTokens(notes)) {
      throw new SummaryError("The partial summaries came back no shorter than the notes; cannot combine them", false);
    }
    notes = partials;
    source = "partials";
  }
  return steps.final({ ...request, notes }, source);
}

function partialNote(chunk: SummaryNote[], text: string, index: number, count: number): SummaryNote {
  const first = chunk[0]!;
  const last = chunk[chunk.length - 1]!;
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const span = day(first.createdAt) === day(last.createdAt) ? day(first.createdAt) : `${day(first.createdAt)} to ${day(last.createdAt)}`;
  return {
    title: `Part ${index + 1} of ${count}: ${chunk.length} note${chunk.length === 1 ? "" : "s"}, ${span}`,
    createdAt: first.createdAt,
    durationSeconds: chunk.reduce((s, n) => s + n.durationSeconds, 0),
    text,
  };
}

async function mapInOrder<I, O>(items: I[], concurrency: number, fn: (item: I, index: number) => Promise<O>): Promise<O[]> {
  const out = new Array<O>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return out;
}
