/**
 * The morning digest: at DIGEST_TIME in TIMEZONE (the scheduler's "digest"
 * job, up to 3 hours late, once a day across restarts and instances), each
 * user who asked for it (/notify) and linked themselves (/me) gets their
 * overdue orders and those due later today. Nothing overdue or due: no message.
 *
 * Three parts, each to be changed on its own: `readDigestOrders` (where the
 * orders come from), `digestText` (what the message says) and `digestJob`
 * (when, and to whom).
 */
import { TZDate } from "@date-fns/tz";
import type { TranslateFunction } from "@grammyjs/i18n";
import type { Order } from "../../service/index.ts";
import type { BotServices } from "../context.ts";
import type { DailyJob } from "../scheduler/index.ts";
import { orderTitle } from "../ui/order-card.ts";
import { escapeHtml } from "../ui/text.ts";
import { recipients } from "./recipients.ts";
import { type SendDeps, sendToUser } from "./send.ts";

/** How late after DIGEST_TIME a digest still goes out (a restart mid-morning still sends it). */
export const DIGEST_LATE_SECONDS = 3 * 60 * 60;
const DIGEST_ITEMS = 10;

/** One person's lists: up to DIGEST_ITEMS of each, with the full counts. */
export interface DigestContent {
  overdue: Order[];
  today: Order[];
  counts: { overdue: number; today: number };
}

/**
 * The orders of one employee that are overdue at `now` or due from `now` to the
 * end of the day, from the order mirror (no request). Undefined when there is
 * nothing to read them from (MIRROR=off): then no digest goes.
 */
export function readDigestOrders(
  services: BotServices,
  employeeId: string,
  now: Date,
): DigestContent | undefined {
  const { mirror, config } = services;
  if (!mirror) return undefined;
  const local = new TZDate(now.getTime(), config.timezone);
  const dayEnd = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 1, config.timezone);
  const overdue = mirror.list({ employeeId, overdue: true, pageSize: DIGEST_ITEMS });
  const today = mirror.list({
    employeeId,
    // From now: what was due earlier today is in the overdue list already.
    deadlineFrom: now,
    deadlineTo: dayEnd,
    pageSize: DIGEST_ITEMS,
  });
  return {
    overdue: overdue.items.map((m) => m.order),
    today: today.items.map((m) => m.order),
    counts: { overdue: overdue.total, today: today.total },
  };
}

/** The digest's message (HTML): a heading with the counts, then each list. */
export function digestText(t: TranslateFunction, content: DigestContent): string {
  const line = (order: Order) =>
    `• ${escapeHtml(orderTitle(order))} · ${escapeHtml(order.status?.name ?? "—")}`;
  const lines = [t("digest-heading", content.counts)];
  if (content.overdue.length > 0)
    lines.push("", t("digest-overdue", { count: content.counts.overdue }), ...content.overdue.map(line));
  if (content.today.length > 0)
    lines.push("", t("digest-today", { count: content.counts.today }), ...content.today.map(line));
  return lines.join("\n");
}

/** The scheduler's job: the digest to everyone who wants it, read at the moment it runs. */
export function digestJob(deps: SendDeps): DailyJob {
  const { services } = deps;
  return {
    name: "digest",
    time: services.config.digestTime,
    lateBy: DIGEST_LATE_SECONDS,
    async run() {
      for (const userId of recipients(services.config)) {
        const settings = await services.users.read(userId);
        const employeeId = settings.employee?.id;
        if (!settings.notify.digest || !employeeId || settings.blocked) continue;
        const content = readDigestOrders(services, employeeId, services.clock.now());
        // Nothing overdue or due today: no message (quiet by default).
        if (!content || content.counts.overdue + content.counts.today === 0) continue;
        await sendToUser(deps, userId, async ({ t }) => ({ text: digestText(t, content) }));
      }
    },
  };
}
