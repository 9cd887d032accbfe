/**
 * Keyboards as Telegram wants them. grammY's InlineKeyboard starts with an
 * empty row and `row()` always opens a new one, so a builder that ends rows
 * unconditionally leaves `[]` rows behind; a strict Telegram refuses those.
 */
import { InlineKeyboard } from "grammy";

/** The same buttons without empty rows (an empty keyboard when nothing is left). */
export function tidyKeyboard(keyboard: InlineKeyboard): InlineKeyboard {
  return new InlineKeyboard(keyboard.inline_keyboard.filter((row) => row.length > 0));
}

/** One inline button, as Telegram takes it (the write core's replies carry these without knowing grammY). */
export type InlineButton = InlineKeyboard["inline_keyboard"][number][number];
