import { z } from "zod";
import {
  bool,
  customFieldValue,
  date,
  id,
  isObject,
  liftRefs,
  num,
  record,
  ref,
  strings,
  text,
} from "./common.ts";

const person = ref;

export const orderStatusRef = record({
  id: id.optional(),
  name: z.string().optional(),
  color: z.string().optional(),
});

const counteragentRef = record({
  id: id.optional(),
  name: z.string().optional(),
  phones: strings.optional(),
  rating: num.optional(),
});

/** Amounts received; the older shape had a plain number here. */
const cashSums = record({ summ: num.optional() });
/** Prices of the order; the older shape had a plain number (the price). */
const priceSums = record({ price: num.optional(), soldPrice: num.optional() });

export const orderPosition = record({
  id: id.optional(),
  name: z.string().optional(),
  count: num.optional(),
  price: num.optional(),
});

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

/** An order in the one normalized shape, whichever shape the service answered with. */
export const order = z.preprocess(
  normalizeOrder,
  record({
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
    color: z.string().optional(),
    isVisible: bool.optional(),
    isUrgent: bool.optional(),
    customFields: z.array(customFieldValue).optional(),
    positions: z.array(orderPosition).optional(),
  }),
);
export type Order = z.output<typeof order>;

/**
 * Answer of POST /shops/{id}/orders: `{data: {id}}` on the real service; an
 * answer that also carries the number spares the caller a read of the new order.
 */
export const createdOrder = record({ id, number: text.optional(), num: num.optional() });
export type CreatedOrder = z.output<typeof createdOrder>;

/** Answer of PATCH/DELETE: `{data: {success: true}}`; tolerant of an empty data. */
export const changeResult = record({ success: bool.optional() });
export type ChangeResult = z.output<typeof changeResult>;
