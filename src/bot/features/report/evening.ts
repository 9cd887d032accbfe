/**
 * The evening report: today's report at REPORT_TIME in TIMEZONE to the owners
 * who opted in with /notify, each once a day across restarts and instances
 * (a claim per day and user, as the morning digest's), up to 3 hours late
 * after a restart, never to anyone but an owner. `eveningJob` is its entry on
 * the scheduler (bot/jobs.ts); `eveningReport(services, day)` sends it.
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import { type Api, GrammyError, InputFile } from "grammy";
import type { Logger } from "../../../logger.ts";
import type { BotServices } from "../../context.ts";
import { periodOf } from "../../desk/period.ts";
import { claimOnce } from "../../notify/claims.ts";
import { type SendDeps, userLocale } from "../../notify/send.ts";
import { roleOf, seesMoney } from "../../policy/access.ts";
import { type DailyJob, dueRun } from "../../scheduler/index.ts";
import { cutHtml } from "../../ui/text.ts";
import { buildReport, type ReportData } from "./build.ts";
import { chartPng } from "./chart-png.ts";
import { chartInput, periodLabel, reportText } from "./text.ts";

/** How late after REPORT_TIME the evening report still goes out (a restart in the evening still sends it). */
const EVENING_LATE_MS = 3 * 60 * 60 * 1000;

/** "2026-11-25": the day in TIMEZONE whose report is due now (the scheduler's rule), or undefined outside the window. */
export function eveningDue(services: Pick<BotServices, "config" | "clock">): string | undefined {
  const { config, clock } = services;
  const job = { name: "evening", time: config.reportTime, lateBy: EVENING_LATE_MS / 1000 };
  return dueRun({ ...job, run: async () => {} }, clock.now().getTime(), config.timezone)?.day;
}

/**
 * Sends `day`'s report to every owner who wants it and has not had it; returns who got it.
 * `due`: when it was due (a run after midnight reports the day it was due for, up to its end).
 */
export async function eveningReport(
  services: BotServices,
  day: string,
  api: Api,
  logger?: Logger,
  due?: Date,
): Promise<number[]> {
  const sent: number[] = [];
  let data: ReportData | undefined;
  for (const userId of services.config.ownerIds) {
    if (!seesMoney(roleOf(userId, services.config))) continue;
    const settings = await services.users.read(userId);
    if (!settings.notify.evening || settings.blocked) continue;
    // Claimed before sending: a crash mid-send loses one report, never sends two.
    if (!(await claimOnce(services.store, `evening:${day}:${userId}`))) continue;
    data ??= await buildReport(services, "day", due && reportMoment(services, due));
    const locale = userLocale(services, settings);
    const t: TranslateFunction = (key, args) => services.i18n.t(locale, key, args);
    const { timezone } = services.config;
    try {
      await api.sendMessage(
        userId,
        cutHtml(`${t("evening-title")}\n${reportText(t, data, locale, timezone)}`),
      );
      const png = await chartPng(chartInput(t, data, locale, timezone), logger ?? { warn: () => {} });
      if (png) {
        await api.sendPhoto(userId, new InputFile(png, "report.png"), {
          caption: t("report-chart-caption", { period: periodLabel(t, data, locale, timezone) }),
        });
      }
      sent.push(userId);
    } catch (error) {
      if (error instanceof GrammyError && error.error_code === 403) {
        await services.users.update(userId, (s) => {
          s.blocked = true;
        });
        continue;
      }
      logger?.warn({ err: String(error) }, "the evening report was not sent");
    }
  }
  return sent;
}

/** The scheduler's job: at REPORT_TIME, today's report to the owners who want it. */
export function eveningJob(deps: SendDeps): DailyJob {
  const { services, api, logger } = deps;
  return {
    name: "evening",
    time: services.config.reportTime,
    lateBy: EVENING_LATE_MS / 1000,
    // The scheduler says which day's run this is (a run after midnight is the day before's).
    async run({ day, due }) {
      if (services.config.ownerIds.length === 0) return;
      await eveningReport(services, day, api, logger, due);
    },
  };
}

/** Counted up to now, or to the end of the day it was due when that day is over. */
function reportMoment(services: Pick<BotServices, "config" | "clock">, due: Date): Date {
  const close = periodOf("day", due, services.config.timezone).close.getTime();
  return new Date(Math.min(services.clock.now().getTime(), close - 1));
}
