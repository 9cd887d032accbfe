/**
 * A client paying an invoice as Telegram runs it: the `pre_checkout_query`
 * (the bot must answer it), then, after a yes, the `successful_payment`
 * message. The updates are built by the fake Telegram (payments.ts).
 */
import type { Update, User } from "grammy/types";
import type { SentInvoice } from "../e2e/fake-telegram/payments.ts";
import { preCheckoutUpdate, successfulPaymentUpdate } from "../e2e/fake-telegram/payments.ts";
import type { FakeTelegram } from "./fake-telegram.ts";
import { updateId } from "./updates.ts";

let charges = 0;

export interface Paid {
  /** The bot's answer to the pre-checkout query. */
  answer: { ok: boolean; errorMessage?: string } | undefined;
  /** The successful_payment update delivered (after a yes), for delivering it again. */
  update?: Update;
  chargeId?: string;
}

/** A new charge's ids, as Telegram and the provider name them. */
function newCharges(): { telegram: string; provider: string } {
  charges++;
  return { telegram: `tg-charge-${Date.now().toString(36)}-${charges}`, provider: `yk-${charges}` };
}

/** Pays `invoice` (or a forged one) as `from`; `deliver` is the bot's (or an instance's) update handler. */
export async function payInvoice(
  telegram: FakeTelegram,
  deliver: (update: Update) => Promise<unknown>,
  from: User,
  invoice: Pick<SentInvoice, "currency" | "total" | "payload">,
): Promise<Paid> {
  const query = preCheckoutUpdate(telegram.state, updateId(), from, invoice);
  await deliver(query);
  const answer = telegram.preCheckoutAnswer(query.pre_checkout_query?.id ?? "");
  if (!answer?.ok) return { answer };
  const ids = newCharges();
  const update = successfulPaymentUpdate(telegram.state, updateId(), from, invoice, ids);
  await deliver(update);
  return { answer, update, chargeId: ids.telegram };
}
