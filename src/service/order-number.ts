/**
 * Order numbers as people type them and as workshops write them: a prefix of
 * letters and zero-padded digits (`А001042`, `A023222`, older `А-001042`). The
 * Cyrillic capitals that look like Latin ones are the same key on a receipt,
 * and a separator is optional, so comparisons go through `foldOrderNumber`.
 */

/**
 * Cyrillic letters that look like Latin ones (ё as е), folded to the Latin. The one
 * table for every fold: the client's result checks, the bot and the mirror's index.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
};
/** Separators people put between prefix and digits (hyphens, dashes, spaces, slashes, dots). */
const SEPARATORS = /[\s\-‐‑‒–—_/.]/gu;

/** Lower case, look-alike Cyrillic letters as Latin ones ("А-001042" -> "a-001042"). */
export function foldLookAlikes(text: string): string {
  let out = "";
  for (const ch of text.toLowerCase()) out += LOOK_ALIKES[ch] ?? ch;
  return out;
}

/** The comparable form: upper case, look-alikes as Latin, no separators ("а-001042" -> "A001042"). */
export function foldOrderNumber(text: string): string {
  return foldLookAlikes(text.replace(SEPARATORS, "")).toUpperCase();
}

/** The numeric part of a textual number (its last run of digits), e.g. 1042 of "А001042". */
export function numberDigits(text: string): number | undefined {
  const digits = /(\d+)\D*$/u.exec(text)?.[1];
  if (digits === undefined) return undefined;
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : undefined;
}
