/** Finding a button as a user would: by its text (or a pattern of it), or by its callback data. */
import type { InlineKeyboardMarkup } from "grammy/types";
import type { ChatMessage } from "./chats.ts";

export type ButtonQuery = string | RegExp;

/** Button texts of a message, row by row flattened. */
export function buttonTexts(message: { replyMarkup?: InlineKeyboardMarkup } | undefined): string[] {
  return message?.replyMarkup?.inline_keyboard.flat().map((b) => b.text) ?? [];
}

/** The callback data of the first button of `markup` that matches. */
export function buttonData(
  markup: InlineKeyboardMarkup | undefined,
  wanted: ButtonQuery,
): string | undefined {
  for (const button of markup?.inline_keyboard.flat() ?? []) {
    if (!("callback_data" in button)) continue;
    const hit =
      typeof wanted === "string"
        ? button.text === wanted || button.callback_data === wanted
        : wanted.test(button.text);
    if (hit) return button.callback_data;
  }
  return undefined;
}

/** The newest of `messages` (oldest first) with a matching button; the error names the last keyboard seen. */
export function findButton(
  messages: readonly ChatMessage[],
  wanted: ButtonQuery,
  chat: string,
): { message: ChatMessage; data: string } {
  for (const message of [...messages].reverse()) {
    const data = buttonData(message.replyMarkup, wanted);
    if (data !== undefined) return { message, data };
  }
  const last = messages.findLast((m) => m.replyMarkup);
  throw new Error(
    `No button ${String(wanted)} in ${chat}; the last keyboard has: ${buttonTexts(last).join(" | ")}`,
  );
}
