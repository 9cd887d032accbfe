/**
 * The client side's test set-up: a bot with CLIENTS=on on a warm order mirror
 * (the first demo workshop), the reference data cached as at start-up, the
 * client notifier and the staff's, and contacts as Telegram sends them.
 */
import type { Update, User } from "grammy/types";
import { pino } from "pino";
import { ClientNotifier } from "../../../../src/bot/features/client-side/index.ts";
import { Notifier } from "../../../../src/bot/notify/notifier.ts";
import type { ClientsConfig, Config } from "../../../../src/config/index.ts";
import type { BudgetOptions } from "../../../../src/mirror/index.ts";
import { startSandbox } from "../../../../src/sandbox/index.ts";
import type { Counteragent, Order as SandboxOrder } from "../../../../src/sandbox/model.ts";
import type { StoredMessage } from "../../../helpers/fake-telegram.ts";
import { ManualClock } from "../../../helpers/manual-clock.ts";
import { createMirrorBot, type MirrorBot } from "../../../helpers/mirror-bot.ts";
import type { TestBotOptions } from "../../../helpers/test-bot.ts";
import { telegramUser, updateId } from "../../../helpers/updates.ts";

export const OPERATOR = 1;
export const WAITING = "Ждёт согласования клиента";
export const APPROVED = "Согласовано, предоплата";
export const DECLINED = "Отказ";

const logger = pino({ level: "silent" });

export interface ClientBot extends MirrorBot {
  clientNotifier: ClientNotifier;
  staffNotifier: Notifier;
  shopId: string;
  /** Sync what the CRM's other users changed, then let both notifiers send. */
  syncAndNotify(): Promise<void>;
  stopNotifiers(): Promise<void>;
}

export interface ClientBotOptions {
  clients?: Partial<ClientsConfig>;
  /** More of the configuration (e.g. the paper's SHOP_HOURS). */
  config?: Partial<Config>;
  orders?: number;
  clientOptions?: TestBotOptions["clientOptions"];
  /** The sync's budget (default: a large one, so a sync never waits). */
  budget?: Partial<BudgetOptions>;
  /** More of the bot's wiring (e.g. the metrics). */
  deps?: TestBotOptions["deps"];
  /** The bot's store (default: in memory), e.g. Redis for two instances. */
  store?: TestBotOptions["store"];
  /** Where the test clock starts (default: now). */
  start?: Date;
}

export async function startClientBot(options: ClientBotOptions = {}): Promise<ClientBot> {
  const { clients = {}, orders = 150, clientOptions } = options;
  const clock = new ManualClock(options.start ?? new Date());
  const sandbox = await startSandbox({ port: 0, orders, clock: { now: () => clock.now().getTime() } });
  const shopId = sandbox.shops[0]?.id ?? "";
  const t = await createMirrorBot({
    operators: [OPERATOR],
    sandbox,
    clock,
    clientOptions,
    budget: options.budget,
    deps: options.deps,
    store: options.store,
    config: {
      ...options.config,
      shopIds: [shopId],
      clients: {
        enabled: true,
        approval: { waiting: WAITING, approved: APPROVED, declined: DECLINED },
        allStatuses: false,
        ratePerMinute: 12,
        ...clients,
      },
    },
  });
  // As at start-up: the workshops and the statuses are cached once.
  await t.services.reference.shops();
  await t.services.reference.statuses();
  const clientNotifier = new ClientNotifier({
    services: t.services,
    api: t.bot.api,
    mirror: t.mirror,
    client: t.client,
    logger,
  });
  const staffNotifier = new Notifier({ services: t.services, api: t.bot.api, mirror: t.mirror, logger });
  clientNotifier.start();
  staffNotifier.start();
  t.mark();
  return {
    ...t,
    shopId,
    clientNotifier,
    staffNotifier,
    async syncAndNotify() {
      await t.clock.advance(60_000);
      await t.sync();
      await clientNotifier.kick();
      await staffNotifier.kick();
    },
    async stopNotifiers() {
      await clientNotifier.stop();
      await staffNotifier.stop();
    },
    async close() {
      await clientNotifier.stop();
      await staffNotifier.stop();
      await t.close();
      await sandbox.close();
    },
  };
}

