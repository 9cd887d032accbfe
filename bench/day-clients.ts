/**
 * Linked clients in a simulated day (big-company.ts, issue 34.5): clients who
 * shared their phone with the bot own a share of the open orders; through the
 * day the CRM's other users make some of those orders ready, and the figure is
 * the delay from "ready" in the service to the client's message accepted by
 * Telegram. Linking goes through the real contact flow, before the day.
 */
import type { Api } from "grammy";
import { pino } from "pino";
import { ClientNotifier } from "../src/bot/features/client-side/index.ts";
import type { Sandbox } from "../src/sandbox/index.ts";
import type { Order as SandboxOrder } from "../src/sandbox/model.ts";
import { contactUpdate, person } from "../test/bot/features/client-side/setup.ts";
import type { MirrorBot } from "../test/helpers/mirror-bot.ts";

/** A linked client's user id and their open orders. */
interface Linked {
  userId: number;
  orders: string[];
}

export interface DayClients {
  notifier: ClientNotifier;
  /** Makes one linked client's open order ready in the service; false when none is left. */
  makeReady(now: number): boolean;
  /** Catches the clients' messages (wrap the Telegram API the notifier sends through). */
  seen(chatId: number, text: string, now: number): void;
  readonly delays: number[];
  /** Orders made ready so far. */
  readonly made: number;
  readonly linked: number;
  /** The open orders the linked clients own, of all open orders. */
  readonly share: number;
}

const digits = (phone: string) => phone.replace(/\D/g, "");

/** Links the clients of about `share` of the open orders in `shopIds` (one phone each, no one else's). */
export async function linkDayClients(
  t: MirrorBot,
  sandbox: Sandbox,
  shopIds: string[],
  share: number,
  api: Api,
): Promise<DayClients> {
  const { store } = sandbox;
  const isOpen = (o: SandboxOrder) =>
    o.isVisible &&
    shopIds.includes(o.shopId) &&
    !["closed", "finish"].includes(store.statusById.get(o.statusId)?.group ?? "");
  const open = store.orders.filter(isOpen);
  const phoneOwners = new Map<string, number>();
  for (const who of store.counteragents)
    for (const phone of who.phones) phoneOwners.set(digits(phone), (phoneOwners.get(digits(phone)) ?? 0) + 1);
  const byClient = new Map<string, SandboxOrder[]>();
  for (const order of open)
    byClient.set(order.counteragentId, [...(byClient.get(order.counteragentId) ?? []), order]);

  const linked: Linked[] = [];
  let covered = 0;
  for (const [counteragentId, orders] of byClient) {
    if (covered >= share * open.length) break;
    const who = store.counteragentById.get(counteragentId);
    const phone = who?.phones.length === 1 ? (who.phones[0] ?? "") : "";
    if (
      !who ||
      phone === "" ||
      phoneOwners.get(digits(phone)) !== 1 ||
      !orders.some((o) => t.mirror.get(o.id))
    )
      continue;
    const userId = 9100 + linked.length;
    // Linking asks the service (the clients' search): the quota is the day's concern, not this.
    if (linked.length % 10 === 0) sandbox.resetQuota();
    await t.handle(contactUpdate(t, person(userId, "ru"), phone));
    linked.push({ userId, orders: orders.map((o) => o.id) });
    covered += orders.length;
  }

  const readyId = [...store.statusById.values()].find((s) => s.group === "finish")?.id ?? "";
  const pending: { userId: number; number: string; at: number }[] = [];
  const delays: number[] = [];
  let turn = 0;
  const madeReady = new Set<string>();
  const notifier = new ClientNotifier({
    services: t.services,
    api,
    mirror: t.mirror,
    client: t.client,
    logger: pino({ level: "silent" }),
  });
  return {
    notifier,
    delays,
    get made() {
      return madeReady.size;
    },
    linked: linked.length,
    share: open.length === 0 ? 0 : covered / open.length,
    makeReady(now) {
      for (let tried = 0; tried < linked.length; tried++) {
        const client = linked[turn++ % linked.length];
        // Each order once: a second "ready" of one order is the same news, told once (notify/claims.ts).
        const order = client?.orders
          .map((id) => store.orders.find((o) => o.id === id))
          .find((o): o is SandboxOrder => o !== undefined && isOpen(o) && !madeReady.has(o.id));
        if (!client || !order) continue;
        madeReady.add(order.id);
        sandbox.others.changeStatus(order.id, readyId);
        pending.push({ userId: client.userId, number: order.number, at: now });
        return true;
      }
      return false;
    },
    seen(chatId, text, now) {
      const index = pending.findIndex((p) => p.userId === chatId && text.includes(p.number));
      if (index >= 0) delays.push(now - (pending.splice(index, 1)[0]?.at ?? now));
    },
  };
}
