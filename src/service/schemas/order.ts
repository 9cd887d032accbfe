import { z } from "zod";
import {
  answer,
  bool,
  customFieldValue,
  date,
  flatKeysOf,
  id,
  isObject,
  liftRefs,
  num,
  record,
  ref,
  strings,
  text,
} from "./common.ts";
import { fastReader, SLOW } from "./fast-path.ts";

const person = ref;

const orderStatusRef = record({
  id: id.optional(),
  name: z.string().optional(),
  color: z.string().optional(),
  /** The key of the status's group (`new`, `inWork`, `wait`, `finish`, `closed`), on real records. */
  type: z.string().optional(),
});

const counteragentRef = record({
  id: id.optional(),
  name: z.string().optional(),
  phones: strings.optional(),
  rating: num.optional(),
});

/** One payment on an order (`cash.elements` of a full record). */
const orderPayment = record({
  id: id.optional(),
  date: date.optional(),
  type: text.optional(),
  money: num.optional(),
  isBankTransfer: bool.optional(),
});
export type OrderPayment = z.output<typeof orderPayment>;

/**
 * Amounts received. A list record has `{summ}` (paid); a full record has
 * `{order, invoice, orderReturn, elements}` with `order` the amount paid; the
 * older shape had a plain number. `summ` is filled from the others (see withMoney).
 */
const cashSums = record({
  summ: num.optional(),
  order: num.optional(),
  invoice: num.optional(),
  orderReturn: num.optional(),
  elements: z.array(orderPayment).optional(),
});
/** Prices of the order (list records); the older shape had a plain number (the price). */
const priceSums = record({ price: num.optional(), soldPrice: num.optional() });

/** A work or part of a full record; `price` and `soldPrice` are per unit. */
const orderPosition = record({
  id: id.optional(),
  positionId: id.optional(),
  nomenclatureId: id.optional(),
  code: text.optional(),
  name: z.string().optional(),
  isWork: bool.optional(),
  count: num.optional(),
  price: num.optional(),
  soldPrice: num.optional(),
});

/** A comment on an order; a bare string is read as its text. */
const orderComment = z.union([
  z.string().transform((value) => ({ text: value })),
  record({ id: id.optional(), text: z.string().optional(), date: date.optional(), author: text.optional() }),
]);

const REFS = [
  "status",
  "typeOrder",
  "counteragent",
  "shop",
  "manager",
  "master",
  "howKnow",
  "createManager",
  "closeManager",
] as const;

const liftOrderRefs = liftRefs(REFS);
const isAmount = (value: unknown): value is number | string =>
  typeof value === "number" || typeof value === "string";

/** The older flat shape into the nested one; a nested (2026) order passes untouched. */
function normalizeOrder(raw: unknown): unknown {
  if (!isObject(raw)) return raw;
  let out = liftOrderRefs(raw);
  if (isAmount(out.cash) || isAmount(out.summ)) {
    out = out === raw ? { ...raw } : out;
    if (isAmount(out.cash)) out.cash = { summ: out.cash };
    if (isAmount(out.summ)) out.summ = { price: out.summ };
  }
  return out;
}

const money = (value: number): number => Math.round(value * 100) / 100;

/**
 * The paid amount and the prices whichever record they came in: a full record
 * has no `summ` and its `cash` has no `summ`, so they are computed from
 * `positions` and `cash.order` (else the payments). A list record is untouched.
 */
function withMoney<
  T extends { cash?: CashSums | undefined; summ?: PriceSums | undefined; positions?: Position[] | undefined },
>(order: T, mutable = false): T {
  const cash = order.cash;
  let paid: number | undefined;
  if (cash && cash.summ === undefined) {
    // A refund is an element too (type "outcome", a positive amount): it takes back what was paid.
    paid = cash.order;
    if (paid === undefined && cash.elements) {
      let sum = 0;
      for (const p of cash.elements) sum += p.type === "outcome" ? -(p.money ?? 0) : (p.money ?? 0);
      paid = money(sum);
    }
  }
  const positions = order.summ === undefined ? order.positions : undefined;
  const priced = positions !== undefined && positions.length > 0;
  if (paid === undefined && !priced) return order;
  // One copy of the record, however many sums it gains; none when the record is the reader's own.
  const out = mutable ? order : { ...order };
  if (paid !== undefined) out.cash = { ...cash, summ: paid };
  if (priced) {
    let price = 0;
    let soldPrice = 0;
    for (const p of positions) {
      price += (p.price ?? 0) * (p.count ?? 1);
      soldPrice += (p.soldPrice ?? p.price ?? 0) * (p.count ?? 1);
    }
    out.summ = { price: money(price), soldPrice: money(soldPrice) };
  }
  return out;
}

