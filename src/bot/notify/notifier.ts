/**
 * Notifications from the order mirror's changes, at no request:
 * assigned to me; a status change of an order I am on (opt-in) or watch (🔔);
 * an order reaching a "ready" status (opt-in); a morning digest at DIGEST_TIME
 * in TIMEZONE (opt-in). Rules (recipients.ts): only users still in
 * OPERATOR_IDS/VIEWER_IDS at send time, only orders of SHOP_IDS, never the
 * user's own change made through the bot.
 *
 * Once across restarts and instances: the notifier walks the mirror's change
 * log (changesSince) from a cursor kept in the mirror's own file, and before each
 * message claims "<change id>:<user>" durably and the news itself (order, kind,
 * new value, user) for a few minutes, so two records of one change are one message
 * (claims.ts: Redis SET NX on a shared store, a stored marker otherwise). The
 * user's own writes are noted before the request (own-changes.ts): a sync that
 * records one as someone else's does not echo it back. A claim is taken before the send:
 * a crash between the two loses that one message rather than sending it twice.
 * A 403 from Telegram (the user blocked the bot) marks the user: nothing more
 * is sent until they write again; their settings stay.
 */

import { TZDate } from "@date-fns/tz";
import type { TranslateFunction } from "@grammyjs/i18n";
import { type Api, GrammyError, type InlineKeyboard } from "grammy";
import type { Locale } from "../../config/index.ts";
import type { Logger } from "../../logger.ts";
import type { MirrorChange, OrderMirror } from "../../mirror/index.ts";
import type { Order } from "../../service/index.ts";
import { roleOf } from "../access.ts";
import type { BotServices } from "../context.ts";
import { asLocale } from "../i18n.ts";
import { SESSION_NAMESPACE } from "../index.ts";
import type { UserSettings } from "../services/user-settings.ts";
import { cardFor } from "../ui/card-message.ts";
import { orderTitle } from "../ui/order-card.ts";
import { escapeHtml } from "../ui/text.ts";
import { claimMeaning, claimOnce } from "./claims.ts";
import { isOwnChange } from "./own-changes.ts";
import { meaningOf, type Notice, noticesFor, recipients } from "./recipients.ts";

const BATCH = 100;
const CURSOR_READER = "notifier";
/** How late after DIGEST_TIME a digest still goes out (a restart mid-morning still sends it). */
export const DIGEST_LATE_MS = 3 * 60 * 60 * 1000;
/** The digest is checked this often; it goes out at the first check after DIGEST_TIME. */
const DIGEST_CHECK_MS = 60_000;
const DIGEST_ITEMS = 10;

export interface NotifierOptions {
  services: BotServices;
  api: Api;
  mirror: OrderMirror;
  logger: Logger;
}

export class Notifier {
  private readonly options: NotifierOptions;
  private cursor: number | undefined;
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Where the cursor was kept before (a file store); read once, on the first start after an upgrade. */
  private readonly legacy;

  constructor(options: NotifierOptions) {
    this.options = options;
    this.legacy = options.services.store.adapter<number>("notify-state");
  }

  /** Catches up with what the log holds since the last run, then follows the mirror. */
  start(): void {
    this.unsubscribe = this.options.mirror.onChange(() => this.kick());
    this.kick();
    this.timer = setInterval(
      () => void this.digest().catch((e) => this.warn(e, "digest failed")),
      DIGEST_CHECK_MS,
    );
    this.timer.unref();
  }

  stop(): Promise<void> {
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    return this.queue;
  }

  /** Sends what the change log holds beyond the cursor; resolves when done (tests wait on it). */
  kick(): Promise<void> {
    this.queue = this.queue
      .then(() => this.drain())
      .catch((error: unknown) => this.warn(error, "notify failed"));
    return this.queue;
  }

  private async drain(): Promise<void> {
    const { mirror } = this.options;
    this.cursor ??= await this.loadCursor();
    for (;;) {
      const entries = mirror.changesSince(this.cursor, BATCH);
      if (entries.length === 0) return;
      for (const { seq, change } of entries) {
        await this.deliver(change);
        this.cursor = seq;
        this.saveCursor(seq);
      }
    }
  }

  /**
   * Where the log was left: kept in the mirror's file beside the log (on a shared
   * store each instance numbers its own log, and a new mirror file starts at 1). A
   * new log starts at its end (the claims stop a repeat of what others sent).
   */
  private async loadCursor(): Promise<number> {
    const { mirror, services } = this.options;
    const kept = mirror.logCursor(CURSOR_READER);
    if (kept !== undefined) return kept;
    let seq = 0;
    for (;;) {
      const last = mirror.changesSince(seq, 1000).at(-1);
      if (!last) break;
      seq = last.seq;
    }
    // Before the cursor lived in the mirror's file, a file store kept it: taken when it fits this log.
    const legacy = services.store.kind === "redis" ? undefined : await this.legacy.read("cursor");
    if (legacy !== undefined && Number.isSafeInteger(legacy) && legacy >= 0 && legacy <= seq) seq = legacy;
    // Kept at once: a change that comes before the first send is still sent after a restart.
    this.saveCursor(seq);
    return seq;
  }

  private saveCursor(seq: number): void {
    this.options.mirror.setLogCursor(CURSOR_READER, seq);
  }

