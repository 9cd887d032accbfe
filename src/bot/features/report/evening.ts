/**
 * The evening report: today's report at REPORT_TIME in TIMEZONE to the owners
 * who opted in with /notify, each once a day across restarts and instances
 * (a delivery marker per day, user and message, as the morning digest's), up
 * to 3 hours late after a restart, tried again after a Telegram outage until
 * delivered or the window closes, never to anyone but an owner. Each owner has
 * their own claim: one who opts in later within the window still gets it. `eveningJob`
 * is its entry on the scheduler (bot/jobs.ts); `eveningReport(services, day)` sends it.
 */
import type { Api } from "grammy";
import { pino } from "pino";
import type { Logger } from "../../../logger.ts";
import type { BotServices } from "../../context.ts";
import { periodOf } from "../../desk/period.ts";
import { deliverToUser, deliveryOf } from "../../notify/delivery.ts";
import type { OutboxPart } from "../../notify/outbox-records.ts";
import { outboxOf, type SendDeps } from "../../notify/send.ts";
import { roleOf, seesMoney } from "../../policy/access.ts";
import { type DailyJob, dueRun } from "../../scheduler/index.ts";
import { cutHtml } from "../../ui/text.ts";
import { buildReport, type ReportData } from "./build.ts";
import { chartPng } from "./chart-png.ts";
import { chartInput, periodLabel, reportText } from "./text.ts";

/** How late after REPORT_TIME the evening report still goes out (a restart in the evening still sends it). */
const EVENING_LATE_MS = 3 * 60 * 60 * 1000;
/** How soon after a finished run the window is looked at again for owners who opted in since (no request). */
const EVENING_RECHECK_MS = 60_000;

/** "2026-11-25": the day in TIMEZONE whose report is due now (the scheduler's rule), or undefined outside the window. */
export function eveningDue(services: Pick<BotServices, "config" | "clock">): string | undefined {
  const { config, clock } = services;
  const job = { name: "evening", time: config.reportTime, lateBy: EVENING_LATE_MS / 1000 };
  return dueRun({ ...job, run: async () => {} }, clock.now().getTime(), config.timezone)?.day;
}

/** What one run of the evening report did. */
interface EveningOutcome {
  /** The owners whose report was delivered by this run. */
  sent: number[];
  /** Everything due is delivered (or needs nothing more); false: try again later. */
  complete: boolean;
}

/**
 * Sends `day`'s report to every owner who wants it and has not had it: its text, then its
 * chart, each delivered once (notify/delivery.ts), so a run tried again after a Telegram
 * outage sends only what is missing. `due`: when it was due (a run after midnight reports
 * the day it was due for, up to its end). `data`: the report built by an earlier attempt.
 */
async function eveningRun(
  deps: SendDeps,
  day: string,
  due?: Date,
  kept?: { data?: ReportData },
): Promise<EveningOutcome> {
  const { services, logger } = deps;
  const outbox = outboxOf(deps);
  // What an earlier attempt kept and Telegram refused is tried first (when due).
  await outbox.drain();
  const outcome: EveningOutcome = { sent: [], complete: true };
  const held = kept ?? {};
  const giveUpAt = (due?.getTime() ?? services.clock.now().getTime()) + EVENING_LATE_MS;
  for (const userId of services.config.ownerIds) {
    if (!seesMoney(roleOf(userId, services.config))) continue;
    const settings = await services.users.read(userId);
    if (!settings.notify.evening || settings.blocked) continue;
    const key = `evening:${day}:${userId}`;
    // The version before the outbox kept the text and the chart apart.
    const legacy = [`${key}:text`];
    const before = await deliveryOf(deps, key, legacy);
    let delivery = before;
    if (!delivery) {
      // Built once per day and process, whatever the retries: a report costs requests.
      held.data ??= await buildReport(services, "day", due && reportMoment(services, due));
      const data = held.data;
      delivery = await deliverToUser(
        deps,
        userId,
        key,
        async ({ t, locale }) => {
          const { timezone } = services.config;
          const parts: OutboxPart[] = [
            {
              method: "sendMessage",
              text: cutHtml(`${t("evening-title")}\n${reportText(t, data, locale, timezone)}`),
            },
          ];
          // The chart follows its text, never comes before it (the outbox sends the parts in order).
          const png = await chartPng(chartInput(t, data, locale, timezone), logger);
          if (png)
            parts.push({
              method: "sendPhoto",
              png: Buffer.from(png).toString("base64"),
              caption: t("report-chart-caption", { period: periodLabel(t, data, locale, timezone) }),
            });
          return parts;
        },
        giveUpAt,
        legacy,
      );
    }
    if (delivery === "pending") outcome.complete = false;
    // Delivered by this run (after a retry too: kept pending before, sent now).
    else if (before !== "done" && (await outbox.status(key))?.state === "sent") outcome.sent.push(userId);
  }
  return outcome;
}

/** `eveningRun` as tests and callers without the scheduler use it: who got it. */
export async function eveningReport(
  services: BotServices,
  day: string,
  api: Api,
  logger?: Logger,
  due?: Date,
): Promise<number[]> {
  const quiet = logger ?? pino({ level: "silent" });
  return (await eveningRun({ services, api, logger: quiet }, day, due)).sent;
}

/**
 * The scheduler's job: at REPORT_TIME, today's report to the owners who want it; tried
 * again until each is delivered or the window closes (the scheduler keeps at it).
 */
export function eveningJob(deps: SendDeps): DailyJob {
  const { services } = deps;
  // The report of each day, built by its first attempt in this process.
  const built = new Map<string, { data?: ReportData }>();
  return {
    name: "evening",
    time: services.config.reportTime,
    lateBy: EVENING_LATE_MS / 1000,
    // The scheduler says which day's run this is (a run after midnight is the day before's).
    // Each owner has their own claim (the delivery markers): one who opts in after REPORT_TIME
    // still gets the day's report within the window, so a run with nobody to send to closes nothing.
    recheckMs: EVENING_RECHECK_MS,
    async run({ day, due }) {
      if (services.config.ownerIds.length === 0) return true;
      const kept = built.get(day) ?? {};
      built.clear();
      built.set(day, kept);
      const outcome = await eveningRun(deps, day, due, kept);
      // The figures are kept for a delivery still pending; a later recipient gets them counted anew.
      if (outcome.complete) built.delete(day);
      return outcome.complete;
    },
  };
}

/** Counted up to now, or to the end of the day it was due when that day is over. */
function reportMoment(services: Pick<BotServices, "config" | "clock">, due: Date): Date {
  const close = periodOf("day", due, services.config.timezone).close.getTime();
  return new Date(Math.min(services.clock.now().getTime(), close - 1));
}
