/**
 * Messages to linked clients from the order mirror's change log, at no request
 * but the consent check (consent.ts): an order became ready (what is due, the
 * hours), it entered the approval status with an estimate (✅ / ❌), and with
 * CLIENT_ALL_STATUSES every other status change. Never the client's own change
 * (their approval), never a counteragent the shop marked as not allowing
 * Telegram, never an order outside SHOP_IDS or deleted.
 *
 * Once across restarts and instances, as the staff's notifier: a cursor in the
 * mirror's file (its own reader name), and claims per record of a change and
 * per meaning (notify/claims.ts) before each message.
 */
import { createHash } from "node:crypto";
import type { Api, InlineKeyboard } from "grammy";
import type { Logger } from "../../../logger.ts";
import type { MirrorChange, OrderMirror } from "../../../mirror/index.ts";
import type { Order, ServiceClient } from "../../../service/index.ts";
import type { BotServices } from "../../context.ts";
import { ChangeFeed } from "../../notify/change-feed.ts";
import { claimMeaning } from "../../notify/claims.ts";
import type { Outbox } from "../../notify/outbox.ts";
import { outboxOf } from "../../notify/send.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import { checkAnswers } from "./approval-checks.ts";
import { approvalMessage } from "./approval-message.ts";
import { currentRound, noteRound } from "./approval-rounds.ts";
import { consentAllows } from "./consent.ts";
import { clientLinksOf, linkedClientsAudience } from "./links.ts";
import { enteredWithoutPrice, tellNoPrice } from "./no-price.ts";
import { estimateOf, hasPhone, inShops } from "./orders.ts";
import { payKeyboard } from "./pay-button.ts";
import { hoursText, readerFor } from "./reader.ts";
import { approvalStatuses, knownStatuses } from "./statuses.ts";
import { callLine, deviceOf, moneyLines, type Reader, shopOf, statusOf, statusText } from "./view.ts";
import { clientsWaiting } from "./waiting.ts";

const CURSOR_READER = "clients";
/** The audience of clients' messages in the outbox. */
const CLIENTS = "client";
/** How often the notifier looks whether linked clients wait for news (well within the mirror's 30 quiet minutes). */
const PACE_CHECK_MS = 5 * 60_000;

type ClientNotice = "ready" | "approval" | "status" | "collect";

interface ClientNotifierOptions {
  services: BotServices;
  api: Api;
  mirror: OrderMirror;
  client: ServiceClient;
  logger: Logger;
  /** Default: the outbox of this store and api (notify/send.ts). */
  outbox?: Outbox;
}

type ClientMessage = { text: string; keyboard?: unknown };

/** How often the answers whose outcome is not known are looked at (each is checked when due). */
const CHECK_EVERY_MS = 15_000;

export class ClientNotifier extends ChangeFeed {
  private readonly options: ClientNotifierOptions;
  private timer: ReturnType<typeof setInterval> | undefined;
  private checking: Promise<void> = Promise.resolve();
  private readonly outbox: Outbox;
  private paceTimer: NodeJS.Timeout | undefined;

  constructor(options: ClientNotifierOptions) {
    super(options.mirror, CURSOR_READER);
    this.options = options;
    this.outbox = outboxOf(options);
    this.outbox.audience(CLIENTS, linkedClientsAudience(options.services.store));
  }

  protected override failed(error: unknown): void {
    this.options.logger.warn({ err: String(error) }, "client messages failed");
  }

  /** Checks the answers whose outcome is not known yet as they fall due (approval-checks.ts). */
  override start(): void {
    super.start();
    this.timer = setInterval(() => void this.checkAnswers().catch(() => undefined), CHECK_EVERY_MS);
    this.timer.unref?.();
    // Linked clients waiting for news keep the sync's daytime pace (waiting.ts).
    void this.keepPace();
    this.paceTimer ??= setInterval(() => void this.keepPace(), PACE_CHECK_MS);
    this.paceTimer.unref();
  }

