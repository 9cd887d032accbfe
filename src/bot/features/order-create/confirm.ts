/**
 * Confirm: exactly one create request per dialog, whatever happens.
 *
 * - A second press of Confirm, an old summary's button or a redelivered update
 *   never reach this code: the dialog ends after a success, prompt tags make
 *   old buttons "outdated", and the core drops redelivered updates.
 * - A one-shot marker in the storage (key: chat + dialog nonce) guards the rest:
 *   "sending" is written before the request, "created" with the id after. A
 *   replay after a crash finds "created" and shows that order instead of
 *   sending again.
 * - When an attempt ended ambiguously (timeout, network, 5xx, unreadable
 *   answer: the order MAY exist), the retry first looks for it: one list
 *   request for orders of this workshop created since the attempt, matched by
 *   type, client and faults as that attempt sent them (kept with the marker, so
 *   an Edit between the attempt and the retry does not hide its order). Found:
 *   that is our order. Not found: send again.
 *   Errors that certainly created nothing (quota, 4xx) clear the marker.
 *
 * Requests: 1 (create) + 1 (GET of the new order: the real service's create
 * answers only its id, and the card shows the number; skipped when the answer
 * carries the number: the card is then built from the draft); +1 lookup only
 * on a retry after an ambiguous failure.
 */
