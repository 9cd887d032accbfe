/** Sending and editing helpers that know Telegram's answers. */

import type { Context } from "grammy";
import { GrammyError } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";

function isNotModified(error: unknown): boolean {
  return error instanceof GrammyError && error.description.includes("message is not modified");
}

/**
 * Edits the message the pressed button belongs to (chat or inline message).
 * Returns "same" when Telegram says nothing changed — a normal outcome of
 * "refresh", not an error.
 */
export async function editOrSame(
  ctx: Context,
  html: string,
  replyMarkup?: InlineKeyboardMarkup,
): Promise<"edited" | "same"> {
  try {
    await ctx.editMessageText(html, {
      reply_markup: replyMarkup,
    });
    return "edited";
  } catch (error) {
    if (isNotModified(error)) return "same";
    throw error;
  }
}

/** Plain text for places without HTML (callback answers, inline descriptions). */
export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}
