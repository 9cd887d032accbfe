/**
 * The statuses to choose from: GET /statuses (cached) when the
 * service has it; else the configured STATUSES, then the statuses learned from
 * the orders the bot has seen. A service without the endpoint answers 404 or
 * 400: that fact is remembered for a while, so the quota is not spent asking again.
 */
import { isServiceError } from "../../../service/index.ts";
import type { BotServices } from "../../context.ts";
import { learnedOf } from "../../state/learned.ts";
import { type StatusOption, statusOption } from "./ask-status.ts";

/** How long "this service has no GET /statuses" is believed before asking again. */
const MISSING_TTL_MS = 6 * 60 * 60 * 1000;

export async function loadStatusOptions(services: BotServices): Promise<StatusOption[]> {
  const { reference, store, clock, config } = services;
  const learned = learnedOf(store);
  const now = clock.now().getTime();
  if (!(await learned.statusesMissing(now))) {
    try {
      return (await reference.statuses()).map(statusOption);
    } catch (error) {
      const missing = isServiceError(error) && (error.kind === "not_found" || error.kind === "bad_request");
      if (!missing) throw error;
      await learned.markStatusesMissing(now + MISSING_TTL_MS);
    }
  }
  const known = await learned.statuses();
  // The group comes from the orders seen (their status.type): closing is then known as closing.
  const groupOf = (id: string) => known.find((s) => s.id === id)?.group;
  const configured: StatusOption[] = (config.statuses ?? []).map((s) => ({
    id: s.id,
    name: s.name,
    group: groupOf(s.id),
    isPayRequired: s.isPayRequired,
  }));
  const seen = known.filter((s) => !configured.some((c) => c.id === s.id));
  // Learned ones have no payment rule: undefined makes the dialog offer payment as optional.
  return [...configured, ...seen.map((s) => ({ id: s.id, name: s.name, group: s.group }))];
}
