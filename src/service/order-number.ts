/**
 * Order numbers as people type them and as workshops write them: a prefix of
 * letters and zero-padded digits (`А001042`, `A023222`, older `А-001042`). The
 * Cyrillic capitals that look like Latin ones are the same key on a receipt,
 * and a separator is optional, so comparisons go through `foldOrderNumber`.
 */

/** Cyrillic letters that look like Latin ones, folded to the Latin. */
const LOOKALIKES: Readonly<Record<string, string>> = {
  А: "A",
  В: "B",
  Е: "E",
  К: "K",
  М: "M",
  Н: "H",
  О: "O",
  Р: "P",
  С: "C",
  Т: "T",
  Х: "X",
};
const LOOKALIKE = /[АВЕКМНОРСТХ]/gu;
/** Separators people put between prefix and digits (hyphens, dashes, spaces, slashes, dots). */
const SEPARATORS = /[\s\-‐‑‒–—_/.]/gu;

/** The comparable form: upper case, look-alikes as Latin, no separators ("а-001042" -> "A001042"). */
export function foldOrderNumber(text: string): string {
  return text
    .toUpperCase()
    .replace(SEPARATORS, "")
    .replace(LOOKALIKE, (letter) => LOOKALIKES[letter] ?? letter);
}

/** The numeric part of a textual number (its last run of digits), e.g. 1042 of "А001042". */
export function numberDigits(text: string): number | undefined {
  const digits = /(\d+)\D*$/u.exec(text)?.[1];
  if (digits === undefined) return undefined;
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : undefined;
}
