/**
 * Paper: 🧾 Receipt on every card (the intake receipt: right after intake it
 * prints from the created record, no request) and 🧾 Act on the card of an
 * order that is ready or handed over (the completion act: its full record,
 * 1 request), as PDFs (paper/draw.ts) in DOCUMENT_LOCALE and PAPER_FORMAT.
 * Every staff role prints (printing reads the order); strangers never get
 * here (the access gate). Pressed in a group (or on an inline card) the
 * document goes to the presser's private chat, never into the group.
 * /start with a receipt's payload (its QR code) opens the card for staff.
 */
import { GrammyError, InputFile } from "grammy";
import { isDone } from "../../../contract/status-groups.ts";
import type { Order } from "../../../service/index.ts";
import type { BotContext } from "../../context.ts";
import { Composer } from "../../middleware/composer.ts";
import { moneyOf, moneySettings } from "../../money/order-money.ts";
import { paperPrint } from "../../ui/callbacks.ts";
import { orderTitle } from "../../ui/order-card.ts";
import type { CardAction, CardFacts } from "../../ui/order-keyboard.ts";
import { CALLBACK_ANSWER_LIMIT, cutText, escapeHtml } from "../../ui/text.ts";
import { inConfiguredShops, type PaperKind, recordFor } from "./record.ts";
import type { DrawnPaper } from "./render.ts";

const STAFF = ["owner", "operator", "viewer"] as const;
const KINDS = { r: "receipt", a: "act" } as const satisfies Record<string, PaperKind>;

const printData = (kind: keyof typeof KINDS, id: string) =>
  paperPrint.fits({ kind, id }) ? paperPrint.encode({ kind, id }) : undefined;

export const receiptAction: CardAction = {
  label: "card-btn-receipt",
  roles: STAFF,
  // No dialog: shown on group cards too (the document goes to the presser's private chat).
  dialog: false,
  data: (order) => printData("r", order.id),
};

/**
 * 🧾 Act on a ready or handed-over order; 🧾 Return act on one declined or
 * returned without repair (the money model's settings), whatever its group:
 * the device goes back without a repair, never an act saying the work was done.
 */
export const actAction: CardAction = {
  label: "card-btn-act",
  labelOf: (order, facts) => (isDeclined(order, facts) ? "card-btn-return-act" : undefined),
  roles: STAFF,
  dialog: false,
  data: (order, facts) =>
    isDeclined(order, facts) || isDone(order, facts.statusGroup) ? printData("a", order.id) : undefined,
};

const isDeclined = (order: Order, facts: CardFacts) => moneyOf(order, facts.money).declined;

export const paperFeature = new Composer<BotContext>();

paperFeature.callbackQuery(paperPrint.filter, async (ctx) => {
  const decoded = paperPrint.decode(ctx.callbackQuery.data);
  // Own keys only: a forged "constructor" or "toString" is no kind.
  const kind =
    decoded && Object.hasOwn(KINDS, decoded.kind) ? KINDS[decoded.kind as keyof typeof KINDS] : undefined;
  if (!decoded || !kind) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  const record = await recordFor(ctx, kind, decoded.id);
  if (!record) return;
  const { order } = record;
  if (!inConfiguredShops(ctx, order)) {
    // Never another workshop's paper (a forged press, a record from before SHOP_IDS changed).
    ctx.log.warn({ order: order.id }, "paper: an order outside the configured workshops");
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  const declined = moneyOf(order, moneySettings(ctx.services.config)).declined;
  if (kind === "act" && !declined && order.status?.type !== undefined && !isDone(order)) {
    await ctx.answerCallbackQuery({ text: ctx.t("paper-not-ready"), show_alert: true });
    return;
  }
  let drawn: DrawnPaper[];
  try {
    // pdfkit and fontkit load with the first document, not at start: many processes never print.
    const { drawDocuments } = await import("./render.ts");
    drawn = await drawDocuments(ctx.services, ctx.log, {
      kind,
      order,
      clerk: record.clerk,
      botUsername: ctx.me.username,
    });
  } catch (error) {
    ctx.log.error({ err: String(error), order: order.id }, "paper: a document could not be drawn");
    await ctx.answerCallbackQuery({ text: ctx.t("paper-failed"), show_alert: true });
    return;
  }
  await deliver(ctx, kind === "act" && declined ? "return" : kind, orderTitle(order), drawn);
});

/**
 * The documents to the chat of the press when it is the presser's private chat; from a
 * group or an inline card to the presser's private chat (a client's data never lands in a group).
 */
async function deliver(
  ctx: BotContext & { from: { id: number } },
  kind: PaperKind | "return",
  title: string,
  drawn: DrawnPaper[],
): Promise<void> {
  const own = ctx.chat?.type === "private";
  // A private chat's id is its user's: the presser's own chat either way.
  const chatId = ctx.from.id;
  try {
    for (const { format, pdf } of drawn) {
      const caption = ctx.t(
        `paper-${kind === "receipt" ? "receipt" : kind === "act" ? "act" : "return"}-caption`,
        {
          number: escapeHtml(title),
          format: ctx.t(format === "a4" ? "paper-format-a4" : "paper-format-80mm"),
        },
      );
      // An ASCII file name: a multipart header with raw UTF-8 is not read the same by every parser.
      const name = `${kind}-${title.replace(/[^A-Za-z0-9_-]/g, "") || "order"}${format === "80mm" ? "-80mm" : ""}.pdf`;
      await ctx.api.sendDocument(chatId, new InputFile(pdf, name), { caption, parse_mode: "HTML" });
    }
  } catch (error) {
    // The presser never opened the bot's chat (or blocked it): say where to go instead of failing.
    if (own || !(error instanceof GrammyError) || error.error_code !== 403) throw error;
    ctx.log.info({ err: error.description }, "paper: the presser's private chat is closed");
    await ctx.answerCallbackQuery({
      text: cutText(ctx.t("paper-start-bot"), CALLBACK_ANSWER_LIMIT),
      show_alert: true,
    });
    return;
  }
  await ctx.answerCallbackQuery(own ? undefined : { text: ctx.t("paper-sent-private") });
}
