/**
 * The hand-overs the reviews follow: a reader of the mirror's change log (its own cursor,
 * notify/change-feed.ts) that notes each order moved into a closed status that is a
 * hand-over (not a declined repair, not a return without repair: client-side/statuses.ts)
 * as a review due REVIEW_AFTER later. Once per order, whichever instance or replay sees it
 * first: the record is made only where none is (compare-and-set), so an order reopened and
 * handed over again is not asked twice (one reopened before it was asked is asked after its
 * next hand-over). No request.
 */
import type { MirrorChange, OrderMirror } from "../../../mirror/index.ts";
import { ChangeFeed } from "../../notify/change-feed.ts";
import type { SendDeps } from "../../notify/send.ts";
import { inShops } from "../client-side/orders.ts";
import { readerFor } from "../client-side/reader.ts";
import { statusOf } from "../client-side/view.ts";
import { clientReviews, DUE_KEY, type Review, reviewsDue } from "./records.ts";

const CURSOR_READER = "reviews";
/**
 * A review this long past its time is not asked any more (a first start over an old log, a bot
 * that was down): a night's wait for the morning fits, a question about last week's repair does not.
 */
export const STALE_MS = 36 * 60 * 60 * 1000;

export class HandOverFeed extends ChangeFeed {
  private readonly deps: SendDeps;
  private readonly held: OrderMirror;
  private readonly afterMs: number;

  constructor(deps: SendDeps, mirror: OrderMirror, afterMs: number) {
    super(mirror, CURSOR_READER);
    this.deps = deps;
    this.held = mirror;
    this.afterMs = afterMs;
  }

  /** A first start reads the log the mirror holds: hand-overs since are due (the stale ones are skipped). */
  protected override firstCursor(): Promise<number> {
    return Promise.resolve(0);
  }

  protected override failed(error: unknown): void {
    this.deps.logger.warn({ err: String(error) }, "hand-overs for reviews not read");
  }

  protected async deliver(change: MirrorChange): Promise<void> {
    if (change.kind !== "status") return;
    const { services } = this.deps;
    // The record as held now: an order moved on since (reopened) is no hand-over any more.
    const order = this.held.get(change.order.id)?.order ?? change.order;
    if (change.to?.id !== order.status?.id) return;
    if (order.isVisible === false || !inShops(order, services.config.shopIds)) return;
    const counteragentId = order.counteragent?.id;
    if (!counteragentId) return;
    const r = await readerFor(services, services.config.defaultLocale);
    if (statusOf(r, order) !== "handed-over") return;
    const handedAt = change.detectedAt.getTime();
    const dueAt = handedAt + this.afterMs;
    if (services.clock.now().getTime() - dueAt > STALE_MS) return;
    const reviews = services.store.open(clientReviews);
    if (!rearmable(await reviews.read(order.id))) return;
    // The index first: a review is never left out of it (one already asked is dropped from it when met).
    await services.store
      .open(reviewsDue)
      .update(DUE_KEY, (due) => (due?.[order.id] ? due : { ...(due ?? {}), [order.id]: dueAt }));
    const master = order.master?.id ? { id: order.master.id, name: order.master.name } : undefined;
    const fresh: Review = { orderId: order.id, counteragentId, handedAt, dueAt, state: "due", master };
    await reviews.update(order.id, (current) => (rearmable(current) ? fresh : current));
  }
}

/** No review yet, or one not asked because the order was reopened: its next hand-over is asked about. */
function rearmable(review: Review | undefined): boolean {
  return review === undefined || (review.state === "skipped" && review.reason === "reopened");
}
