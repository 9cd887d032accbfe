/**
 * A change of an order from a dialog: the role re-checked at that moment,
 * exactly one PATCH, guarded like the create (see order-create/confirm.ts) by a
 * one-shot marker in the storage: a replay after a crash never sends it twice,
 * and a retry after an ambiguous failure (timeout, network, 5xx) first reads
 * the order (1 GET) to see whether the change already happened.
 */
import type { Order, OrderUpdateInput, ServiceErrorKind } from "../../service/index.ts";
import { ensureOperator } from "../access.ts";
import type { BotContext, DialogContext } from "../context.ts";
import { getOrder } from "../services/order-search.ts";
import { callService } from "../services/service-gateway.ts";
import { cardMessage } from "../ui/card-message.ts";
import type { DialogRun } from "./ask.ts";

export const WRITES_NAMESPACE = "dialog-writes";
export const MARKER_TTL_SECONDS = 7 * 24 * 60 * 60;
export const AMBIGUOUS: readonly ServiceErrorKind[] = ["unavailable", "bad_response"];

type Marker = { state: "sending"; at: number } | { state: "done" };

export type WriteResult =
  | { kind: "done" }
  | { kind: "refused" }
  | { kind: "failed"; message: string; retryable: boolean };

export function patchOnce(
  run: DialogRun,
  orderId: string,
  input: OrderUpdateInput,
  options: { action: string; alreadyDone?: (order: Order) => boolean },
): Promise<WriteResult> {
  return run.dialog.external(async (outer: BotContext): Promise<WriteResult> => {
    if (!(await ensureOperator(outer))) return { kind: "refused" };
    const { store, clock } = outer.services;
    const markers = store.adapter<Marker>(WRITES_NAMESPACE, { ttlSeconds: MARKER_TTL_SECONDS });
    const key = `${options.action}.${outer.chat?.id ?? 0}.${run.nonce}`;
    const marker = await markers.read(key);
    if (marker?.state === "done") return { kind: "done" };
    if (marker?.state === "sending" && options.alreadyDone) {
      const check = await callService(outer, (client) =>
        getOrder(client, outer.services.config.shopIds, orderId),
      );
      if (!check.ok) return { kind: "failed", message: check.message, retryable: check.retryable };
      if (options.alreadyDone(check.value)) {
        await markers.write(key, { state: "done" });
        return { kind: "done" };
      }
    }
    await markers.write(key, { state: "sending", at: clock.now().getTime() });
    const outcome = await callService(outer, (client) => client.orders.update(orderId, input));
    if (outcome.ok) {
      await markers.write(key, { state: "done" });
      return { kind: "done" };
    }
    if (!AMBIGUOUS.includes(outcome.error.kind)) await markers.delete(key);
    return { kind: "failed", message: outcome.message, retryable: outcome.retryable };
  });
}

/** Sends an order's card (built without a request: from the record the dialog holds). */
export async function sendCard(
  run: DialogRun,
  ctx: DialogContext,
  order: Order,
  header: string,
): Promise<void> {
  const card = await run.dialog.external(async (outer: BotContext) => {
    const message = await cardMessage(outer, order);
    return { text: message.text, keyboard: message.keyboard.inline_keyboard };
  });
  await ctx.reply(`${header}\n\n${card.text}`, {
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
    reply_markup: { inline_keyboard: card.keyboard },
  });
}
