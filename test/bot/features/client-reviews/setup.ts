/**
 * The reviews' test set-up: the client side's bot (a warm mirror, CLIENTS=on) on a test
 * clock that starts on a Tuesday in the bot's TIMEZONE, with REVIEW_AFTER (a day by default)
 * and REVIEW_URL, an owner, the bot's scheduler (bot/jobs.ts) driven by hand, and the
 * hand-over done in the CRM as staff would.
 */
import { TZDate } from "@date-fns/tz";
import { pino } from "pino";
import { botScheduler } from "../../../../src/bot/jobs.ts";
import type { Scheduler } from "../../../../src/bot/scheduler/index.ts";
import type { Store } from "../../../../src/bot/store/storage.ts";
import type { Config } from "../../../../src/config/index.ts";
import type { StoredMessage } from "../../../helpers/fake-telegram.ts";
import { createTestBot, type TestBot } from "../../../helpers/test-bot.ts";
import { type ClientBot, OPERATOR, startClientBot, statusId } from "../client-side/setup.ts";

export const OWNER = 7;
export const REVIEW_URL = "https://maps.example.com/workshop/reviews";
const DAY_MS = 24 * 60 * 60 * 1000;
const HANDED_OVER = "Выдан";
const TIMEZONE = process.env.TEST_TIMEZONE || "Europe/Moscow";

const logger = pino({ level: "silent" });

/** `day` days after Tuesday 24 November 2026, at hh:mm in the bot's TIMEZONE. */
export function local(day: number, hours: number, minutes = 0): Date {
  return new Date(new TZDate(2026, 10, 24 + day, hours, minutes, 0, TIMEZONE).getTime());
}

export interface ReviewBot extends ClientBot {
  scheduler: Scheduler;
  /** Moves the clock forward to that local moment and lets the scheduler look. */
  at(day: number, hours: number, minutes?: number): Promise<void>;
  /** The CRM hands the order over (a closed status; or moves it to `status`), the mirror syncs, the notifiers run. */
  handOver(orderId: string, status?: string): Promise<void>;
}

export async function startReviewBot(
  options: { reviewAfterMs?: number | null; start?: Date; store?: Store; config?: Partial<Config> } = {},
): Promise<ReviewBot> {
  const after = options.reviewAfterMs === undefined ? DAY_MS : (options.reviewAfterMs ?? undefined);
  const t = await startClientBot({
    start: options.start ?? local(0, 11),
    clients: { reviewAfterMs: after, reviewUrl: REVIEW_URL },
    config: { ownerIds: [OWNER], timezone: TIMEZONE, ...options.config },
    store: options.store,
  });
  const scheduler = botScheduler({ services: t.services, api: t.bot.api, logger });
  return {
    ...t,
    scheduler,
    async at(day, hours, minutes = 0) {
      await moveTo(t, local(day, hours, minutes));
      await scheduler.tick();
    },
    async handOver(orderId, status = HANDED_OVER) {
      t.sandbox.others.changeStatus(orderId, statusId(t, status));
      await t.syncAndNotify();
    },
    async close() {
      await scheduler.stop();
      await t.close();
    },
  };
}

async function moveTo(t: { clock: ClientBot["clock"] }, when: Date): Promise<void> {
  const ms = when.getTime() - t.clock.now().getTime();
  if (ms < 0) throw new Error(`the clock is past ${when.toISOString()} already`);
  await t.clock.advance(ms);
}

/** Another process on the same store, sandbox, mirror and clock, with its own scheduler and Telegram. */
export async function restartOf(t: ReviewBot): Promise<TestBot & { tickAt: ReviewBot["at"] }> {
  const next = await createTestBot({
    sandbox: t.sandbox,
    store: t.store,
    clock: t.clock,
    operators: [OPERATOR],
    config: t.config,
    deps: { mirror: t.mirror },
  });
  await next.services.reference.shops();
  await next.services.reference.statuses();
  const scheduler = botScheduler({ services: next.services, api: next.bot.api, logger });
  return {
    ...next,
    async tickAt(day, hours, minutes = 0) {
      await moveTo(t, local(day, hours, minutes));
      await scheduler.tick();
    },
    async close() {
      await scheduler.stop();
      await next.close();
    },
  };
}

/** The review questions among a chat's messages (the ones with star buttons). */
export function questionsIn(messages: readonly StoredMessage[]): StoredMessage[] {
  return messages.filter((m) => /Оцените|Please rate/.test(m.text));
}

/** The messages to the owner about reviews (the digest or a report are not). */
export function reviewsToOwner(t: TestBot): string[] {
  return t.telegram
    .botMessages(OWNER)
    .map((m) => m.text)
    .filter((text) => /из 5|of 5/.test(text));
}

/** A master of the workshop's orders in the seed (for the report's average). */
export function aMaster(t: ClientBot): string {
  const id = t.sandbox.store.orders.find((o) => o.masterId && o.shopId === t.shopId)?.masterId;
  if (!id) throw new Error("no master in the seed");
  return id;
}
