/**
 * The morning digest: at DIGEST_TIME in TIMEZONE (the scheduler's "digest"
 * job, up to 3 hours late, tried again until Telegram takes it, once a day per
 * user across restarts and instances), each
 * user who asked for it (/notify) and linked themselves (/me) gets their
 * overdue orders, those due later today and their stuck ones; an owner gets
 * the shop's, with those ready and waiting for pick-up and the debts left at
 * closing (issue 32.14). Nothing to say: no message.
 *
 * Three parts, each to be changed on its own: `readDigestOrders` (digest-read.ts:
 * where the orders come from), `digestText` (what the message says) and
 * `digestJob` (when, and to whom).
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import { InlineKeyboard } from "grammy";
import type { Locale } from "../../config/index.ts";
import type { Order } from "../../service/index.ts";
import { roleOf, seesMoney } from "../policy/access.ts";
import type { DailyJob } from "../scheduler/index.ts";
import { orderOpenById } from "../ui/callbacks.ts";
import { formatTime } from "../ui/dates.ts";
import { tidyKeyboard } from "../ui/keyboard.ts";
import { formatAmount } from "../ui/money.ts";
import { cutText, escapeHtml } from "../ui/text.ts";
import { deliverToUser, deliveryOf, textParts } from "./delivery.ts";
import { type DigestContent, type DigestItem, isQuiet, readDigestOrders, readStuck } from "./digest-read.ts";
import { recipients } from "./recipients.ts";
import { outboxOf, type SendDeps } from "./send.ts";

/** How late after DIGEST_TIME a digest still goes out (a restart mid-morning still sends it). */
const DIGEST_LATE_SECONDS = 3 * 60 * 60;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The digest's message (HTML): a heading with the counts, then each list, each line naming the client and how late. */
function digestText(
  t: TranslateFunction,
  content: DigestContent,
  at: { now: Date; locale: Locale; timezone: string },
): string {
  const late = (order: Order): string => {
    const deadline = order.deadline;
    if (!deadline) return escapeHtml(order.status?.name ?? t("value-none"));
    const hours = Math.floor((at.now.getTime() - deadline.getTime()) / HOUR_MS);
    if (hours < 0) return t("digest-due-at", { time: formatTime(deadline, at.locale, at.timezone, at.now) });
    return hours < 24
      ? t("digest-late-hours", { hours })
      : t("digest-late-days", { days: Math.floor(hours / 24) });
  };
  /** Whole days since `since` (never negative); undefined when the bot does not know when. */
  const daysSince = (since: Date | undefined) =>
    since === undefined ? undefined : Math.max(0, Math.floor((at.now.getTime() - since.getTime()) / DAY_MS));
  const status = (order: Order) => escapeHtml(order.status?.name ?? t("value-none"));
  const stuckHow = ({ order, since }: DigestItem) => {
    const days = daysSince(since);
    return days === undefined ? status(order) : `${status(order)} · ${t("stuck-untouched", { days })}`;
  };
  const readyHow = ({ order, since }: DigestItem) => {
    const days = daysSince(since);
    return days === undefined ? status(order) : t("digest-ready-waiting", { days });
  };
  const sum = (amount: number) => t("money", { amount: formatAmount(amount, at.locale) });
  const debtHow = ({ due, since }: DigestItem) => {
    const days = daysSince(since);
    const owed = t("digest-debt-due", { amount: sum(due ?? 0) });
    return days === undefined ? owed : `${owed} · ${t("digest-debt-closed", { days })}`;
  };
  const line = (order: Order, how: string) =>
    t("digest-line-client", {
      order: escapeHtml(order.number ?? order.id),
      client: escapeHtml(order.counteragent?.name ?? t("value-none")),
      how,
    });
  const { counts } = content;
  const heading = [t("digest-heading", counts)];
  if (content.shop) heading.push(t("digest-heading-shop", counts));
  const lines = [heading.join(" ")];
  const section = (title: string, rows: string[]) => {
    if (rows.length > 0) lines.push("", title, ...rows);
  };
  section(
    t("digest-overdue", { count: counts.overdue }),
    content.overdue.map((o) => line(o, late(o))),
  );
  section(
    t("digest-today", { count: counts.today }),
    content.today.map((o) => line(o, late(o))),
  );
  section(
    t("digest-stuck", { count: counts.stuck }),
    content.stuck.map((item) => line(item.order, stuckHow(item))),
  );
  section(
    t("digest-ready", { count: counts.ready }),
    content.ready.map((item) => line(item.order, readyHow(item))),
  );
  section(
    t("digest-debts", { count: counts.debts, total: sum(content.owed) }),
    content.debts.map((item) => line(item.order, debtHow(item))),
  );
  return lines.join("\n");
}

/** A button per order listed: its card in one tap (the order list's own `oo:<id>`). */
function digestButtons(content: DigestContent): InlineKeyboard | undefined {
  const keyboard = new InlineKeyboard();
  const seen = new Set<string>();
  const items = [content.stuck, content.ready, content.debts].flatMap((list) => list.map((i) => i.order));
  for (const order of [...content.overdue, ...content.today, ...items]) {
    if (seen.has(order.id) || !orderOpenById.fits({ id: order.id })) continue;
    seen.add(order.id);
    const label = [order.number ?? order.id, order.counteragent?.name].filter(Boolean).join(" · ");
    keyboard.text(cutText(label, 60), orderOpenById.encode({ id: order.id })).row();
  }
  return seen.size > 0 ? tidyKeyboard(keyboard) : undefined;
}

/**
 * The scheduler's job: the digest to everyone who wants it, read at the moment it runs;
 * each kept in the outbox once (delivery.ts): a run tried again after a Telegram outage
 * reads and sends only the ones never kept. Resolves false while some wait in the outbox.
 */
export function digestJob(deps: SendDeps): DailyJob {
  const { services } = deps;
  return {
    name: "digest",
    time: services.config.digestTime,
    lateBy: DIGEST_LATE_SECONDS,
    async run({ day, due }) {
      // What an earlier attempt kept and Telegram refused is tried first (when due).
      await outboxOf(deps).drain();
      const giveUpAt = due.getTime() + DIGEST_LATE_SECONDS * 1000;
      let stuckAll: Order[] | undefined;
      let complete = true;
      for (const userId of recipients(services.config)) {
        const settings = await services.users.read(userId);
        const employeeId = settings.employee?.id;
        // An owner's digest is the shop's, with or without a link to an employee.
        const owner = seesMoney(roleOf(userId, services.config));
        if (!settings.notify.digest || (!employeeId && !owner) || settings.blocked) continue;
        const key = `digest:${day}:${userId}`;
        const known = await deliveryOf(deps, key);
        if (known === "pending") complete = false;
        if (known) continue;
        stuckAll ??= await readStuck(deps);
        const now = services.clock.now();
        const scope = owner || !employeeId ? "shop" : { employeeId };
        const content = await readDigestOrders(services, scope, now, stuckAll);
        // Nothing to say: no message (quiet by default), and nothing to try again.
        const quiet = isQuiet(content);
        const { timezone } = services.config;
        const outcome = await deliverToUser(
          deps,
          userId,
          key,
          textParts(async ({ t, locale }) =>
            quiet
              ? undefined
              : { text: digestText(t, content, { now, locale, timezone }), keyboard: digestButtons(content) },
          ),
          giveUpAt,
        );
        if (outcome === "pending") complete = false;
      }
      return complete;
    },
  };
}