import type { CreatedOrder, Order, OrderCreateInput, ServiceClient } from "../../../service/index.ts";
import { ensureOperator } from "../../access.ts";
import type { BotContext, DialogContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import { AMBIGUOUS, MARKER_TTL_SECONDS, WRITES_NAMESPACE } from "../../dialog-kit/write.ts";
import { learnedOf } from "../../services/learned.ts";
import { getOrder } from "../../services/order-search.ts";
import { callService } from "../../services/service-gateway.ts";
import { orderRefresh } from "../../ui/callbacks.ts";
import { cardMessage } from "../../ui/card-message.ts";
import type { Draft } from "./draft.ts";

/** How far back the retry looks for an order an ambiguous attempt may have made. */
const LOOKBACK_MS = 10 * 60 * 1000;

/** The new order as the create answered it: its id, and its number when the service gave it. */
export interface Created {
  id: string;
  number?: string;
  num?: number;
  /** Unix ms of the create, for the card's "created" line. */
  at: number;
}

/** What identifies the order an attempt sent: the retry looks for this, not for the draft as it is now. */
interface Sent {
  shopId: string;
  typeId: string;
  counteragentId?: string;
  clientName: string;
  problem: string[];
}

type Marker = { state: "sending"; at: number; sent?: Sent } | ({ state: "created" } & Created);

function sentOf(draft: Draft): Sent {
  return {
    shopId: draft.shop.id,
    typeId: draft.type.id,
    ...(draft.client.kind === "existing" ? { counteragentId: draft.client.id } : {}),
    clientName: draft.client.name,
    problem: draft.device.problem,
  };
}

export type CreateResult =
  | ({ kind: "created" } & Created)
  | { kind: "refused" }
  | { kind: "failed"; message: string };

export function createInput(draft: Draft): OrderCreateInput {
  const { client, device } = draft;
  const clientFields = client.kind === "new" ? client.fields : [];
  const customFields = [...draft.fields, ...clientFields].map((f) => ({ id: f.id, value: f.value }));
  const split = (text: string | undefined) =>
    text
      ? text
          .split(/\n|;\s*/)
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined;
  return {
    typeOrderId: draft.type.id,
    ...(client.kind === "existing"
      ? { counteragentId: client.id }
      : {
          name: client.name,
          isBuyer: true,
          isVendor: false,
          ...(client.typeId ? { typeCounteragentId: client.typeId } : {}),
          ...(client.phone ? { phones: [client.phone] } : {}),
          ...(client.email ? { email: client.email } : {}),
          ...(client.address ? { address: client.address } : {}),
        }),
    isUrgent: draft.isUrgent,
    ...(draft.master ? { masterId: draft.master.id } : {}),
    ...(draft.deadline !== undefined ? { deadline: draft.deadline } : {}),
    ...(device.typeDevice ? { typeDevice: device.typeDevice } : {}),
    ...(device.brand ? { brand: device.brand } : {}),
    ...(device.model ? { model: device.model } : {}),
    ...(device.sn ? { sn: device.sn } : {}),
    problem: device.problem,
    ...(split(device.completeSet) ? { completeSet: split(device.completeSet) } : {}),
    ...(split(device.appearance) ? { appearance: split(device.appearance) } : {}),
    ...(device.color ? { color: device.color } : {}),
    ...(device.approximatePrice ? { approximatePrice: device.approximatePrice } : {}),
    ...(customFields.length > 0 ? { customFields } : {}),
    ...(draft.howKnow ? { howKnowId: draft.howKnow.id } : {}),
    ...(draft.prepayment
      ? {
          cashRegisterId: draft.prepayment.register.id,
          ...(draft.prepayment.money !== undefined ? { money: draft.prepayment.money } : {}),
          ...(draft.prepayment.bank !== undefined ? { bank: draft.prepayment.bank } : {}),
        }
      : {}),
  };
}

/** An order of the workshop made since `since` that matches what was sent: the one an ambiguous attempt created. */
async function findJustCreated(
  client: ServiceClient,
  sent: Sent,
  since: number,
): Promise<string | undefined> {
  const page = await client.orders.list({
    shopId: sent.shopId,
    ...(sent.counteragentId ? { counteragentId: sent.counteragentId } : {}),
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

export function createOnce(run: DialogRun, draft: Draft): Promise<CreateResult> {
  return run.dialog.external(async (outer: BotContext): Promise<CreateResult> => {
    // The role is read now: a dialog may span hours, and the configuration may have changed.
    if (!(await ensureOperator(outer))) return { kind: "refused" };
    const { store, clock } = outer.services;
    const markers = store.adapter<Marker>(WRITES_NAMESPACE, { ttlSeconds: MARKER_TTL_SECONDS });
    const key = `create.${outer.chat?.id ?? 0}.${run.nonce}`;
    const marker = await markers.read(key);
    if (marker?.state === "created") return { ...marker, kind: "created" };
    if (marker?.state === "sending") {
      const sent = marker.sent ?? sentOf(draft);
      const found = await callService(outer, (client) => findJustCreated(client, sent, marker.at));
      if (!found.ok) return { kind: "failed", message: found.message };
      if (found.value) {
        const created: Created = { id: found.value, at: marker.at };
        await markers.write(key, { state: "created", ...created });
        return { kind: "created", ...created };
      }
    }
    const at = clock.now().getTime();
    await markers.write(key, { state: "sending", at, sent: sentOf(draft) });
    const outcome = await callService(outer, (client) =>
      client.orders.create(draft.shop.id, createInput(draft)),
    );
    if (outcome.ok) {
      const created = createdOf(outcome.value, at);
      await markers.write(key, { state: "created", ...created });
      return { kind: "created", ...created };
    }
    if (!AMBIGUOUS.includes(outcome.error.kind)) await markers.delete(key);
    outer.log.warn({ kind: outcome.error.kind }, "order create failed");
    return { kind: "failed", message: outcome.message };
  });
}

function createdOf(answer: CreatedOrder, at: number): Created {
  return {
    id: answer.id,
    ...(answer.number ? { number: answer.number } : {}),
    ...(answer.num !== undefined ? { num: answer.num } : {}),
    at,
  };
}

/** The record the card shows when the create answered the number: what the clerk entered, no request. */
export function draftOrder(draft: Draft, created: Created): Order {
  const { client, device, prepayment } = draft;
  const paid = (prepayment?.money ?? 0) + (prepayment?.bank ?? 0);
  return {
    id: created.id,
    ...(created.number ? { number: created.number } : {}),
    ...(created.num !== undefined ? { num: created.num } : {}),
    dateCreate: new Date(created.at),
    typeOrder: { ...draft.type },
    shop: { ...draft.shop },
    counteragent: {
      ...(client.kind === "existing" ? { id: client.id } : {}),
      name: client.name,
      ...(client.phone ? { phones: [client.phone] } : {}),
    },
    ...(draft.master ? { master: { ...draft.master } } : {}),
    ...(draft.deadline !== undefined ? { deadline: new Date(draft.deadline) } : {}),
    isUrgent: draft.isUrgent,
    ...(device.typeDevice ? { typeDevice: device.typeDevice } : {}),
    ...(device.brand ? { brand: device.brand } : {}),
    ...(device.model ? { model: device.model } : {}),
    ...(device.sn ? { sn: device.sn } : {}),
    problem: device.problem,
    ...(device.approximatePrice ? { approximatePrice: device.approximatePrice } : {}),
    ...(paid > 0 ? { cash: { summ: paid } } : {}),
  };
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
    const message = await cardMessage(outer, order);
    return { ok: true as const, text: message.text, keyboard: message.keyboard.inline_keyboard };
  });
  if (card.ok) {
    await ctx.reply(`${ctx.t("new-created")}\n\n${card.text}`, {
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
      reply_markup: { inline_keyboard: card.keyboard },
    });
    return;
  }
  const refresh = orderRefresh.fits({ id })
    ? [[{ text: ctx.t("btn-refresh"), callback_data: orderRefresh.encode({ id }) }]]
    : [];
  await ctx.reply(`${ctx.t("new-created-no-card")}\n${card.message}`, {
    parse_mode: "HTML",
    reply_markup: { inline_keyboard: refresh },
  });
}
