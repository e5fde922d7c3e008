import { createRequire } from "node:module";
import type winkNLP from "wink-nlp";
import type { ItemSentence, ItemToken, ItsFunction, WinkMethods } from "wink-nlp";

// Required on first use rather than imported: the model costs ~0.2-0.3 s to load, which every
// start would pay even when no summary is ever asked for, or the openai engine writes them.
const require = createRequire(import.meta.url);

export interface Token {
  /** As written (for display). */
  text: string;
  /** Lower-cased base form, e.g. "meetings" -> "meeting". */
  lemma: string;
  pos: string;
  stop: boolean;
}

export interface Sentence {
  text: string;
  tokens: Token[];
}

let nlp: WinkMethods | undefined;
/** The model takes ~0.3 s to load; loaded on first use, once per process. */
function engine(): WinkMethods {
  nlp ??= (require("wink-nlp") as typeof winkNLP)(require("wink-eng-lite-web-model"));
  return nlp;
}

/** Speech often runs on without full stops (pocketsphinx emits none): long sentences are cut into readable pieces. */
const MAX_SENTENCE_WORDS = 40;
const PIECE_WORDS = 25;

export function sentencesOf(text: string): Sentence[] {
  const nlp = engine();
  const its = nlp.its;
  const out: Sentence[] = [];
  nlp.readDoc(text).sentences().each((s: ItemSentence) => {
    const tokens: Token[] = [];
    s.tokens().each((t: ItemToken) => {
      if (t.out(its.type) !== "word") return;
      tokens.push({
        text: t.out(),
        lemma: String(t.out(its.lemma as ItsFunction<string>)).toLowerCase(),
        pos: t.out(its.pos),
        stop: t.out(its.stopWordFlag) === true,
      });
    });
    const sentence = { text: s.out().trim().replace(/\s+/g, " "), tokens };
    if (sentence.text) out.push(...cutLong(sentence));
  });
  return out;
}

function cutLong(sentence: Sentence): Sentence[] {
  const words = sentence.text.split(" ");
  if (words.length <= MAX_SENTENCE_WORDS) return [sentence];
  const pieces: Sentence[] = [];
  let tokenIndex = 0;
  for (let start = 0; start < words.length; start += PIECE_WORDS) {
    // A short tail joins the previous piece rather than standing alone.
    const end = words.length - (start + PIECE_WORDS) < 8 ? words.length : start + PIECE_WORDS;
    const pieceWords = words.slice(start, end);
    const share = Math.round((sentence.tokens.length * pieceWords.length) / words.length);
    const text = `${start > 0 ? "…" : ""}${pieceWords.join(" ")}${end < words.length ? "…" : ""}`;
    pieces.push({ text, tokens: sentence.tokens.slice(tokenIndex, tokenIndex + share) });
    tokenIndex += share;
    if (end === words.length) break;
  }
  return pieces;
}

const CONTENT_POS = new Set(["NOUN", "PROPN", "VERB", "ADJ"]);
/** Words every journal entry is full of; they never make a theme or a key sentence. */
const FILLER = new Set([
  "today", "yesterday", "tomorrow", "tonight", "day", "time", "thing", "lot", "bit", "way", "kind", "sort",
  "stuff", "something", "anything", "everything", "nothing", "week", "month", "year", "be", "have", "do", "get",
  "go", "make", "say", "know", "think", "feel", "want", "need", "really", "just", "also", "like", "okay", "yeah",
  "um", "uh", "gonna", "let", "come", "take", "see", "good", "great", "little", "much", "many", "new", "other",
  "hour", "minute", "second", "percent", "part", "number", "people", "person", "place", "end", "start",
]);

/** The words that carry meaning in a sentence, as lemmas. */
export function contentLemmas(sentence: Sentence): string[] {
  return sentence.tokens
    .filter((t) => !t.stop && CONTENT_POS.has(t.pos) && t.lemma.length > 2 && !FILLER.has(t.lemma) && /[a-z]/.test(t.lemma))
    .map((t) => t.lemma);
}

const NOUNISH = new Set(["NOUN", "PROPN"]);
const isThemeWord = (t: Token) =>
  !t.stop && t.lemma.length > 2 && !FILLER.has(t.lemma) && /^[a-z][a-z'-]*$/.test(t.lemma);

/**
 * 3–6 theme labels from text: the most frequent nouns and two-word noun
 * phrases ("project deadline"), favouring those that recur across several
 * notes. Fewer than three only when the text names fewer things.
 */
export function extractThemes(texts: string[], max = 6, min = 3): string[] {
  const stats = new Map<string, { count: number; docs: Set<number>; words: string[]; forms: Map<string, number> }>();
  const bump = (key: string, words: string[], form: string, doc: number) => {
    const s = stats.get(key) ?? { count: 0, docs: new Set<number>(), words, forms: new Map<string, number>() };
    s.count += 1;
    s.docs.add(doc);
    s.forms.set(form, (s.forms.get(form) ?? 0) + 1);
    stats.set(key, s);
  };
  texts.forEach((text, doc) => {
    for (const sentence of sentencesOf(text)) {
      const toks = sentence.tokens;
      toks.forEach((t, i) => {
        if (!NOUNISH.has(t.pos) || !isThemeWord(t)) return;
        const form = t.text.toLowerCase();
        bump(t.lemma, [t.lemma], form, doc);
        const prev = toks[i - 1];
        if (prev && isThemeWord(prev) && (NOUNISH.has(prev.pos) || prev.pos === "ADJ")) {
          const first = prev.text.toLowerCase();
          bump(`${first} ${t.lemma}`, [prev.lemma, t.lemma], `${first} ${form}`, doc);
        }
      });
    }
  });
  const scored = [...stats.values()]
    .map((s) => ({
      // Shown as most often written: "statistics", not the lemma "statistic".
      label: [...s.forms].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0],
      words: s.words,
      count: s.count,
      // Recurrence across notes is what makes a theme; a phrase that recurs beats its single words.
      score: s.count + s.docs.size + (s.words.length > 1 && s.count > 1 ? 2 * s.count : 0),
    }))
    .sort((a, b) => b.score - a.score || b.count - a.count || a.label.localeCompare(b.label));

  const chosen: typeof scored = [];
  const used = new Set<string>();
  const take = (requireRecurring: boolean) => {
    for (const c of scored) {
      if (chosen.length >= max) return;
      if (chosen.includes(c) || (requireRecurring && c.count < 2)) continue;
      if (c.words.some((w) => used.has(w))) continue;
      chosen.push(c);
      c.words.forEach((w) => used.add(w));
    }
  };
  take(true);
  if (chosen.length < min) take(false);
  return chosen.map((c) => capitalise(c.label));
}

function capitalise(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}
