/**
 * Finding orders by number. Digits only (a leading "#" ignored; docs/decisions.md, "Order lookup"):
 * exact `num`; anything else: partial textual `number`, prefix counted.
 * The order reader asks through these (one request a page: ordersOfShops).
 */
import {
  foldOrderNumber,
  type Order,
  type OrderListQuery,
  type ServiceClient,
  ServiceError,
} from "../../service/index.ts";
import { learnedOf, type NumberShape } from "../state/learned.ts";
import type { Store } from "../store/storage.ts";
import type { OrderReader } from "./types.ts";

/** `phone`: digits typed bare in a private chat, which search the clients' phones when no order has that number and none of it was deleted. */
export type OrderQuery =
  | { kind: "num"; num: number; text: string; phone?: boolean }
  | { kind: "number"; text: string };

/** Up to this many matches come back in the one request; the list pages through them locally. */
const SEARCH_FETCH_SIZE = 50;
const MAX_QUERY_LENGTH = 40;

/**
 * A bare message is an order number only when it looks like one: 1042, #1042,
 * А001042, A-001042, Б 001761 (Latin or Cyrillic letters, a hyphen or dash or
 * none; a space only before 3+ digits, so "до 12" stays a word and a number).
 */
const BARE_NUMBER = /^(?:#\s*\d{1,9}|\d{1,9}|[A-Za-zА-Яа-яЁё]{1,4}(?:[-‐‑–—]?\d{1,9}|\s\d{3,9}))$/u;

/** Parses `/order <text>` (or a bare message when `bare`); undefined when it is no order number. */
export function parseOrderQuery(input: string, options: { bare?: boolean } = {}): OrderQuery | undefined {
  const text = input.trim();
  if (text === "" || text.length > MAX_QUERY_LENGTH) return undefined;
  if (options.bare && !BARE_NUMBER.test(text)) return undefined;
  const withoutHash = text.replace(/^#\s*/, "");
  if (/^\d{1,15}$/.test(withoutHash)) {
    const num = Number(withoutHash);
    if (Number.isSafeInteger(num)) return { kind: "num", num, text: withoutHash };
  }
  if (withoutHash === "" || hasControlCharacters(withoutHash)) return undefined;
  return { kind: "number", text: withoutHash };
}

function hasControlCharacters(text: string): boolean {
  for (const ch of text) if ((ch.codePointAt(0) ?? 0) < 0x20) return true;
  return false;
}

export interface SearchResult {
  items: Order[];
  /** How many orders match in the searched workshops, as far as one request can tell. */
  total: number;
  /** More matches exist than one request brought. */
  truncated: boolean;
}

/** How order numbers look per workshop, read only when a query needs it (learned.ts). */
export type NumberShapes = () => Promise<readonly NumberShape[]>;

export function numberShapesOf(store: Store): NumberShapes {
  return () =>
    learnedOf(store)
      .numbers()
      .catch(() => []);
}

/** Up to SEARCH_FETCH_SIZE orders of a number, from the order reader (none, or one request). */
export async function searchOrders(
  orders: OrderReader,
  query: OrderQuery,
  userId?: number,
): Promise<SearchResult> {
  const page = await orders.page(query, { page: 1, pageSize: SEARCH_FETCH_SIZE }, { userId });
  // Scoped: what the service counted includes other workshops; the kept ones are all that is known.
  const total = page.scoped ? page.items.length : page.total;
  return { items: page.items, total, truncated: page.total > page.checked };
}

/**
 * One page of the orders a number query means. Digits: exact `num` (the client
 * keeps only records whose number has these digits). Letters and digits: the
 * look-alike letters and a separator do not matter (A-001042 = А001042), so the
 * service is asked in the workshop's own form when a number of it was seen,
 * else by the digits alone; either way only numbers containing the query are kept.
 */
export async function ordersOfNumber(
  client: ServiceClient,
  shopIds: readonly string[],
  query: OrderQuery,
  shapes: NumberShapes,
  at: { page: number; pageSize: number },
): Promise<OrderPage> {
  if (query.kind === "num") return ordersOfShops(client, shopIds, { num: query.num }, at);
  const wanted = foldOrderNumber(query.text);
  const number = serviceNumber(query.text, wanted, await shapesFor(query.text, shopIds, shapes));
  const page = await ordersOfShops(client, shopIds, { number }, at);
  const items = page.items.filter(
    (o) => o.number !== undefined && foldOrderNumber(o.number).includes(wanted),
  );
  // Narrowed here like a workshop filter: what the service counted is no count of these.
  return items.length === page.items.length ? page : { ...page, items, scoped: true };
}

/** Shapes are read only for a query with letters before its digits. */
async function shapesFor(text: string, shopIds: readonly string[], shapes: NumberShapes) {
  if (!PREFIXED.test(text)) return [];
  const known = await shapes();
  return known.filter((s) => shopIds.length === 0 || (s.shopId !== undefined && shopIds.includes(s.shopId)));
}

/** Letters, maybe a separator, digits, as typed: "A-001042", "а001042". */
const PREFIXED = /^\s*\p{L}+[-‐‑–—\s]?\d+\s*$/u;

/** What to send as the partial textual number filter for the folded query `wanted`. */
function serviceNumber(typed: string, wanted: string, shapes: readonly NumberShape[]): string {
  const parts = /^(\D+)(\d+)$/u.exec(wanted);
  if (!parts || !PREFIXED.test(typed)) return typed.trim();
  const [, letters = "", digits = ""] = parts;
  const shape = shapes.find((s) => foldOrderNumber(s.prefix) === letters);
  // The workshop's own spelling of the prefix; unknown: the digits find it whatever the letters' script.
  return shape ? `${shape.prefix}${digits}` : digits;
}

/** One page of a list of orders, as an order list shows it. */
export interface OrderPage {
  items: Order[];
  /** Matches the service counted: with `scoped`, in all workshops (`items` keeps the configured ones). */
  total: number;
  /** Records the service sent for this page and all before it (`items` may be fewer when scoped). */
  checked: number;
  /**
   * Narrowed here: to the configured workshops (several of many), or to the records that
   * match the query (the service sent others); `total` then counts what the service matched.
   */
  scoped: boolean;
}

/**
 * One page of the orders matching `filter` (non-deleted, unless `visible` is false) in the configured
 * workshops: one request. One workshop configured -> its own list, otherwise
 * the company-wide list (narrowed here to SHOP_IDS when set: it has no filter for that).
 */
export async function ordersOfShops(
  client: ServiceClient,
  shopIds: readonly string[],
  filter: Omit<OrderListQuery, "shopId" | "page" | "pageSize" | "isVisible">,
  at: { page: number; pageSize: number },
  /** False: the deleted orders instead (`isVisible=false`, /deleted). */
  visible = true,
): Promise<OrderPage> {
  const single = shopIds.length === 1 ? shopIds[0] : undefined;
  const page = await client.orders.list({
    shopId: single,
    ...filter,
    isVisible: visible,
    page: at.page,
    pageSize: at.pageSize,
  });
  // What the service sent, records the client dropped as not matching included.
  const checked = (at.page - 1) * at.pageSize + page.items.length + (page.dropped ?? 0);
  const total = page.total ?? checked;
  // Records that did not match were dropped: what is left is narrowed here, as for SHOP_IDS.
  if (shopIds.length <= 1) return { items: page.items, total, checked, scoped: (page.dropped ?? 0) > 0 };
  const items = page.items.filter((order) => order.shop?.id !== undefined && shopIds.includes(order.shop.id));
  return { items, total, checked, scoped: true };
}

/**
 * One order by id, within the configured workshops: an order of another
 * workshop (a forged or copied button) reads as "not found", as a search would.
 */
export async function getOrder(
  client: ServiceClient,
  shopIds: readonly string[],
  id: string,
): Promise<Order> {
  const order = await client.orders.get(id);
  const shopId = order.shop?.id;
  if (shopIds.length > 0 && (shopId === undefined || !shopIds.includes(shopId))) {
    throw new ServiceError("not_found", `GET /orders/${id}: outside the configured workshops`, {
      method: "GET",
      path: "/orders/{id}",
    });
  }
  return order;
}
