/**
 * Reviews after pick-up (CLIENTS=on, REVIEW_AFTER set): a day (REVIEW_AFTER) after an
 * order's hand-over its linked client is asked once for 1-5 ★ at a decent hour
 * (job.ts, on the scheduler: bot/jobs.ts); 4-5 get REVIEW_URL, 3 or less reach the owners
 * with the client's words (answer.ts, a part of the client side). The masters' averages
 * appear in /report (ratings.ts). Asking and answering cost the service nothing but the
 * consent check every client message makes.
 */
import type { SendDeps } from "../../notify/send.ts";
import { reviewClientPart } from "./answer.ts";
import { reviewOutbox } from "./ask.ts";

export { reviewJob } from "./job.ts";
export { type MasterRating, masterRatings } from "./ratings.ts";

export function clientReviews(deps: SendDeps) {
  // Set up at start: questions queued before a restart go on (the process's one outbox).
  reviewOutbox(deps);
  const part = { ...deps, logger: deps.logger.child({ module: "client-reviews" }) };
  return { clientPart: reviewClientPart(part) };
}
