/**
 * A search that found nothing is tried once more with each long word's
 * one-letter typos (issue 32.16: `Смирнва` finds `Смирнова`): the indexed
 * words that start with the same two letters and are one edit away (a letter
 * missing, extra, wrong, or two neighbours swapped), read from the full-text
 * index's own vocabulary (fts5vocab: no table of ours to keep). Only when the
 * plain search found nothing, so a search that finds costs no more.
 */
import { foldWords } from "./text.ts";

/** Shorter words are left as typed: one letter off a short word is another word. */
const MIN_FUZZY_LENGTH = 5;
/** Alternatives per word at most (a common stem with many endings). */
const MAX_ALTERNATIVES = 20;

/** The vocabulary tables over the word indexes (created on open, idempotent: db-open.ts). */
export const VOCABULARY = `
CREATE VIRTUAL TABLE IF NOT EXISTS orders_vocab USING fts5vocab(orders_fts, row);
CREATE VIRTUAL TABLE IF NOT EXISTS clients_vocab USING fts5vocab(clients_fts, row);
`;

export interface VocabularyReader {
  /** Indexed words in [from, to), of length between min and max. */
  terms(from: string, to: string, min: number, max: number): string[];
}

/** Whether `a` and `b` are at most one edit apart (insertion, deletion, substitution, adjacent swap). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
    return swapped || a.slice(i + 1) === b.slice(i + 1);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

const quote = (word: string): string => `"${word.replaceAll('"', '""')}"`;

/**
 * The full-text expression of `text` with each word of MIN_FUZZY_LENGTH letters or more
 * widened to the indexed words one edit away; undefined when no word has any (nothing to retry).
 */
export function fuzzyExpression(text: string, vocabulary: VocabularyReader): string | undefined {
  const words = foldWords(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  let widened = false;
  const parts = words.map((word) => {
    if (word.length < MIN_FUZZY_LENGTH || !/^\p{L}+$/u.test(word)) return `${quote(word)}*`;
    // The words sharing the first two letters: a narrow range of the index (a whole letter's
    // range holds every order number starting with it), and where a typo rarely is.
    const head = word.slice(0, 2);
    const next = head.slice(0, -1) + String.fromCodePoint((head.codePointAt(1) ?? 0) + 1);
    const near = vocabulary
      .terms(head, next, word.length - 1, word.length + 1)
      .filter((term) => term !== word && oneEditApart(word, term))
      .slice(0, MAX_ALTERNATIVES);
    if (near.length === 0) return `${quote(word)}*`;
    widened = true;
    return `(${[`${quote(word)}*`, ...near.map(quote)].join(" OR ")})`;
  });
  return widened ? parts.join(" AND ") : undefined;
}