type CashSums = z.output<typeof cashSums>;
type PriceSums = z.output<typeof priceSums>;
type Position = z.output<typeof orderPosition>;

/** What an order's fields are checked against. */
export const orderShape = record({
  id,
  number: text.optional(),
  num: num.optional(),
  dateCreate: date.optional(),
  lastAction: date.optional(),
  dateFinish: date.optional(),
  dateClose: date.optional(),
  deadline: date.optional(),
  statusDeadline: date.optional(),
  status: orderStatusRef.optional(),
  typeOrder: ref.optional(),
  counteragent: counteragentRef.optional(),
  shop: ref.optional(),
  manager: person.optional(),
  master: person.optional(),
  createManager: person.optional(),
  closeManager: person.optional(),
  howKnow: ref.optional(),
  cash: cashSums.optional(),
  summ: priceSums.optional(),
  device: z.string().optional(),
  typeDevice: z.string().optional(),
  brand: z.string().optional(),
  model: z.string().optional(),
  sn: text.optional(),
  problem: strings.optional(),
  completeSet: strings.optional(),
  appearance: strings.optional(),
  approximatePrice: text.optional(),
  /** The master's verdict after diagnosis (free text). */
  recommendation: text.optional(),
  color: z.string().optional(),
  isVisible: bool.optional(),
  isUrgent: bool.optional(),
  customFields: z.array(customFieldValue).optional(),
  positions: z.array(orderPosition).optional(),
  /** The order's note: `orderNode` as written, `node` as some answers name it. */
  orderNode: text.optional(),
  node: text.optional(),
  comments: z.array(orderComment).optional(),
});

/** Every shape the service answers with, read by zod alone: flat fields lifted, then checked. */
export const anyOrder = z.preprocess(
  normalizeOrder,
  orderShape.transform((order) => withMoney(order)),
);
export type Order = z.output<typeof anyOrder>;
/**
 * A flat field sends the record to zod; so does a number or string `cash` or `summ`, or a
 * string in any reference field (`manager: "Соколов"`), which are no objects to the reader:
 * everything normalizeOrder would change.
 */
const fastOrder = fastReader(orderShape, flatKeysOf(REFS));

/** The fast reading of an order in the usual nested shape; SLOW for anything else (zod reads it). */
export function fastOrderOf(raw: unknown, owned?: boolean): Order | typeof SLOW {
  const read = fastOrder(raw, owned);
  // The reading is ours to complete when it is a copy, or the owned record itself.
  return read === SLOW ? SLOW : withMoney(read as Order, owned === true || read !== raw);
}

/**
 * An order in the one normalized shape, whichever shape the service answered with.
 * A record in the usual nested shape is read by the fast reader (fast-path.ts: the
 * same checks, derived from `orderShape`); anything else goes through zod.
 */
export const order = z.transform((raw: unknown, ctx): Order => {
  const fast = fastOrderOf(raw);
  if (fast !== SLOW) return fast;
  const result = anyOrder.safeParse(raw);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.issues.push(issue as (typeof ctx.issues)[number]);
  return z.NEVER;
});

/** An order as stored by the bot (JSON: dates as strings, nulls possible) back in its normalized shape. */
export const storedOrder = answer(order);

/** What is left to pay: the price after discount less what was paid; undefined when the price is not known. */
export function orderBalance(value: Order): number | undefined {
  const due = value.summ?.soldPrice ?? value.summ?.price;
  return due === undefined ? undefined : money(due - (value.cash?.summ ?? 0));
}

/**
 * Answer of POST /shops/{id}/orders: `{data: {id}}` on the real service; an
 * answer that also carries the number spares the caller a read of the new order.
 */
export const createdOrder = record({ id, number: text.optional(), num: num.optional() });
export type CreatedOrder = z.output<typeof createdOrder>;

/** Answer of PATCH/DELETE: `{data: {success: true}}`; tolerant of an empty data. */
export const changeResult = record({ success: bool.optional() });
export type ChangeResult = z.output<typeof changeResult>;
