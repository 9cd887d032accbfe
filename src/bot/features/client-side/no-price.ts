/**
 * An order moved into the approval status without a price asks its client
 * nothing (there is nothing to approve): that is said, not left silent. Told
 * to whoever moved it through the bot, else (a change in the CRM) to the
 * order's manager (the staff user linked to that employee) and the owners:
 * the client was not asked, why, and that setting a price while the order
 * still waits sends the question then. Once per entry and user (claims).
 */
import type { Api } from "grammy";
import type { Logger } from "../../../logger.ts";
import type { MirrorChange } from "../../../mirror/index.ts";
import type { Order } from "../../../service/index.ts";
import type { BotServices } from "../../context.ts";
import { claimMeaning } from "../../notify/claims.ts";
import { recipients } from "../../notify/recipients.ts";
import { outboxOf, sendToUser } from "../../notify/send.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import { estimateOf } from "./orders.ts";
import type { Reader } from "./view.ts";

export interface NoPriceDeps {
  services: BotServices;
  api: Api;
  logger: Logger;
}

/** Whether this change put the order into the approval status, where it still waits, with no price to ask about. */
export function enteredWithoutPrice(r: Reader, change: MirrorChange, order: Order): boolean {
  const waiting = r.approval?.waiting.id;
  return (
    waiting !== undefined &&
    change.kind === "status" &&
    change.to?.id === waiting &&
    order.status?.id === waiting &&
    estimateOf(order) === undefined
  );
}

/** Who is told: the bot user who moved it, else the order's manager's user and the owners. */
async function whoToTell(services: BotServices, change: MirrorChange, order: Order): Promise<number[]> {
  const staff = recipients(services.config);
  if (change.source === "bot" && change.actorId !== undefined)
    return staff.includes(change.actorId) ? [change.actorId] : [];
  const told = new Set(services.config.ownerIds);
  const manager = order.manager?.id;
  if (manager)
    for (const userId of staff) {
      const settings = await services.users.read(userId).catch(() => undefined);
      if (settings?.employee?.id === manager) told.add(userId);
    }
  return [...told];
}

/** Tells staff that the client of `order` was not asked (no price); `linked`: a client follows the bot. */
export async function tellNoPrice(
  deps: NoPriceDeps,
  change: MirrorChange,
  order: Order,
  round: string,
  linked: boolean,
): Promise<void> {
  const { services } = deps;
  const number = escapeHtml(orderTitle(order));
  const status = escapeHtml(order.status?.name ?? "");
  for (const userId of await whoToTell(services, change, order)) {
    const key = `no-price:${change.id}:${userId}`;
    // Kept before (a replay of the log after a restart): the outbox has it.
    if (await outboxOf(deps).status(key)) continue;
    if (!(await claimMeaning(services.store, `${order.id}:approval-no-price:${round}:${userId}`, key)))
      continue;
    await sendToUser(deps, userId, key, async ({ t }) => ({
      text: [
        t("client-no-price", { number, status }),
        t(linked ? "client-no-price-later" : "client-no-price-unlinked"),
      ].join("\n"),
    }));
  }
}
