/**
 * Bounds on what a document prints, so one is drawn in bounded time and
 * memory whatever the text (issue 33.3): a pasted log or link in an order's
 * faults once froze the bot for a minute and ran it out of memory, because the
 * layout breaks an over-long word by measuring it again and again. Every value
 * is capped (with a mark that it was cut) and every long word gets invisible
 * break opportunities (U+200B), so each line is found in a few measurements.
 */

/** A field's value: a few lines on A4, more on the roll; the rest is in the CRM. */
export const FIELD_LIMIT = 600;
/** A line of works or parts. */
export const NAME_LIMIT = 200;
/** The terms of repair (a setting or a file): about two A4 pages. */
export const TERMS_LIMIT = 8000;
/** Lines of works and parts printed; the total still counts them all. */
export const ROWS_LIMIT = 300;
/** A run of characters without a break longer than this gets break opportunities. */
const WORD_LIMIT = 20;

const BREAK = "\u200B";
const LONG_WORD = new RegExp(`[^\\s\\u200B]{${WORD_LIMIT + 1},}`, "gu");

/** Long words given break opportunities every WORD_LIMIT characters (never inside a character). */
function breakLongWords(text: string): string {
  return text.replace(LONG_WORD, (word) => {
    const chars = [...word];
    let out = "";
    for (let i = 0; i < chars.length; i += WORD_LIMIT)
      out += (i > 0 ? BREAK : "") + chars.slice(i, i + WORD_LIMIT).join("");
    return out;
  });
}

/**
 * The text as printed: cut to `limit` characters (between characters, at a space near the
 * end when there is one) with `mark` after it when it was longer, long words broken.
 */
export function bounded(text: string, limit: number, mark: string): string {
  const chars = [...text];
  if (chars.length <= limit) return breakLongWords(text);
  let cut = chars.slice(0, limit).join("");
  const space = cut.lastIndexOf(" ");
  if (space > limit * 0.8) cut = cut.slice(0, space);
  return `${breakLongWords(cut.trimEnd())}… ${mark}`;
}
