/**
 * How the mirror reads numbers, phones and words: one normalization for what
 * is indexed and what is asked, so `A-1042`, `а001042` and `#1042` all find
 * `А001042`, and `8 (912) 345-67-89` finds `+79123456789`.
 */

import { foldLookAlikes } from "../service/index.ts";

/** Lower case, look-alike Cyrillic letters as Latin ones: the client's fold (order numbers are typed both ways). */
export { foldLookAlikes };

/** Words for the full-text index and queries: lower case, ё as е. */
export function foldWords(text: string): string {
  return text.toLowerCase().replaceAll("ё", "е");
}

interface NumberKey {
  /** Folded letters before the digits ("" when none were given). */
  prefix: string;
  /** The numeric part without leading zeros. */
  num: number;
}

const SEPARATORS = /[\s#№._/\\\-‐–—]+/g;
const NUMBER_SHAPE = /^([\p{L}]{0,4})0*(\d{1,9})$/u;

/** `А001042`, `a-1042`, `#1042`, `1042` -> {prefix, num}; undefined when the text is no order number. */
export function parseNumberKey(text: string): NumberKey | undefined {
  const compact = foldLookAlikes(text.trim()).replace(SEPARATORS, "");
  const match = NUMBER_SHAPE.exec(compact);
  if (!match) return undefined;
  const num = Number(match[2]);
  if (!Number.isSafeInteger(num)) return undefined;
  return { prefix: match[1] ?? "", num };
}

/** The key an order number is stored under: folded prefix and the number without zeros ("a1042"). */
export function numberKey(number: string): string | undefined {
  const key = parseNumberKey(number);
  return key ? `${key.prefix}${key.num}` : undefined;
}

/** The shortest digit run that a phone search accepts (the last 4 digits find it: docs/decisions.md). */
export const MIN_PHONE_DIGITS = 4;

/**
 * Suffixes of at least MIN_PHONE_DIGITS characters: indexed as words, a prefix
 * query over them is a substring match ("4567" finds "79123454567").
 */
export function suffixes(value: string, min = MIN_PHONE_DIGITS): string[] {
  const out: string[] = [];
  for (let start = 0; start + min <= value.length; start++) out.push(value.slice(start));
  return out;
}
