/**
 * Device labels: 🏷 on the card (every staff role: printing reads the order)
 * sends a PNG for a 58 mm label printer with the number, client, device, date
 * and a QR code of the bot's /start link; /start with that payload opens the
 * card. Strangers never get here (the access gate answers them with their id
 * only); a forged or cut payload opens nothing.
 */
import { InputFile } from "grammy";
import type { Order } from "../../../service/index.ts";
import type { BotContext } from "../../context.ts";
import { localeOf } from "../../i18n.ts";
import { Composer } from "../../middleware/composer.ts";
import { readPressedOrder } from "../../telegram/pressed-order.ts";
import { labelPrint } from "../../ui/callbacks.ts";
import { formatDateTime } from "../../ui/dates.ts";
import { deviceText, orderTitle } from "../../ui/order-card.ts";
import type { CardAction } from "../../ui/order-keyboard.ts";
import { escapeHtml } from "../../ui/text.ts";
import { labelLink, labelPayload } from "./payload.ts";

export const labelAction: CardAction = {
  label: "card-btn-label",
  roles: ["owner", "operator", "viewer"],
  data: (order) => (labelPrint.fits({ id: order.id }) ? labelPrint.encode({ id: order.id }) : undefined),
};

export const labelFeature = new Composer<BotContext>();

labelFeature.callbackQuery(labelPrint.filter, async (ctx) => {
  const id = labelPrint.decode(ctx.callbackQuery.data)?.id;
  if (!id) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  // From the order mirror when it holds the order (no request), else one GET.
  const pressed = await readPressedOrder(ctx, id);
  if (!pressed) return;
  await ctx.answerCallbackQuery();
  await sendLabel(ctx, pressed.order);
});

/** The label of an order as a PNG document (a photo would be recompressed and blur the code). */
async function sendLabel(ctx: BotContext, order: Order): Promise<void> {
  const locale = await localeOf(ctx);
  const payload = labelPayload(order.id, ctx.services.config.botToken);
  const title = orderTitle(order);
  // The canvas (a native module) loads with the first label, not at start: most processes never draw one.
  const { drawLabel } = await import("./draw.ts");
  const png = await drawLabel({
    number: title,
    date: order.dateCreate && formatDateTime(order.dateCreate, locale, ctx.services.config.timezone),
    client: order.counteragent?.name?.trim() || undefined,
    device: deviceText(order),
    link: payload && labelLink(ctx.me.username, payload),
  });
  // An ASCII file name: a multipart header with raw UTF-8 is not read the same by every parser.
  const file = new InputFile(png, `label-${title.replace(/[^A-Za-z0-9_-]/g, "") || "order"}.png`);
  await ctx.replyWithDocument(file, {
    caption: ctx.t(payload ? "label-caption" : "label-caption-no-link", { number: escapeHtml(title) }),
  });
}
