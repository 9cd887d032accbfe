/**
 * The receipt in the client's Telegram (issue 36.4, CLIENTS=on): when an order is
 * taken in for a linked client (`afterIntake`, called by the intake once it created
 * the order), or when a client opens a receipt's QR and is (or becomes) linked to
 * its order (`onReceiptQr`, `onLinked`: hooks of the client's side), they get the
 * receipt as a PDF with the terms and "✅ I accept the terms" (send.ts), once per
 * order (the outbox's key). The press writes the acceptance once (accept.ts).
 */
import type { Order } from "../../../service/index.ts";
import type { BotContext } from "../../context.ts";
import { Composer } from "../../middleware/composer.ts";
import { getOrder } from "../../orders/by-number.ts";
import { createIntakeRecords } from "../../state/intake-records.ts";
import type { ClientLink } from "../client-side/links.ts";
import { acceptTerms } from "./accept.ts";
import { termsAccept } from "./callbacks.ts";
import { receiptScans } from "./records.ts";
import { isClientOf, type ReceiptEnv, receiptSent, sendReceipt } from "./send.ts";

/** The client's side part: the acceptance press (mounted inside the client side: clients only). */
export const clientReceiptPart = new Composer<BotContext>();
clientReceiptPart.callbackQuery(termsAccept.filter, acceptTerms);

/**
 * After an intake created `order` (the record the create returned): its receipt to the
 * order's linked clients. Never fails the intake: a failure is logged.
 */
export async function afterIntake(ctx: ReceiptEnv, order: Order, clerk?: string): Promise<void> {
  try {
    await sendReceipt(ctx, { order, clerk });
  } catch (error) {
    ctx.log.warn({ err: String(error), order: order.id }, "client receipt: not sent after intake");
  }
}

/** A receipt's QR opened by a client: its receipt now when they are its order's linked client, else once they link. */
export async function onReceiptQr(
  ctx: BotContext,
  order: Order,
  link: ClientLink | undefined,
): Promise<void> {
  const userId = ctx.from?.id ?? 0;
  if (!link) {
    await ctx.services.store.open(receiptScans).write(String(userId), order.id);
    return;
  }
  if (isClientOf(ctx, link, order)) await sendOne(ctx, order, userId);
}

/** A client just linked: the receipt of the QR they came by, when that order is theirs. */
export async function onLinked(ctx: BotContext, link: ClientLink): Promise<void> {
  const scans = ctx.services.store.open(receiptScans);
  const orderId = await scans.read(String(link.userId));
  if (!orderId) return;
  await scans.delete(String(link.userId));
  const held = ctx.services.mirror?.get(orderId)?.order;
  if (held && isClientOf(ctx, link, held)) await sendOne(ctx, held, link.userId);
}

/**
 * One client's receipt of `held` (the mirror's copy, which may be a list record): printed
 * from the intake's kept record while it is the newest, else from the full record (1 GET).
 */
async function sendOne(ctx: BotContext, held: Order, userId: number): Promise<void> {
  const { services } = ctx;
  try {
    // Sent before: no read for it.
    if (await receiptSent(ctx, held.id, userId)) return;
    const kept = await createIntakeRecords(services.store).get(held.id);
    const newer = services.orders.held(held.id)?.asOf?.getTime();
    const fresh = kept && (newer === undefined || newer <= (kept.at ?? 0));
    const order = fresh ? kept.order : await getOrder(services.client, services.config.shopIds, held.id);
    await sendReceipt(ctx, { order, clerk: kept?.clerk, only: userId });
  } catch (error) {
    ctx.log.warn({ err: String(error), order: held.id }, "client receipt: not sent for a QR");
  }
}