  /** Notes activity on the mirror when a linked client has an open order; true then. */
  async keepPace(): Promise<boolean> {
    const { services, mirror, logger } = this.options;
    const waiting = await clientsWaiting(services, mirror).catch((error: unknown) => {
      logger.warn({ err: String(error) }, "could not tell whether clients wait for news");
      return false;
    });
    if (waiting) mirror.noteActivity();
    return waiting;
  }

  override async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.paceTimer) clearInterval(this.paceTimer);
    this.paceTimer = undefined;
    await super.stop();
    await this.checking;
  }

  /** The answers due for a check (or every one of `orderId`); one at a time in this process. */
  checkAnswers(orderId?: string): Promise<void> {
    const deps = {
      ...this.options,
      send: (userId: number, message: ClientMessage, key?: string) => this.send(userId, message, key),
    };
    this.checking = this.checking
      .then(() => checkAnswers(deps, orderId))
      .catch((error: unknown) =>
        this.options.logger.warn({ err: String(error) }, "client answers not checked"),
      );
    return this.checking;
  }

  protected async deliver(change: MirrorChange): Promise<void> {
    const { services, mirror } = this.options;
    if (change.kind === "deleted") return;
    // The record as the mirror holds it now: a catch-up after a restart does not tell a state long gone,
    // nor an order since moved to another client to its former one.
    let order = mirror.get(change.order.id)?.order ?? change.order;
    // A change of an order whose client's answer is not known yet: maybe it landed; checked now.
    if (change.source === "sync") await this.checkAnswers(order.id);
    // Every entry into the approval status opens a round, linked client or not: one who links later
    // must not find the round they answered before.
    const entered = change.kind === "status" && (await enteredApproval(services, change));
    const entry = entered ? await noteRound(services, order.id, change.detectedAt) : undefined;
    if (order.isVisible === false || !inShops(order, services.config.shopIds)) return;
    const counteragentId = order.counteragent?.id;
    const links = clientLinksOf(services.store);
    const users = counteragentId ? await links.usersOf(counteragentId) : [];
    const plain = await readerFor(services, services.config.defaultLocale);
    // Nothing to ask about: staff are told the client was not asked, and why.
    if (entry !== undefined && enteredWithoutPrice(plain, change, order))
      await tellNoPrice(this.options, change, order, entry, users.length > 0);
    if (!counteragentId || users.length === 0) return;
    const notice = noticeOf(change, order, plain, services.config.clients?.allStatuses ?? false);
    if (!notice) return;
    // A new price while it waits is the same entry's question (its round), asked anew.
    const round = notice !== "approval" ? "0" : (entry ?? (await currentRound(services, order.id)));
    let allowed: boolean | undefined;
    let fresh = notice !== "approval";
    for (const userId of users) {
      // Their own approval: the answer to the press told them.
      if (change.source === "bot" && change.actorId === userId) continue;
      const link = await links.read(userId);
      if (!link || link.blocked || !link.counteragents.some((c) => c.id === counteragentId)) continue;
      if (!hasPhone(order, link.phone, services.config.phoneCountry)) continue;
      allowed ??= await consentAllows(services, this.options.client, counteragentId, this.options.logger);
      if (!allowed) return;
      const key = `client:${change.id}:${userId}`;
      // Kept before (a replay of the log after a restart): the outbox has it.
      if (await this.outbox.status(key)) continue;
      if (!(await claimMeaning(services.store, meaningOf(notice, order, change, round, userId), key)))
        continue;
      // The question says what is approved: the verdict as the CRM holds it now (one read per question).
      if (!fresh) {
        order = await this.whole(order);
        fresh = true;
      }
      const r = await readerFor(services, link.locale);
      const message = messageOf(services, r, notice, order, round);
      if (message) await this.send(userId, message, key, change.detectedAt.getTime());
    }
  }

  /** The order's whole record (its verdict), read once and kept; the held one when the service cannot say. */
  private async whole(order: Order): Promise<Order> {
    try {
      return (await this.options.mirror.fetch(order.id, { refresh: true })).order;
    } catch (error) {
      this.options.logger.warn({ err: String(error), order: order.id }, "an approval's order not read whole");
      return order;
    }
  }

  /**
   * The one way a message reaches a linked client outside an update: the outbox, under `key`
   * (a change's message), else under the text itself (an answer's outcome: told once).
   */
  private async send(userId: number, message: ClientMessage, key?: string, since?: number): Promise<void> {
    const keyboard = message.keyboard as InlineKeyboard | undefined;
    const id =
      key ??
      `client-text:${userId}:${createHash("sha256").update(message.text).digest("base64url").slice(0, 22)}`;
    await this.outbox.send({
      id,
      chatId: userId,
      audience: CLIENTS,
      since,
      parts: [
        {
          method: "sendMessage",
          text: message.text,
          keyboard: keyboard && { inline_keyboard: keyboard.inline_keyboard },
        },
      ],
    });
  }
}

