/**
 * A change of an order from a dialog: exactly one PATCH (write-once.ts). A
 * retry after an ambiguous failure first reads the order (1 GET) and asks
 * `alreadyDone` whether the change is there.
 */
import type { Order, OrderUpdateInput } from "../../service/index.ts";
import type { BotContext, DialogContext } from "../context.ts";
import type { OwnChange } from "../notify/own-changes.ts";
import { writeThrough } from "../services/mirror-orders.ts";
import { getOrder } from "../services/order-search.ts";
import { cardMessage } from "../ui/card-message.ts";
import type { DialogRun } from "./ask.ts";
import { type WriteOutcome, writeOnce } from "./write-once.ts";

export function patchOnce(
  run: DialogRun,
  orderId: string,
  input: OrderUpdateInput,
  options: {
    action: string;
    alreadyDone: (order: Order) => boolean;
    /** The status, master or manager it sets: its author is not told of it (a comment: none). */
    own?: Omit<OwnChange, "order">;
  },
): Promise<WriteOutcome<true>> {
  return writeOnce(run, {
    action: options.action,
    sent: null,
    own: options.own && { ...options.own, order: orderId },
    send: async (client) => {
      await client.orders.update(orderId, input);
      return true as const;
    },
    landed: async (client, _attempt, { config }) =>
      options.alreadyDone(await getOrder(client, config.shopIds, orderId)) ? (true as const) : undefined,
  });
}

/**
 * After a write: the order mirror takes the dialog's change (no request, not
 * echoed to this user; `base`, the record the dialog started from, keeps what
 * others changed meanwhile), and the card built from the dialog's record is sent.
 */
export async function sendCard(
  run: DialogRun,
  ctx: DialogContext,
  order: Order,
  header: string,
  base?: Order,
): Promise<void> {
  const card = await run.dialog.external(async (outer: BotContext) => {
    await writeThrough(outer, order, base);
    const message = await cardMessage(outer, order);
    return { text: message.text, keyboard: message.keyboard.inline_keyboard };
  });
  await ctx.reply(`${header}\n\n${card.text}`, {
    reply_markup: { inline_keyboard: card.keyboard },
  });
}