/** The sender's own contact as Telegram's request button sends it (`userId`: whose contact it is; "none": a contact card without one). */
export function contactUpdate(
  t: MirrorBot,
  from: User,
  phone: string,
  userId: number | "none" = from.id,
): Update {
  const messageId = t.telegram.nextMessageId(from.id);
  return {
    update_id: updateId(),
    message: {
      message_id: messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: "private", first_name: from.first_name },
      from,
      contact: {
        phone_number: phone,
        first_name: from.first_name,
        ...(userId === "none" ? {} : { user_id: userId }),
      },
    },
  } as Update;
}

export function person(id: number, languageCode: "ru" | "en"): User {
  return telegramUser(id, { languageCode });
}

/**
 * A client of the workshop with open orders the mirror holds, whose number no
 * other client has: their counteragent and their visible orders.
 */
export function aClient(
  t: ClientBot,
  skip: readonly string[] = [],
): { who: Counteragent; orders: SandboxOrder[] } {
  const { store } = t.sandbox;
  const digits = (p: string) => p.replace(/\D/g, "");
  for (const who of store.counteragents) {
    if (skip.includes(who.id) || who.phones.length !== 1) continue;
    const phone = digits(who.phones[0] ?? "");
    const shared = store.counteragents.some(
      (o) => o.id !== who.id && o.phones.some((p) => digits(p) === phone),
    );
    if (shared) continue;
    const orders = store.orders.filter(
      (o) => o.isVisible && o.counteragentId === who.id && o.shopId === t.shopId && t.mirror.get(o.id),
    );
    const open = orders.filter(
      (o) => !["closed", "finish"].includes(store.statusById.get(o.statusId)?.group ?? ""),
    );
    if (open.length > 0) return { who, orders };
  }
  throw new Error("no client with open orders in the seed");
}

export function statusId(t: ClientBot, name: string): string {
  const found = [...t.sandbox.store.statusById.values()].find((s) => s.name === name);
  if (!found) throw new Error(`no status ${name}`);
  return found.id;
}

/** The order's number as the bot shows it. */
export function numberOf(t: ClientBot, orderId: string): string {
  return t.mirror.get(orderId)?.order.number ?? "";
}

/** A linked client (`userId`, language) and one of their open orders. */
export async function linked(bot: ClientBot, userId: number, languageCode: "ru" | "en") {
  const { who, orders } = aClient(bot);
  const order = orders.find(
    (o) => !["closed", "finish"].includes(bot.sandbox.store.statusById.get(o.statusId)?.group ?? ""),
  )!;
  const from = person(userId, languageCode);
  await bot.handle(contactUpdate(bot, from, who.phones[0]!));
  bot.mark();
  return { who, order, from, user: bot.user(userId, { languageCode }) };
}

/** The callback data of a message's buttons, read before a press edits them away. */
export const buttonsOf = (message: StoredMessage | undefined): string[] =>
  (message?.replyMarkup?.inline_keyboard.flat() ?? []).map((b) =>
    "callback_data" in b ? String(b.callback_data) : "",
  );
export const messagesTo = (bot: ClientBot, id: number) => bot.telegram.botMessages(id).map((m) => m.text);

/** Puts the order into the approval status with an estimate, as staff would, and lets the bot tell the client. */
export async function awaitingApproval(bot: ClientBot, orderId: string, amount = "3500"): Promise<void> {
  // No works or parts priced yet: the estimate is the approximate price.
  const record = bot.sandbox.store.orders.find((o) => o.id === orderId)!;
  record.positions.length = 0;
  bot.sandbox.others.change(orderId, { approximatePrice: amount });
  await bot.syncAndNotify();
  bot.sandbox.others.changeStatus(orderId, statusId(bot, WAITING));
  await bot.syncAndNotify();
  bot.mark();
}
