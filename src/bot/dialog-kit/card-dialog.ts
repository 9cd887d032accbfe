/**
 * A dialog opened from an order card, in one declaration: its button (label,
 * callback data, who sees it), its press (the role re-checked, one dialog per
 * chat, private chats only, the order read: held copy or the full record) and
 * its dialog (the conversation, registered once). createBot lists the card's
 * buttons once (`cardDialogs(...).actions`, then the other card actions).
 *
 *   const diagnosis: CardDialog = {
 *     id: "diagnosis", label: "card-btn-diagnosis", button: idButton(diagnosisOpen),
 *     dialog: diagnosisDialog, read: "full",
 *   };
 */
import { createConversation } from "@grammyjs/conversations";
import { asWrite, type Order } from "../../service/index.ts";
import type { BotContext, DialogContext, Role } from "../context.ts";
import { Composer } from "../middleware/composer.ts";
import { roleOf } from "../policy/access.ts";
import { readPressedOrder } from "../telegram/pressed-order.ts";
import { orderAction } from "../ui/callbacks.ts";
import { stripHtml } from "../ui/messages.ts";
import type { CardAction } from "../ui/order-keyboard.ts";
import { CALLBACK_ANSWER_LIMIT, cutText } from "../ui/text.ts";
import type { Dialog } from "./ask.ts";
import { canEnterDialog } from "./enter.ts";

/** A card button's callback data for an order id, and the id back from a press. */
export interface CardButton {
  filter: RegExp;
  encode(id: string): string | undefined;
  decode(data: string | undefined): string | undefined;
}

/** A button of its own codec: `<prefix>:<id>`. */
export function idButton(codec: {
  filter: RegExp;
  fits(values: { id: string }): boolean;
  encode(values: { id: string }): string;
  decode(data: string | undefined): { id: string } | undefined;
}): CardButton {
  return {
    filter: codec.filter,
    encode: (id) => (codec.fits({ id }) ? codec.encode({ id }) : undefined),
    decode: (data) => codec.decode(data)?.id,
  };
}

/** A button among the card's operator actions: `oa:<code>:<id>`. */
export function actionButton(code: string): CardButton {
  return {
    filter: new RegExp(`^${orderAction.prefix}:${code}:[^:]*$`),
    encode: (id) =>
      orderAction.fits({ action: code, id }) ? orderAction.encode({ action: code, id }) : undefined,
    decode: (data) => {
      const decoded = orderAction.decode(data);
      return decoded?.action === code ? decoded.id : undefined;
    },
  };
}

export interface CardDialog {
  /** The conversation's id. */
  id: string;
  /** Locale key of the button ("icon + word"). */
  label: string;
  button: CardButton;
  // biome-ignore lint/suspicious/noExplicitAny: each dialog takes its own arguments after (dialog, ctx).
  dialog: (dialog: Dialog, ctx: DialogContext, ...args: any[]) => Promise<void>;
  /**
   * How the press reads the order: `held` the reader's copy (no request when it holds it, else one
   * GET), `full` the service's whole record (one GET: an edit of fields starts from it).
   */
  read?: "held" | "full";
  /** Who sees the button (default: owners and operators). */
  roles?: readonly Role[];
  /** The dialog's arguments without reading the order (undefined: read it). */
  quick?(ctx: BotContext, id: string): unknown[] | undefined;
  /** The dialog's arguments from the order read (default: the order as JSON). */
  args?(order: Order): unknown[];
  /**
   * Whether this role may open the dialog on this order, as read (default: whoever sees the button);
   * a refusal is an alert of `refusal` (a locale key), and the dialog does not start.
   */
  allow?(order: Order, role: Role): boolean;
  /** Locale key of the alert when `allow` refuses (default: "err-forbidden"). */
  refusal?: string;
}

/** A card button that is a dialog (else a plain card action, passed through in its place). */
const isDialog = (item: CardDialog | CardAction): item is CardDialog => "button" in item;

/**
 * The card's buttons (in this order: the dialogs' and the plain actions among them) and the feature
 * that answers the dialogs' presses.
 */
export function cardDialogs(items: readonly (CardDialog | CardAction)[]): {
  actions: CardAction[];
  feature: Composer<BotContext>;
} {
  const feature = new Composer<BotContext>();
  const registered = new Set<string>();
  for (const card of items.filter(isDialog)) {
    // Two buttons may open one dialog with different arguments (a master, a manager): registered once.
    if (!registered.has(card.id))
      feature.use(createConversation<BotContext, DialogContext>(card.dialog, card.id));
    registered.add(card.id);
    feature.callbackQuery(card.button.filter, (ctx) => press(ctx, card));
  }
  const actions = items.map(
    (card): CardAction =>
      isDialog(card)
        ? { label: card.label, roles: card.roles, data: (order) => card.button.encode(order.id) }
        : card,
  );
  return { actions, feature };
}

/**
 * An operator action no dialog knows (an old card, forged data): "outdated". Mounted after every
 * feature that may add card dialogs of its own.
 */
export const staleCardActions = new Composer<BotContext>();
staleCardActions.callbackQuery(orderAction.filter, (ctx) =>
  ctx.answerCallbackQuery({ text: ctx.t("stale-button") }),
);

async function press(ctx: BotContext, card: CardDialog): Promise<void> {
  const id = card.button.decode(ctx.callbackQuery?.data);
  if (!id) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  if (!(await canEnterDialog(ctx))) return;
  const quick = card.quick?.(ctx, id);
  if (quick) {
    await ctx.answerCallbackQuery();
    await ctx.conversation.enter(card.id, ...quick);
    return;
  }
  // The read a change starts from is part of that write: it may use the write reserve (service/purpose.ts).
  const pressed = await asWrite(() => readPressedOrder(ctx, id, { refresh: card.read === "full" }));
  if (!pressed) return;
  const { order } = pressed;
  if (card.allow && !card.allow(order, roleOf(ctx.from?.id, ctx.services.config))) {
    const text = cutText(stripHtml(ctx.t(card.refusal ?? "err-forbidden")), CALLBACK_ANSWER_LIMIT);
    await ctx.answerCallbackQuery({ text, show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery();
  await ctx.conversation.enter(card.id, ...(card.args?.(order) ?? [JSON.parse(JSON.stringify(order))]));
}