/**
 * The news itself, the same for two records of one change (a sync's and a write-through's):
 * an approval's is its round and amount, so each entry into the approval status with a price,
 * and each new price while it waits, is its own question, however soon after the last.
 */
function meaningOf(
  notice: ClientNotice,
  order: Order,
  change: MirrorChange,
  round: string,
  userId: number,
): string {
  const value =
    notice === "approval"
      ? `${round}:${estimateOf(order) ?? "-"}`
      : (change.to?.id ?? order.status?.id ?? "-");
  return `${order.id}:client-${notice}:${value}:c${userId}`;
}

async function enteredApproval(services: BotServices, change: MirrorChange): Promise<boolean> {
  const approval = approvalStatuses(services.config, await knownStatuses(services));
  return approval !== undefined && change.to?.id === approval.waiting.id;
}

/** What a client is told of this change, if anything. */
function noticeOf(
  change: MirrorChange,
  order: Order,
  r: Reader,
  allStatuses: boolean,
): ClientNotice | undefined {
  const now = statusOf(r, order);
  // Still ready now: a catch-up does not call an order handed over since "ready for pick-up".
  if (change.kind === "ready") return now === "ready" ? "ready" : undefined;
  // A price set (or changed) while the order waits for the client: the question goes out then.
  if (change.kind === "price") return now === "approval" ? "approval" : undefined;
  if (change.kind !== "status") return undefined;
  // Declined in the CRM, or returned without repair: the device can be collected (never "ready", never owed).
  if (change.to?.id === order.status?.id && (now === "declined" || now === "return-ready")) return "collect";
  // Entered the approval status and still waits in it (a catch-up may find it decided since).
  if (r.approval && change.to?.id === r.approval.waiting.id)
    return now === "approval" ? "approval" : undefined;
  // Ready is its own message (the "ready" record of the same change).
  if (!allStatuses || now === "ready" || change.to?.id !== order.status?.id) return undefined;
  return "status";
}

function messageOf(
  services: BotServices,
  r: Reader,
  notice: ClientNotice,
  order: Order,
  round: string,
): { text: string; keyboard?: unknown } | undefined {
  const number = escapeHtml(orderTitle(order));
  const device = deviceOf(r, order);
  const status = { text: r.t("client-notify-status", { number, device, status: statusText(r, order) }) };
  // Waiting for an approval without an estimate: no buttons, only the status (when every status is told).
  if (notice === "approval")
    return approvalMessage(r, order, round) ?? (services.config.clients?.allStatuses ? status : undefined);
  if (notice === "status") return status;
  const lines = [
    notice === "collect" ? status.text : r.t("client-notify-ready", { number, device }),
    ...moneyLines(r, order, { estimate: false }),
    hoursText(services, r.t),
  ];
  const shop = shopOf(r, order);
  if (shop?.address) lines.push(r.t("client-order-where", { address: escapeHtml(shop.address) }));
  const call = callLine(r, order);
  if (call) lines.push(call);
  // Ready with something due: "💳 Pay" when payments are on (features/payments).
  const pay = notice === "ready" ? payKeyboard(r, services.config, [order], false) : undefined;
  return { text: lines.join("\n"), keyboard: pay };
}
