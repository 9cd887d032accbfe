/**
 * The client's acceptance of the terms of repair (issue 36.4), as the CRM keeps it:
 * the order's comment written when the client pressed "✅ I accept the terms" under
 * their receipt in Telegram (features/client-receipt). The comment is what survives
 * (a reinstalled bot, another instance, the CRM's own page), so a reprint of the
 * receipt and the act read it back from the order's comments, by the phrase the
 * comment carries in either document language.
 */
import type { Order } from "../../service/index.ts";

/** The first comment of the order holding one of the acceptance phrases (its whole text: who, phone, when). */
export function acceptanceOf(order: Order, phrases: readonly string[]): string | undefined {
  const wanted = phrases.map((p) => p.trim()).filter(Boolean);
  if (wanted.length === 0) return undefined;
  return (order.comments ?? [])
    .map((c) => c.text?.trim())
    .find((text): text is string => Boolean(text) && wanted.some((p) => text!.includes(p)));
}