  private async deliver(change: MirrorChange): Promise<void> {
    const { services } = this.options;
    for (const userId of recipients(services.config)) {
      const settings = await services.users.read(userId);
      const notice = noticesFor(change, userId, settings, services.config);
      if (!notice) continue;
      // Recorded as someone else's, yet the user's own write through the bot (read by a sync before the write-through).
      if (await isOwnChange(services.store, userId, change)) continue;
      if (!(await claimOnce(services.store, `${change.id}:${userId}`))) continue;
      // Another record of the same change (a sync's and a write-through's, on two instances): told already.
      if (!(await claimMeaning(services.store, meaningOf(change, notice, userId)))) continue;
      await this.send(userId, settings, notice, change.order);
    }
  }

  /** The morning digest: once a day per user who wants it, at the first check after DIGEST_TIME in TIMEZONE. */
  async digest(): Promise<void> {
    const { services, mirror } = this.options;
    const { config, clock } = services;
    const now = new TZDate(clock.now().getTime(), config.timezone);
    const due = new TZDate(
      now.getFullYear(),
      now.getMonth(),
      now.getDate(),
      config.digestTime.hours,
      config.digestTime.minutes,
      0,
      config.timezone,
    );
    // A "morning" digest is not sent in the evening: a bot that was down (or started) well
    // after DIGEST_TIME waits for the next morning.
    if (now.getTime() < due.getTime() || now.getTime() - due.getTime() > DIGEST_LATE_MS) return;
    const dayEnd = new TZDate(now.getFullYear(), now.getMonth(), now.getDate() + 1, config.timezone);
    const day = `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
    for (const userId of recipients(config)) {
      const settings = await services.users.read(userId);
      const employeeId = settings.employee?.id;
      if (!settings.notify.digest || !employeeId || settings.blocked) continue;
      const overdue = mirror.list({ employeeId, overdue: true, pageSize: DIGEST_ITEMS });
      const today = mirror.list({
        employeeId,
        // From now: what was due earlier today is in the overdue list already.
        deadlineFrom: now,
        deadlineTo: dayEnd,
        pageSize: DIGEST_ITEMS,
      });
      // The day's one chance is taken even when there is nothing to say: an order that
      // falls due later that day must not bring a "morning" digest at noon.
      if (!(await claimOnce(services.store, `digest:${day}:${userId}`))) continue;
      // Nothing overdue or due today: no message (quiet by default).
      if (overdue.total + today.total === 0) continue;
      await this.send(userId, settings, {
        kind: "digest",
        overdue: overdue.items.map((m) => m.order),
        today: today.items.map((m) => m.order),
        counts: { overdue: overdue.total, today: today.total },
      });
    }
  }

  private async send(userId: number, settings: UserSettings, notice: Notice, order?: Order): Promise<void> {
    const { services, api } = this.options;
    // Still allowed now (the lists may have changed since the change was found).
    const role = roleOf(userId, services.config);
    if (role === "stranger" || settings.blocked) return;
    const locale = await this.localeOf(userId, settings);
    const t: TranslateFunction = (key, args) => services.i18n.t(locale, key, args);
    let text: string;
    let keyboard: InlineKeyboard | undefined;
    if (notice.kind === "digest") {
      text = digestText(t, notice);
    } else {
      if (!order) return;
      const held = this.options.mirror.get(order.id);
      const card = await cardFor({ services, t, locale, role }, held?.order ?? order, {
        asOf: held?.syncedAt,
      });
      text = `${headerOf(t, notice, order)}\n\n${card.text}`;
      keyboard = card.keyboard;
    }
    try {
      await api.sendMessage(userId, text, keyboard ? { reply_markup: keyboard } : {});
    } catch (error) {
      if (error instanceof GrammyError && error.error_code === 403) {
        // Blocked (or the account is gone): a user who left. Their settings stay.
        await services.users.update(userId, (s) => {
          s.blocked = true;
        });
        return;
      }
      this.warn(error, "a notification was not sent");
    }
  }

  /** The language the user chose (/language, in the session store), else the one they last used, else the default. */
  private async localeOf(userId: number, settings: UserSettings): Promise<Locale> {
    const { store, config } = this.options.services;
    const session = await store.adapter<{ __language_code?: string }>(SESSION_NAMESPACE).read(String(userId));
    if (session?.__language_code) return asLocale(session.__language_code);
    return settings.locale ?? config.defaultLocale;
  }

  private warn(error: unknown, message: string): void {
    this.options.logger.warn({ err: String(error) }, `notifications: ${message}`);
  }
}

type T = TranslateFunction;

function headerOf(t: T, notice: Exclude<Notice, { kind: "digest" }>, order: Order): string {
  const number = escapeHtml(orderTitle(order));
  const status = escapeHtml(order.status?.name ?? "—");
  switch (notice.kind) {
    case "assigned":
      return t(`notify-assigned-${notice.role}`, { number });
    case "ready":
      return t("notify-ready", { number, status });
    default:
      return t("notify-status", { number, status });
  }
}

function digestText(t: T, notice: Extract<Notice, { kind: "digest" }>): string {
  const line = (order: Order) =>
    `• ${escapeHtml(orderTitle(order))} · ${escapeHtml(order.status?.name ?? "—")}`;
  const lines = [t("digest-heading", notice.counts)];
  if (notice.overdue.length > 0)
    lines.push("", t("digest-overdue", { count: notice.counts.overdue }), ...notice.overdue.map(line));
  if (notice.today.length > 0)
    lines.push("", t("digest-today", { count: notice.counts.today }), ...notice.today.map(line));
  return lines.join("\n");
}
