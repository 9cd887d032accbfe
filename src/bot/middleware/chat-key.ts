import type { Context } from "grammy";

/**
 * The key of an update's chat, for everything kept per chat (the order of its
 * updates, its lock, its last update, its dialog and prompt); undefined for
 * updates without a chat (inline queries): nothing per chat to protect.
 */
export function chatKey(ctx: Context): string | undefined {
  return ctx.chat?.id === undefined ? undefined : String(ctx.chat.id);
}
