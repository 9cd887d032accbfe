/**
 * The masters' average stars (/report): each master's newest reviews, one per order, so a
 * review counted twice (a retry after a crash) is still one.
 */
import type { Store } from "../../store/storage.ts";
import { masterStars } from "./records.ts";

/** Reviews a master's average is taken over (the newest). */
const KEPT = 200;

export interface MasterRating {
  /** Rounded to one decimal. */
  average: number;
  count: number;
}

export async function noteStars(
  store: Store,
  masterId: string,
  orderId: string,
  stars: number,
): Promise<void> {
  await store
    .open(masterStars)
    .update(masterId, (list) =>
      [...(list ?? []).filter((r) => r.order !== orderId), { order: orderId, stars }].slice(-KEPT),
    );
}

/** The average of each of these masters who has any review (no request: the bot's own store). */
export async function masterRatings(
  store: Store,
  masterIds: readonly (string | undefined)[],
): Promise<Map<string, MasterRating>> {
  const records = store.open(masterStars);
  const ratings = new Map<string, MasterRating>();
  for (const id of new Set(masterIds)) {
    if (!id) continue;
    const list = (await records.read(id)) ?? [];
    if (list.length === 0) continue;
    const sum = list.reduce((total, r) => total + r.stars, 0);
    ratings.set(id, { average: Math.round((sum / list.length) * 10) / 10, count: list.length });
  }
  return ratings;
}
