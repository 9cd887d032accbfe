/**
 * The morning digest: at DIGEST_TIME in TIMEZONE (the scheduler's "digest"
 * job, up to 3 hours late, tried again until Telegram takes it, once a day per
 * user across restarts and instances), each
 * user who asked for it (/notify) and linked themselves (/me) gets their
 * overdue orders, those due later today and their stuck ones, read through the
 * order reader (mirror on or off). Nothing to say: no message.
 *
 * Three parts, each to be changed on its own: `readDigestOrders` (where the
 * orders come from), `digestText` (what the message says) and `digestJob`
 * (when, and to whom).
 */
import { TZDate } from "@date-fns/tz";
import type { TranslateFunction } from "@grammyjs/i18n";
import { InlineKeyboard } from "grammy";
import type { Locale } from "../../config/index.ts";
import { isOverdue } from "../../contract/status-groups.ts";
import type { Order } from "../../service/index.ts";
import type { BotServices } from "../context.ts";
import { roleOf, seesMoney } from "../policy/access.ts";
import type { DailyJob } from "../scheduler/index.ts";
import { orderOpenById } from "../ui/callbacks.ts";
import { formatTime } from "../ui/dates.ts";
import { tidyKeyboard } from "../ui/keyboard.ts";
import { cutText, escapeHtml } from "../ui/text.ts";
import { deliverToUser, deliveryOf, textParts } from "./delivery.ts";
import { recipients } from "./recipients.ts";
import { outboxOf, type SendDeps } from "./send.ts";

/** How late after DIGEST_TIME a digest still goes out (a restart mid-morning still sends it). */
const DIGEST_LATE_SECONDS = 3 * 60 * 60;
const DIGEST_ITEMS = 10;

/** One person's lists: up to DIGEST_ITEMS of each, with the full counts. */
interface DigestContent {
  overdue: Order[];
  today: Order[];
  stuck: Order[];
  counts: { overdue: number; today: number; stuck: number };
}

/** An employee's open orders read for the digest: one page is more than a person has in work. */
const MINE_READ = 50;
/** Stuck orders read for a morning's digests (one request; each person's are among them). */
const STUCK_READ = 50;

/**
 * The orders of one employee that are overdue at `now`, due from `now` to the
 * end of the day, or stuck (`stuckAll`, read once for everyone), through the
 * order reader: no request with the mirror, two (their orders as master and as
 * manager) without it.
 */
async function readDigestOrders(
  services: BotServices,
  scope: { employeeId: string } | "shop",
  now: Date,
  stuckAll: readonly Order[],
): Promise<DigestContent> {
  const { config, orders, mirror } = services;
  const local = new TZDate(now.getTime(), config.timezone);
  const dayEnd = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 1, config.timezone);
  const at = now.getTime();
  const dueToday = (order: Order) => {
    const deadline = order.deadline?.getTime();
    // From now: what was due earlier today is in the overdue list already.
    return deadline !== undefined && deadline >= at && deadline < dayEnd.getTime() && !isOverdue(order, at);
  };
  let overdue: Order[];
  let today: Order[];
  let stuck: Order[];
  if (scope === "shop") {
    // An owner's digest is the shop's (issue 32.14): every overdue order, every one due today
    // (the mirror's, no request; without it none is listed), every stuck one.
    overdue = (await orders.page({ kind: "overdue" }, { page: 1, pageSize: MINE_READ })).items;
    today = mirror
      ? mirror
          .list({ deadlineFrom: now, deadlineTo: new Date(dayEnd.getTime()), pageSize: MINE_READ })
          .items.map((held) => held.order)
          .filter(dueToday)
      : [];
    stuck = [...stuckAll];
  } else {
    const { employeeId } = scope;
    const mine = await orders.page({ kind: "mine", employeeId }, { page: 1, pageSize: MINE_READ });
    overdue = mine.items.filter((order) => isOverdue(order, at));
    today = mine.items.filter(dueToday);
    stuck = stuckAll.filter((o) => o.master?.id === employeeId || o.manager?.id === employeeId);
  }
  return {
    overdue: overdue.slice(0, DIGEST_ITEMS),
    today: today.slice(0, DIGEST_ITEMS),
    stuck: stuck.slice(0, DIGEST_ITEMS),
    counts: { overdue: overdue.length, today: today.length, stuck: stuck.length },
  };
}

/** The open orders unchanged for STUCK_DAYS, read once for a morning (1 request); none when that fails. */
async function readStuck(deps: SendDeps): Promise<Order[]> {
  try {
    return (await deps.services.orders.page({ kind: "stuck" }, { page: 1, pageSize: STUCK_READ })).items;
  } catch (error) {
    deps.logger.warn({ err: String(error) }, "the stuck orders were not read for the digest");
    return [];
  }
}

const HOUR_MS = 3_600_000;

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
  const line = (order: Order, how: string) =>
    t("digest-line-client", {
      order: escapeHtml(order.number ?? order.id),
      client: escapeHtml(order.counteragent?.name ?? t("value-none")),
      how,
    });
  const lines = [t("digest-heading", content.counts)];
  if (content.overdue.length > 0)
    lines.push(
      "",
      t("digest-overdue", { count: content.counts.overdue }),
      ...content.overdue.map((o) => line(o, late(o))),
    );
  if (content.today.length > 0)
    lines.push(
      "",
      t("digest-today", { count: content.counts.today }),
      ...content.today.map((o) => line(o, late(o))),
    );
  if (content.stuck.length > 0)
    lines.push(
      "",
      t("digest-stuck", { count: content.counts.stuck }),
      ...content.stuck.map((o) => line(o, escapeHtml(o.status?.name ?? t("value-none")))),
    );
  return lines.join("\n");
}

/** A button per order listed: its card in one tap (the order list's own `oo:<id>`). */
function digestButtons(content: DigestContent): InlineKeyboard | undefined {
  const keyboard = new InlineKeyboard();
  const seen = new Set<string>();
  for (const order of [...content.overdue, ...content.today, ...content.stuck]) {
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
        const { counts } = content;
        // Nothing to say: no message (quiet by default), and nothing to try again.
        const quiet = counts.overdue + counts.today + counts.stuck === 0;
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
