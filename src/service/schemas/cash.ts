import { z } from "zod";
import { bool, date, id, isObject, liftRefs, num, record, ref, text } from "./common.ts";

export const cashRegister = record({
  id,
  name: z.string().optional(),
  cashMoney: num.optional(),
  bankMoney: num.optional(),
  bankPercent: num.optional(),
  isEnableCash: bool.optional(),
  isEnableBank: bool.optional(),
  isEnableNegative: bool.optional(),
  shopId: id.optional(),
  isEnableInternalMove: bool.optional(),
  isDefault: bool.optional(),
});
export type CashRegister = z.output<typeof cashRegister>;

export const cashItem = record({
  id,
  name: z.string().optional(),
  isIncome: bool.optional(),
  isBalance: bool.optional(),
});
export type CashItem = z.output<typeof cashItem>;

const cashItemRef = record({ id: id.optional(), name: z.string().optional(), isIncome: bool.optional() });
const documentRef = record({ id: id.optional(), number: text.optional() });

const liftTransactionRefs = liftRefs(["cashItem", "cashRegister", "customer", "counteragent", "document"]);

function normalizeTransaction(raw: unknown): unknown {
  return isObject(raw) ? liftTransactionRefs(raw) : raw;
}

/** A money movement; `money` is always positive, the direction is `cashItem.isIncome`. */
export const cashTransaction = z.preprocess(
  normalizeTransaction,
  record({
    id,
    date: date.optional(),
    dateChange: date.optional(),
    isBankTransfer: bool.optional(),
    money: num.optional(),
    number: text.optional(),
    node: z.string().optional(),
    /** Deleted afterwards: listed by GET /cash, left out of every sum. */
    isDeleted: bool.optional(),
    cashItem: cashItemRef.optional(),
    cashRegister: ref.optional(),
    customer: ref.optional(),
    counteragent: ref.optional(),
    document: documentRef.optional(),
  }),
);
export type CashTransaction = z.output<typeof cashTransaction>;
