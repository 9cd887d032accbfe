/**
 * The order number a card message shows, read back from its text, so a card
 * button that only needs the number (💬 Comment) costs no request. The title
 * line is found in any of our locales (the card may predate a /language
 * switch) and wherever it is: an assignment puts "✅ Master assigned" above it.
 */
import type { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";
import { LOCALES } from "../i18n.ts";
import { stripHtml } from "./messages.ts";

const MARK = "\u0000";

/** `text` is the message's plain text, as a callback query carries it. */
export function numberFromCard(text: string | undefined, i18n: I18n<Context>): string | undefined {
  if (!text) return undefined;
  const shapes = LOCALES.map((locale) =>
    stripHtml(i18n.t(locale, "card-title", { number: MARK })).split(MARK),
  )
    // A title that is the bare number would match any line: not a shape to read.
    .filter(([before = "", after = ""]) => (before + after).trim() !== "");
  for (const line of text.split("\n")) {
    for (const [before = "", after = ""] of shapes) {
      if (line.length <= before.length + after.length) continue;
      if (!line.startsWith(before) || !line.endsWith(after)) continue;
      const number = line.slice(before.length, line.length - after.length).trim();
      if (number) return number;
    }
  }
  return undefined;
}
