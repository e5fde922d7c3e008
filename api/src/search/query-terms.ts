/**
 * What a person typed, read as words and phrases — never as query syntax (DESIGN §12). Every
 * character is text: `& | ! ( ) : * ' \ < >` are passed to PostgreSQL as bound parameters of
 * phraseto_tsquery, which only splits text into words. Double quotes are the one thing read:
 * a balanced pair makes a phrase; an unpaired quote is ignored.
 */
export interface QueryTerms {
  /** Each must match: a word (or the pieces of one, e.g. "e-mail") or a quoted phrase. */
  terms: string[];
  /** The last bare word, matched as a prefix (results as the person types), if any. */
  prefix: string | null;
}

export function parseQueryTerms(text: string): QueryTerms {
  const terms: string[] = [];
  const bare: string[] = [];
  let rest = "";
  let last = 0;
  for (const m of text.matchAll(/"([^"]*)"/g)) {
    rest += `${text.slice(last, m.index)} `;
    const phrase = m[1]!.trim();
    if (phrase) terms.push(phrase);
    last = m.index + m[0].length;
  }
  const tail = text.slice(last);
  rest += tail.replace(/"/g, " ");
  bare.push(...rest.split(/\s+/).filter(Boolean));
  // Only a bare word at the very end is still being typed; after a closing quote it is not.
  const endsWithBare = bare.length > 0 && !/"\s*$/.test(text) && tail.trim() !== "";
  const prefix = endsWithBare ? bare.pop()! : null;
  return { terms: [...terms, ...bare], prefix };
}

/** The words a hit's snippet marks: every word of every term, accents and case folded. */
export function highlightWords(query: QueryTerms): { words: string[]; prefix: string | null } {
  const words = query.terms.flatMap(wordsOf);
  const prefixWords = query.prefix === null ? [] : wordsOf(query.prefix);
  const prefix = prefixWords.pop() ?? null;
  return { words: [...words, ...prefixWords], prefix };
}

export function wordsOf(text: string): string[] {
  return [...text.matchAll(WORD)].map((m) => fold(m[0]));
}

/** A word as the search configuration sees it: letters and digits, accents and case folded. */
export const WORD = /[\p{L}\p{N}]+/gu;

/** Scripts written without spaces (the migration's vj_cjk_bigrams): matched as substrings. */
export const UNSPACED = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\u0e00-\u0e7f]/u;

/** Accents and case folded, as unaccent does; kana and hangul kept whole (their marks are letters). */
export function fold(word: string): string {
  if (UNSPACED.test(word)) return word.toLowerCase();
  return word.normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC").toLowerCase();
}
