/**
 * The reader over the order mirror: lists, search and held orders answer from
 * the mirror with no request; a miss (an order created since the last sync, a
 * number typed with a part only) costs one request, and what it brings is kept.
 */
import type { MirroredOrder, MirrorQuery, OrderMirror } from "../../mirror/index.ts";
import { foldOrderNumber } from "../../service/index.ts";
import { type NumberShapes, ordersOfNumber } from "./by-number.ts";
import { localPage } from "./order-rules.ts";
import { mirrorPeriod } from "./period-reader.ts";
import { type OrderSource, type SourceDeps, stuckPage } from "./service-reader.ts";
import type { HeldOrder, OrderPage, PageAt } from "./types.ts";

export function mirrorSource(mirror: OrderMirror, deps: SourceDeps): OrderSource {
  // "as of": when the bot last confirmed the copy (its read or the last sync), not its last change.
  const asHeld = (held: MirroredOrder): HeldOrder => ({
    order: held.order,
    asOf: mirror.confirmedAt(held),
    ...(held.changedAt ? { changedAt: held.changedAt } : {}),
  });
  /** Page `at` of a mirror list: no request. */
  const listPage = (query: Omit<MirrorQuery, "page" | "pageSize">, at: PageAt): OrderPage => {
    const page = mirror.list({ ...query, page: at.page, pageSize: at.pageSize });
    return {
      items: page.items.map((held) => held.order),
      total: page.total,
      checked: (at.page - 1) * at.pageSize + page.items.length,
      scoped: false,
    };
  };

  return {
    heldNumber(query) {
      const held = mirror.byNumber(query.text);
      return held.length > 0 ? held.map((h) => h.order) : undefined;
    },
    deletedNumber: (query) => mirror.deletedByNumber(query.text).map((h) => h.order),
    deletedHeld(id) {
      const held = mirror.get(id);
      return held?.order.isVisible === false ? held.order : undefined;
    },
    async number(query, at, spend) {
      await spend();
      // Digits, or a whole number as the workshop prints it ("А001042"): the mirror asks once and keeps
      // the matches, so the next lookup and the card's buttons find it held. A part of a textual number
      // ("А0010": every number beginning so) asks the service.
      if (query.kind === "num" || (await isWholeNumber(deps.shapes, query.text)))
        return localPage(
          (await mirror.findByNumber(query.text)).map((h) => h.order),
          at,
        );
      return ordersOfNumber(deps.client, deps.shopIds, query, deps.shapes, at);
    },
    async list(query, at, spend) {
      switch (query.kind) {
        case "overdue":
          return listPage({ overdue: true }, at);
        case "search":
          return listPage({ text: query.text }, at);
        case "mine":
          return listPage({ employeeId: query.employeeId, role: "any" }, at);
        case "stuck":
          return stuckPage(deps, at, spend);
        case "board":
          return listPage(
            { statusId: query.statusId, employeeId: query.employeeId, role: "any", shopId: query.shopId },
            at,
          );
      }
    },
    async byId(id, refresh, spend, fresh) {
      // A refresh that a copy synced within the sync interval will do is that copy: 0 requests.
      const held = refresh ? (fresh ? mirror.fresh(id) : undefined) : mirror.get(id);
      if (held) return asHeld(held);
      await spend();
      return asHeld(await mirror.fetch(id, { refresh }));
    },
    held(id) {
      const held = mirror.get(id);
      return held && held.order.isVisible !== false ? asHeld(held) : undefined;
    },
    instant: (text, limit) => mirror.list({ text, pageSize: limit }).items.map(asHeld),
    heldCount: () => mirror.stats().orders,
    statusCounts: (filter) => mirror.statusCounts(filter),
    period: (range, budget) => mirrorPeriod(mirror, deps, range, budget),
  };
}

/** Digits a whole number has when no workshop's shape is known yet (docs/decisions.md: six, zero-padded). */
const WHOLE_NUMBER_DIGITS = 6;

/** Letters and as many digits as the workshop's numbers have ("А001042", "a-001042"): a whole number. */
async function isWholeNumber(shapes: NumberShapes, text: string): Promise<boolean> {
  const parts = /^(\D+)(\d+)$/u.exec(foldOrderNumber(text.trim()));
  if (!parts) return false;
  const [, letters = "", digits = ""] = parts;
  const shape = (await shapes()).find((s) => foldOrderNumber(s.prefix) === letters);
  return digits.length >= (shape?.digits ?? WHOLE_NUMBER_DIGITS);
}
