/**
 * Text helpers for Telegram HTML messages: escaping and cutting under the
 * limits. Telegram counts the limit on the text after entity parsing; counting
 * the raw HTML (always longer) keeps us safely under it.
 */

export const MESSAGE_LIMIT = 4096;
export const CALLBACK_ANSWER_LIMIT = 200;

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** Escapes text for parse_mode HTML. Every value from the service passes through here. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/** Cuts plain text to `limit` UTF-16 units, never splitting a surrogate pair, marking the cut with "…". */
export function cutText(text: string, limit: number = MESSAGE_LIMIT): string {
  if (text.length <= limit) return text;
  let end = Math.max(0, limit - 1);
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  return `${text.slice(0, end)}…`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

const TAG = /<\/?([a-z-]+)(?:\s[^>]*)?>/gi;

/**
 * Cuts Telegram HTML under `limit`: prefers a line break, never cuts inside a tag
 * or an entity (&amp;), never splits a surrogate pair, and closes the tags left open.
 */
export function cutHtml(html: string, limit: number = MESSAGE_LIMIT): string {
  if (html.length <= limit) return html;
  const suffix = "\n…";
  // Room for the suffix and the closing tags of whatever is left open (a few nested tags at most).
  let end = limit - suffix.length - 64;
  const lineBreak = html.lastIndexOf("\n", end);
  if (lineBreak > end * 0.6) end = lineBreak;
  let cut = html.slice(0, end);
  // Inside a tag or an entity? Step back to its start.
  const lastLt = cut.lastIndexOf("<");
  if (lastLt > cut.lastIndexOf(">")) cut = cut.slice(0, lastLt);
  const lastAmp = cut.lastIndexOf("&");
  if (lastAmp > cut.lastIndexOf(";")) cut = cut.slice(0, lastAmp);
  if (cut.length > 0 && isHighSurrogate(cut.charCodeAt(cut.length - 1))) cut = cut.slice(0, -1);
  const open: string[] = [];
  for (const match of cut.matchAll(TAG)) {
    const name = (match[1] ?? "").toLowerCase();
    if (match[0].startsWith("</")) {
      const at = open.lastIndexOf(name);
      if (at >= 0) open.splice(at, 1);
    } else {
      open.push(name);
    }
  }
  const closing = open
    .reverse()
    .map((name) => `</${name}>`)
    .join("");
  return `${cut.trimEnd()}${closing}${suffix}`;
}
