/**
 * The order reader (`ctx.services.orders`): one interface, over the order
 * mirror when it is on, over the service with MIRROR=off. Around either, the
 * rules that keep misses from draining the quota: a number far above the
 * newest known is answered with no request, a number the service did not have
 * is remembered for a while (misses.ts), and each user's reads stay within
 * their share of the quota window (lookup-share.ts).
 *
 * A new list (stuck orders) is a member of the ListQuery union
 * (list-query.ts) and a case in each source's `list`; the compiler
 * asks for both. A period's orders for reports are a read of their own
 * (`period`, period-reader.ts).
 */
import type { OrderMirror } from "../../mirror/index.ts";
import type { ServiceClient } from "../../service/index.ts";
import type { Clock } from "../clock.ts";
import type { Store } from "../store/storage.ts";
import { numberShapesOf, type OrderQuery } from "./by-number.ts";
import { deletionsOf } from "./deletions.ts";
import { createLookupShare } from "./lookup-share.ts";
import { mirrorSource } from "./mirror-reader.ts";
import { createMisses, isFarAbove, missKey } from "./misses.ts";
import { localPage, phoneMatches, serialMatches } from "./order-rules.ts";
import { closedPerBucket } from "./period-dating.ts";
import { type OrderSource, type SourceDeps, serviceSource } from "./service-reader.ts";
import type { DeletedOrder, OrderPage, OrderReader, PageAt } from "./types.ts";

export type {
  DeletedOrder,
  OrderReader,
  OrdersOfPeriod,
} from "./types.ts";

interface ReaderDeps {
  client: ServiceClient;
  store: Store;
  clock: Clock;
  shopIds: readonly string[];
  /** LOOKUP_SHARE: percent of the quota window one user's reads may spend. */
  lookupShare: number;
  mirror?: OrderMirror;
  /** What makes an order stuck (STUCK_DAYS, the statuses' groups). */
  stuck: SourceDeps["stuck"];
}

export function createOrderReader(deps: ReaderDeps): OrderReader {
  const now = () => deps.clock.now();
  const sourceDeps: SourceDeps = {
    client: deps.client,
    shopIds: deps.shopIds,
    store: deps.store,
    shapes: numberShapesOf(deps.store),
    now,
    stuck: deps.stuck,
  };
  const source: OrderSource = deps.mirror ? mirrorSource(deps.mirror, sourceDeps) : serviceSource(sourceDeps);
  const misses = createMisses(deps.store);
  const deletions = deletionsOf(deps.store);
  const share = createLookupShare(deps.store, deps.lookupShare, () => now().getTime(), {
    writeReserve: () => deps.client.writeReserve,
    checkRead: () => deps.client.checkRead(),
  });
  // The mirror's sync sees every new order: the newest number stays known without a lookup.
  deps.mirror?.onChange((changes) => misses.seen(changes.map((change) => change.order)));

  /** The mirror's deleted copies of a number and the bot's own deletes of it, by order. */
  async function deletedOf(query: Pick<OrderQuery, "kind" | "text">): Promise<DeletedOrder[]> {
    const found = new Map<string, DeletedOrder>();
    for (const order of source.deletedNumber(query as OrderQuery))
      found.set(order.id, { number: order.number ?? query.text, order });
    for (const deletion of await deletions.byNumber(query.text)) {
      const inScope =
        deps.shopIds.length === 0 ||
        (deletion.shopId !== undefined && deps.shopIds.includes(deletion.shopId));
      if (!inScope) continue;
      const known = found.get(deletion.orderId);
      found.set(deletion.orderId, { number: deletion.number, order: known?.order, deletion });
    }
    return [...found.values()];
  }

  async function numberPage(
    query: OrderQuery,
    at: PageAt,
    userId: number | undefined,
    deleted: () => Promise<boolean>,
  ) {
    const held = source.heldNumber(query);
    if (held) return localPage(held, at);
    const empty = localPage([], at);
    // Known to be deleted (and nothing else held of that number): said so with no request. Digits
    // alone name an order in each workshop (each numbers its own): asked unless only one is in scope.
    const whole = query.kind === "number" || deps.shopIds.length === 1;
    if (at.page === 1 && whole && (await deleted())) return empty;
    if (query.kind === "num" && (await beyondNewest(query.num))) return empty;
    const key = missKey(query.kind, query.text, deps.shopIds);
    if (at.page === 1 && (await misses.known(key))) return empty;
    const page = await source.number(query, at, () => share.spend(userId));
    if (at.page === 1 && page.total === 0 && page.items.length === 0) await misses.remember(key);
    return page;
  }

  /** The orders whose client's phone or serial number holds these digits (the search reads notes too: those dropped). */
  async function phonePage(digits: string, at: PageAt, spend: () => Promise<void>): Promise<OrderPage> {
    // A phone tail nobody has is remembered like a missing number: asked again, it costs nothing.
    const key = missKey("phone", digits, deps.shopIds);
    if (at.page === 1 && (await misses.known(key))) return localPage([], at);
    const page = await source.list({ kind: "search", text: digits }, at, spend);
    const items = page.items.filter((order) => phoneMatches(order, digits) || serialMatches(order, digits));
    if (at.page === 1 && page.total === 0) await misses.remember(key);
    return items.length === page.items.length ? page : { ...page, items, scoped: true };
  }

  async function beyondNewest(num: number): Promise<string | undefined> {
    const newest = await misses.newest();
    return newest && isFarAbove(num, newest.num) ? newest.number : undefined;
  }

  return {
    async byId(id, options = {}) {
      const held = await source.byId(
        id,
        options.refresh === true,
        () => share.spend(options.userId),
        options.fresh === true,
      );
      await misses.seen([held.order]);
      return held;
    },
    held: (id) => source.held(id),
    async page(query, at, options = {}) {
      const spend = () => share.spend(options.userId);
      // Whether the number was deleted: asked once a page, and only when no order of it is held.
      let wasDeleted: Promise<boolean> | undefined;
      const deleted = () => (wasDeleted ??= deletedOf(query as OrderQuery).then((found) => found.length > 0));
      let page =
        query.kind === "num" || query.kind === "number"
          ? await numberPage(query, at, options.userId, deleted)
          : await source.list(query, at, spend);
      // Nothing of that number held or found: its digits may end a phone, unless that number was deleted
      // (it is answered as deleted, never with the orders of whoever's phone holds them: issue 32.10).
      if (
        query.kind === "num" &&
        query.phone &&
        page.total === 0 &&
        page.items.length === 0 &&
        !(await deleted())
      )
        page = await phonePage(query.text, at, spend);
      await misses.seen(page.items);
      return page;
    },
    instant: (text, limit) => source.instant(text, limit),
    beyondNewest,
    closedPerBucket: (buckets, dated, budget, total) =>
      closedPerBucket({ client: deps.client, shopIds: deps.shopIds }, buckets, dated, budget, total),
    heldCount: () => source.heldCount(),
    deletedOf,
    async deletedById(id) {
      const order = source.deletedHeld(id);
      const deletion = await deletions.byId(id);
      if (!order && !deletion) return undefined;
      return { number: order?.number ?? deletion?.number ?? id, order, deletion };
    },
    statusCounts: (filter) => source.statusCounts(filter),
    async period(range, budget) {
      const read = await source.period(range, budget);
      // The period's new orders keep the newest number known (a mistyped number then costs nothing).
      await misses.seen(read.received);
      return read;
    },
  };
}
