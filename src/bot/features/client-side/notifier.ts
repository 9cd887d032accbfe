/**
 * Messages to linked clients from the order mirror's change log, at no request
 * but the consent check (consent.ts): an order became ready (what is due, the
 * hours), it entered the approval status with an estimate (✅ / ❌), and with
 * CLIENT_ALL_STATUSES every other status change. Never the client's own change
 * (their approval), never a counteragent the shop marked as not allowing
 * Telegram, never an order outside SHOP_IDS or deleted.
 *
 * Once across restarts and instances, as the staff's notifier: a cursor in the
 * mirror's file (its own reader name), a claim per meaning (notify/claims.ts), and
 * each message kept in the outbox (notify/outbox.ts) under "client:<change id>:<user>"
 * until Telegram takes it: tried again after a 429, a 5xx or a dropped connection,
 * after a restart too; a client who blocked the bot is marked so.
 */
import type { Api, InlineKeyboard } from "grammy";
import type { Logger } from "../../../logger.ts";
import type { MirrorChange, OrderMirror } from "../../../mirror/index.ts";
import type { Order, ServiceClient } from "../../../service/index.ts";
import type { BotServices } from "../../context.ts";
import { ChangeFeed } from "../../notify/change-feed.ts";
import { claimMeaning } from "../../notify/claims.ts";
import type { Outbox } from "../../notify/outbox.ts";
import { outboxOf } from "../../notify/send.ts";
import { formatAmount } from "../../ui/money.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import { approvalMessage, noteRound } from "./approval.ts";
import { consentAllows } from "./consent.ts";
import { clientLinksOf } from "./links.ts";
import { dueOf, hasPhone, inShops } from "./orders.ts";
import { hoursText, readerFor } from "./reader.ts";
import { approvalStatuses, clientStatus, knownStatuses } from "./statuses.ts";
import { deviceOf, type Reader, statusText } from "./view.ts";
import { clientsWaiting } from "./waiting.ts";

const CURSOR_READER = "clients";
/** The audience of clients' messages in the outbox. */
const CLIENTS = "client";
/** How often the notifier looks whether linked clients wait for news (well within the mirror's 30 quiet minutes). */
const PACE_CHECK_MS = 5 * 60_000;

type ClientNotice = "ready" | "approval" | "status";

interface ClientNotifierOptions {
  services: BotServices;
  api: Api;
  mirror: OrderMirror;
  client: ServiceClient;
  logger: Logger;
  /** Default: the outbox of this store and api (notify/send.ts). */
  outbox?: Outbox;
}

export class ClientNotifier extends ChangeFeed {
  private readonly options: ClientNotifierOptions;

  private readonly outbox: Outbox;
  private paceTimer: NodeJS.Timeout | undefined;

  constructor(options: ClientNotifierOptions) {
    super(options.mirror, CURSOR_READER);
    this.options = options;
    this.outbox = outboxOf(options);
    const links = clientLinksOf(options.services.store);
    this.outbox.audience(CLIENTS, {
      // Unlinked (/stop) or blocked since the message was kept: nothing is sent.
      allows: async (userId) => {
        const link = await links.read(userId);
        return link !== undefined && !link.blocked;
      },
      async refused(userId, reason) {
        // The client blocked the bot: nothing more until they write again.
        if (reason === "blocked") await links.setBlocked(userId, true);
      },
    });
  }

  /** Follows the log, and keeps the sync's daytime pace while linked clients wait for news (waiting.ts). */
  override start(): void {
    super.start();
    void this.keepPace();
    this.paceTimer ??= setInterval(() => void this.keepPace(), PACE_CHECK_MS);
    this.paceTimer.unref();
  }

  override stop(): Promise<void> {
    if (this.paceTimer) clearInterval(this.paceTimer);
    this.paceTimer = undefined;
    return super.stop();
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

  protected override failed(error: unknown): void {
    this.options.logger.warn({ err: String(error) }, "client messages failed");
  }

  protected async deliver(change: MirrorChange): Promise<void> {
    const { services, mirror } = this.options;
    if (change.kind === "deleted") return;
    // The record as the mirror holds it now: a catch-up after a restart does not tell a state long gone,
    // nor an order since moved to another client to its former one.
    const order = mirror.get(change.order.id)?.order ?? change.order;
    // Every entry into the approval status opens a round, linked client or not: one who links later
    // must not find the round they answered before.
    if (change.kind === "status" && (await enteredApproval(services, change)))
      await noteRound(services, order.id, change.detectedAt);
    const counteragentId = order.counteragent?.id;
    if (!counteragentId) return;
    const links = clientLinksOf(services.store);
    const users = await links.usersOf(counteragentId);
    if (users.length === 0) return;
    if (order.isVisible === false || !inShops(order, services.config.shopIds)) return;
    const plain = await readerFor(services, services.config.defaultLocale);
    const notice = noticeOf(change, order, plain, services.config.clients?.allStatuses ?? false);
    if (!notice) return;
    const round = notice === "approval" ? await noteRound(services, order.id, change.detectedAt) : "0";
    let allowed: boolean | undefined;
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
      const value = change.to?.id ?? order.status?.id ?? "-";
      if (!(await claimMeaning(services.store, `${order.id}:client-${notice}:${value}:c${userId}`, key)))
        continue;
      const r = await readerFor(services, link.locale);
      const message = messageOf(services, r, notice, order, round);
      if (message) await this.send(key, userId, message);
    }
  }

  private async send(key: string, userId: number, message: { text: string; keyboard?: unknown }) {
    const keyboard = message.keyboard as InlineKeyboard | undefined;
    await this.outbox.send({
      id: key,
      chatId: userId,
      audience: CLIENTS,
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
  const now = clientStatus(order, r.statuses, r.approval);
  // Still ready now: a catch-up does not call an order handed over since "ready for pick-up".
  if (change.kind === "ready") return now === "ready" ? "ready" : undefined;
  if (change.kind !== "status") return undefined;
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
  const lines = [r.t("client-notify-ready", { number, device })];
  const due = dueOf(order);
  if (due !== undefined)
    lines.push(
      due > 0 ? r.t("client-order-due", { amount: formatAmount(due, r.locale) }) : r.t("client-order-paid"),
    );
  lines.push(hoursText(services, r.t));
  const shop = r.shops.find((s) => s.id === order.shop?.id);
  if (shop?.address) lines.push(r.t("client-order-where", { address: escapeHtml(shop.address) }));
  return { text: lines.join("\n") };
}
