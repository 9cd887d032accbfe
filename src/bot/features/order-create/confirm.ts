/**
 * Confirm: exactly one create request per dialog, whatever happens.
 *
 * - A second press of Confirm, an old summary's button or a redelivered update
 *   never reach this code: the dialog ends after a success, prompt tags make
 *   old buttons "outdated", and the core drops redelivered updates.
 * - The rest is writeOnce's (dialog-kit/write-once.ts): a marker per dialog run,
 *   so a replay after a crash shows the order created instead of sending again.
 * - After an ambiguous attempt (the order MAY exist) the retry first looks for
 *   it: one list request for orders of this workshop created since the attempt,
 *   matched by type, client and faults as that attempt sent them (so an Edit
 *   between the attempt and the retry does not hide its order). Found: that is
 *   our order. Not found: send again.
 *
 * Requests: 1 (create) + 1 (GET of the new order: the real service's create
 * answers only its id, and the card shows the number; skipped when the answer
 * carries the number: the card is then built from the draft); +1 lookup only
 * on a retry after an ambiguous failure.
 */
import type { Order, ServiceClient } from "../../../service/index.ts";
import type { BotContext, DialogContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import { writeOnce } from "../../dialog-kit/write-once.ts";
import { learnedOf } from "../../services/learned.ts";
import { writeThrough } from "../../services/mirror-orders.ts";
import { getOrder } from "../../services/order-search.ts";
import { callService } from "../../services/service-gateway.ts";
import { orderRefresh } from "../../ui/callbacks.ts";
import { cardMessage } from "../../ui/card-message.ts";
import { type Created, createdOf, createInput, draftOrder, type Sent, sentOf } from "./create-input.ts";
import type { Draft } from "./draft.ts";

/** How far back the retry looks for an order an ambiguous attempt may have made. */
const LOOKBACK_MS = 10 * 60 * 1000;

export type CreateResult =
  | ({ kind: "created" } & Created)
  | { kind: "refused" }
  | { kind: "failed"; message: string };

export async function createOnce(run: DialogRun, draft: Draft): Promise<CreateResult> {
  const outcome = await writeOnce(run, {
    action: "create",
    sent: sentOf(draft),
    send: async (client, { at }) =>
      createdOf(await client.orders.create(draft.shop.id, createInput(draft)), at),
    landed: async (client, { at, sent }) => {
      const id = await findJustCreated(client, sent, at);
      return id === undefined ? undefined : { id, at };
    },
    // Known once created: a sync that finds the order before the write-through does not tell its author.
    own: (created) => ({ order: created.id, kind: "created" }),
  });
  if (outcome.kind === "done") return { kind: "created", ...outcome.result };
  if (outcome.kind === "failed") return { kind: "failed", message: outcome.message };
  return outcome;
}

/** An order of the workshop made since `since` that matches what was sent: the one an ambiguous attempt created. */
async function findJustCreated(
  client: ServiceClient,
  sent: Sent,
  since: number,
): Promise<string | undefined> {
  const page = await client.orders.list({
    shopId: sent.shopId,
    counteragentId: sent.counteragentId,
    dateCreate: [since - LOOKBACK_MS, null],
    sort: "dateCreate DESC",
    page: 1,
    pageSize: 20,
  });
  const problem = sent.problem.join("\n");
  const found = page.items.find(
    (order) =>
      order.typeOrder?.id === sent.typeId &&
      (sent.counteragentId !== undefined || order.counteragent?.name === sent.clientName) &&
      (order.problem ?? []).join("\n") === problem,
  );
  return found?.id;
}

/**
 * The new order's card: built from the draft when the create answered the
 * number, else one GET (the number exists only in the service); a short note
 * when it cannot be loaded.
 */
export async function showCreated(
  run: DialogRun,
  ctx: DialogContext,
  created: Created,
  draft: Draft,
): Promise<void> {
  const { id } = created;
  const card = await run.dialog.external(async (outer: BotContext) => {
    let order: Order;
    if (created.number) order = draftOrder(draft, created);
    else {
      const outcome = await callService(outer, (client) =>
        getOrder(client, outer.services.config.shopIds, id),
      );
      if (!outcome.ok) return { ok: false as const, message: outcome.message };
      order = outcome.value;
      await learnedOf(outer.services.store).fromOrders([order]);
    }
    // The order mirror holds the new order at once (from the draft or the one GET).
    await writeThrough(outer, order);
    const message = await cardMessage(outer, order);
    return { ok: true as const, text: message.text, keyboard: message.keyboard.inline_keyboard };
  });
  if (card.ok) {
    await ctx.reply(`${ctx.t("new-created")}\n\n${card.text}`, {
      reply_markup: { inline_keyboard: card.keyboard },
    });
    return;
  }
  const refresh = orderRefresh.fits({ id })
    ? [[{ text: ctx.t("btn-refresh"), callback_data: orderRefresh.encode({ id }) }]]
    : [];
  await ctx.reply(`${ctx.t("new-created-no-card")}\n${card.message}`, {
    reply_markup: { inline_keyboard: refresh },
  });
}
