/**
 * The reviews' timed job (bot/jobs.ts): a daily window at a decent hour in TIMEZONE
 * (10:00-20:00), looked at every few minutes: it reads the hand-overs the mirror's log
 * holds since the last look (hand-overs.ts), then asks what fell due (ask.ts). A review due
 * at night waits for the morning's first look. Each look is one attempt claimed across
 * instances (scheduler/); what it sends is once per order by the outbox's keys.
 */
import type { SendDeps } from "../../notify/send.ts";
import type { DailyJob } from "../../scheduler/index.ts";
import { askDue } from "./ask.ts";
import { HandOverFeed } from "./hand-overs.ts";

/** The decent hours: no question before 10:00 nor after 20:00, local time. */
const FROM = { hours: 10, minutes: 0 };
const WINDOW_SECONDS = 10 * 60 * 60;
/** How often the window is looked at (the scheduler checks every minute). */
const LOOK_EVERY_MS = 5 * 60_000;

/** The job, when reviews are on (CLIENTS=on, REVIEW_AFTER set, the mirror); else undefined. */
export function reviewJob(deps: SendDeps): DailyJob | undefined {
  const { config, mirror } = deps.services;
  const after = config.clients?.reviewAfterMs;
  if (!config.clients?.enabled || !after || !mirror) return undefined;
  const feed = new HandOverFeed(deps, mirror, after);
  return {
    name: "client-reviews",
    time: FROM,
    lateBy: WINDOW_SECONDS,
    recheckMs: LOOK_EVERY_MS,
    async run() {
      await feed.kick();
      return askDue(deps);
    },
  };
}
