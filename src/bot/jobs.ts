/**
 * Every timed job of the bot, in one visible list (the composition root, like
 * index.ts for features): a feature hands its job here, the scheduler only runs
 * them. Each runs with the mirror on or off (a job that needs the mirror's data
 * says so in its own file).
 */
import { reviewJob } from "./features/client-reviews/index.ts";
import { eveningJob } from "./features/report/evening.ts";
import { digestJob } from "./notify/digest.ts";
import type { SendDeps } from "./notify/send.ts";
import { createScheduler, type Scheduler } from "./scheduler/index.ts";

/** A scheduler with every job on it, not started yet. */
export function botScheduler(deps: SendDeps): Scheduler {
  const { services, logger } = deps;
  const scheduler = createScheduler({
    store: services.store,
    clock: services.clock,
    timezone: services.config.timezone,
    logger: logger.child({ module: "scheduler" }),
  });
  scheduler.daily(digestJob(deps));
  scheduler.daily(eveningJob(deps));
  // Reviews after pick-up, at a decent hour (CLIENTS=on and REVIEW_AFTER set).
  const reviews = reviewJob(deps);
  if (reviews) scheduler.daily(reviews);
  return scheduler;
}
