/**
 * The receipt in the client's Telegram (issue 36.4): the intake receipt as a PDF,
 * drawn as the counter prints it (features/paper/render.ts: DOCUMENT_LOCALE, the
 * terms, the QR), one page format, with "✅ I accept the terms" in the client's
 * language. Sent through the one outbox under a key per order and client, so a
 * receipt reaches each linked client of the order once, across restarts and
 * instances; a client who blocked the bot or sent /stop since gets nothing (the
 * client-reply audience). Only to a client linked to the order's counteragent with
 * the order's phone, whose counteragent still allows Telegram (consent.ts).
 */
import type { Order } from "../../../service/index.ts";
import type { BotContext } from "../../context.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import { CLIENT_REPLY, inboxOutbox } from "../client-inbox/post.ts";
import { consentAllows } from "../client-side/consent.ts";
import { type ClientLink, clientLinksOf } from "../client-side/links.ts";
import { hasPhone, inShops } from "../client-side/orders.ts";
import { termsAccept } from "./callbacks.ts";

/** The outbox key of one order's receipt to one client. */
const receiptKey = (orderId: string, userId: number) => `client-receipt:${orderId}:${userId}`;

/** Whether this client was sent (or is being sent) this order's receipt already. */
export async function receiptSent(ctx: BotContext, orderId: string, userId: number): Promise<boolean> {
  const outbox = inboxOutbox({ services: ctx.services, api: ctx.api, logger: ctx.log });
  return (await outbox.status(receiptKey(orderId, userId))) !== undefined;
}

/** Whether this link is a client of this order: its counteragent and its phone, in the shop's workshops. */
export function isClientOf(ctx: Pick<BotContext, "services">, link: ClientLink, order: Order): boolean {
  const { config } = ctx.services;
  return (
    order.isVisible !== false &&
    inShops(order, config.shopIds) &&
    link.counteragents.some((c) => c.id === order.counteragent?.id) &&
    hasPhone(order, link.phone, config.phoneCountry)
  );
}

/** What sending needs: a chat's context, or the Mini App's (its services, the bot's API and name). */
export type ReceiptEnv = Pick<BotContext, "services" | "api" | "log"> & { me: { username: string } };

interface ReceiptSend {
  order: Order;
  /** Who took the order in (printed on the receipt). */
  clerk?: string;
  /** Only this client (a QR opened by them); default every linked client of the order. */
  only?: number;
}

/** Sends the order's receipt to its linked clients not sent one yet; how many were sent now. */
export async function sendReceipt(ctx: ReceiptEnv, send: ReceiptSend): Promise<number> {
  const { services } = ctx;
  const { order } = send;
  const counteragentId = order.counteragent?.id;
  if (!services.config.clients?.enabled || !counteragentId) return 0;
  const links = clientLinksOf(services.store);
  const users = send.only !== undefined ? [send.only] : await links.usersOf(counteragentId);
  const outbox = inboxOutbox({ services, api: ctx.api, logger: ctx.log });
  let pdf: Buffer | undefined;
  let sent = 0;
  for (const userId of users) {
    const link = await links.read(userId);
    if (!link || link.blocked || !isClientOf(ctx, link, order)) continue;
    const key = receiptKey(order.id, userId);
    if (await outbox.status(key)) continue;
    if (!(await consentAllows(services, services.client, counteragentId, ctx.log))) return sent;
    pdf ??= await drawReceipt(ctx, send);
    if (!pdf) return sent;
    const t = (k: string, args?: Record<string, string>) => services.i18n.t(link.locale, k, args);
    const number = orderTitle(order);
    const keyboard = termsAccept.fits({ id: order.id })
      ? {
          inline_keyboard: [
            [{ text: t("client-receipt-accept"), callback_data: termsAccept.encode({ id: order.id }) }],
          ],
        }
      : undefined;
    await outbox.send({
      id: key,
      chatId: userId,
      audience: CLIENT_REPLY,
      parts: [
        {
          method: "sendDocument",
          file: pdf.toString("base64"),
          name: `receipt-${number.replace(/[^A-Za-z0-9_-]/g, "") || "order"}.pdf`,
          caption: t(keyboard ? "client-receipt-caption" : "client-receipt-caption-plain", {
            number: escapeHtml(number),
          }),
          keyboard,
        },
      ],
    });
    sent++;
  }
  return sent;
}

/** The receipt's PDF in one format (the roll's when PAPER_FORMAT=80mm, else A4); undefined when it cannot be drawn. */
async function drawReceipt(ctx: ReceiptEnv, send: ReceiptSend): Promise<Buffer | undefined> {
  const { services } = ctx;
  try {
    // pdfkit loads with the first document (as the staff's 🧾 does).
    const { drawDocuments } = await import("../paper/render.ts");
    const [drawn] = await drawDocuments(services, ctx.log, {
      kind: "receipt",
      order: send.order,
      clerk: send.clerk,
      botUsername: ctx.me.username,
      formats: [services.config.paper.format === "80mm" ? "80mm" : "a4"],
    });
    return drawn?.pdf;
  } catch (error) {
    ctx.log.error({ err: String(error), order: send.order.id }, "client receipt: the PDF could not be drawn");
    return undefined;
  }
}
