/**
 * The checks Telegram makes on what a bot sends: text length after entity
 * parsing, HTML that Telegram can parse, inline keyboards with 1-64 bytes of
 * callback data. Error descriptions are Telegram's own (an empty keyboard row is
 * refused as a strict Telegram would).
 */
import type { InlineKeyboardMarkup } from "grammy/types";
import { badRequest } from "./errors.ts";

export const TEXT_LIMIT = 4096;
export const CALLBACK_DATA_LIMIT = 64;
export const CALLBACK_ANSWER_LIMIT = 200;

const HTML_TAGS = new Set([
  "b",
  "strong",
  "i",
  "em",
  "u",
  "ins",
  "s",
  "strike",
  "del",
  "a",
  "code",
  "pre",
  "tg-spoiler",
  "span",
  "blockquote",
  "tg-emoji",
]);
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };

/** The text a user sees: what Telegram counts against the 4096 limit. */
export function visibleText(text: string, parseMode: unknown): string {
  if (parseMode !== "HTML") return text;
  const open: string[] = [];
  let out = "";
  const pattern = /<(\/?)([a-z-]+)[^>]*>|&(#?\w+);|[<&]/gi;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    out += text.slice(last, match.index);
    last = match.index + match[0].length;
    const [whole, slash, tag, entity] = match;
    if (tag !== undefined) {
      const name = tag.toLowerCase();
      if (!HTML_TAGS.has(name)) badRequest(`can't parse entities: Unsupported start tag "${name}"`);
      if (slash) {
        if (open.pop() !== name) badRequest(`can't parse entities: Unmatched end tag "${name}"`);
      } else open.push(name);
    } else if (entity !== undefined) {
      const char = entity.startsWith("#") ? String.fromCodePoint(Number(entity.slice(1))) : ENTITIES[entity];
      if (char === undefined) badRequest(`can't parse entities: Unsupported HTML entity "&${entity};"`);
      out += char;
    } else if (whole === "&") {
      out += whole; // Telegram lets a lone ampersand through
    } else {
      badRequest("can't parse entities: Unexpected start tag");
    }
  }
  if (open.length > 0)
    badRequest(`can't parse entities: Can't find end tag corresponding to start tag "${open.at(-1)}"`);
  return out + text.slice(last);
}

export function checkText(text: unknown, parseMode: unknown): string {
  if (typeof text !== "string") badRequest("message text is empty");
  const visible = visibleText(text, parseMode);
  if (visible.trim() === "") badRequest("message text is empty");
  // Telegram counts UTF-16 code units.
  if (visible.length > TEXT_LIMIT) badRequest("message is too long");
  return text;
}

/** Returns the keyboard as stored (undefined for none or an empty one). */
export function checkMarkup(markup: unknown): InlineKeyboardMarkup | undefined {
  if (markup === undefined || markup === null) return undefined;
  const parsed: unknown = typeof markup === "string" ? JSON.parse(markup) : markup;
  // A reply keyboard (e.g. a contact request) or its removal: checked, and kept by the call only.
  if (isReplyKeyboard(parsed)) return undefined;
  if (!isKeyboard(parsed)) badRequest("can't parse reply keyboard markup JSON object");
  for (const row of parsed.inline_keyboard) {
    // grammY's InlineKeyboard starts with an empty row and row() always adds one: a strict
    // Telegram refuses it, so every test guards against it.
    if (row.length === 0) badRequest("inline keyboard row is empty");
    for (const button of row) {
      if (!button.text) badRequest("text buttons are unallowed in the inline keyboard");
      if ("callback_data" in button) {
        const bytes = Buffer.byteLength(button.callback_data);
        if (bytes < 1 || bytes > CALLBACK_DATA_LIMIT) badRequest("BUTTON_DATA_INVALID");
      }
    }
  }
  return parsed.inline_keyboard.length > 0 ? parsed : undefined;
}

function isReplyKeyboard(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  if ("remove_keyboard" in value) {
    if (value.remove_keyboard !== true) badRequest("can't parse reply keyboard markup JSON object");
    return true;
  }
  // ForceReply: the user's client opens a reply to the message.
  if ("force_reply" in value) {
    if (value.force_reply !== true) badRequest("can't parse reply keyboard markup JSON object");
    return true;
  }
  if (!("keyboard" in value)) return false;
  const rows = value.keyboard;
  if (!Array.isArray(rows) || rows.length === 0 || !rows.every((row) => Array.isArray(row) && row.length > 0))
    badRequest("can't parse reply keyboard markup JSON object");
  for (const button of rows.flat() as unknown[]) {
    const text = typeof button === "string" ? button : (button as { text?: unknown }).text;
    if (typeof text !== "string" || text === "") badRequest("keyboard button text is empty");
  }
  return true;
}

function isKeyboard(value: unknown): value is InlineKeyboardMarkup {
  if (typeof value !== "object" || value === null || !("inline_keyboard" in value)) return false;
  const rows = value.inline_keyboard;
  return Array.isArray(rows) && rows.every((row) => Array.isArray(row));
}

export function sameMarkup(
  a: InlineKeyboardMarkup | undefined,
  b: InlineKeyboardMarkup | undefined,
): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
