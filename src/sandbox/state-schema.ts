/**
 * The shape of the sandbox's state file (see state-file.ts): its format name,
 * its version, and a zod schema of every record it holds, so a file that does
 * not fit is refused with the reason instead of misread.
 */
import { z } from "zod";
import type { Counteragent, Order, Transaction } from "./model.ts";

export const STATE_FORMAT = "repair-crm-sandbox-state";
/** Grows with every change of the file's shape; another version is refused. */
export const STATE_VERSION = 1;

const time = z.number().finite();
const id = z.string().min(1);
const customValues = z.array(z.object({ id: z.string(), value: z.unknown() }));

const counteragentSchema: z.ZodType<Counteragent> = z.object({
  id,
  typeCounteragentId: id,
  name: z.string(),
  phones: z.array(z.string()),
  email: z.string(),
  address: z.string(),
  node: z.string(),
  isBuyer: z.boolean(),
  isVendor: z.boolean(),
  isSendSms: z.boolean(),
  isSendEmail: z.boolean(),
  isSendTelegram: z.boolean(),
  rating: z.number(),
  howKnowId: id.nullable(),
  customFields: customValues,
  dateCreate: time,
  lastAction: time,
});

const orderSchema: z.ZodType<Order> = z.object({
  id,
  shopId: id,
  num: z.number().int().positive(),
  number: z.string(),
  dateCreate: time,
  lastAction: time,
  dateFinish: time.nullable(),
  dateClose: time.nullable(),
  deadline: time.nullable(),
  statusId: id,
  statusSince: time,
  typeOrderId: id,
  counteragentId: id,
  managerId: id.nullable(),
  masterId: id.nullable(),
  createManagerId: id.nullable(),
  closeManagerId: id.nullable(),
  typeDevice: z.string(),
  brand: z.string(),
  model: z.string(),
  sn: z.string(),
  problem: z.array(z.string()),
  completeSet: z.array(z.string()),
  appearance: z.array(z.string()),
  color: z.string(),
  approximatePrice: z.string(),
  orderNode: z.string(),
  recommendation: z.string(),
  comments: z.array(z.object({ date: time, text: z.string(), author: z.string() })),
  customFields: customValues,
  howKnowId: id.nullable(),
  isUrgent: z.boolean(),
  isVisible: z.boolean(),
  positions: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.enum(["work", "part"]),
      count: z.number(),
      price: z.number(),
    }),
  ),
  discount: z.number(),
  paidCash: z.number(),
  paidBank: z.number(),
});

const transactionSchema: z.ZodType<Transaction> = z.object({
  id,
  number: z.number().int().positive(),
  date: time,
  dateChange: time,
  isBankTransfer: z.boolean(),
  money: z.number().finite(),
  cashItemId: id,
  cashRegisterId: id,
  customerId: z.string(),
  counteragentId: id.nullable(),
  orderId: id.nullable(),
  node: z.string(),
  isDeleted: z.boolean(),
});

export const stateSchema = z.object({
  format: z.literal(STATE_FORMAT),
  version: z.literal(STATE_VERSION),
  seed: z.number().int(),
  savedAt: z.string(),
  tokens: z.record(z.string(), z.string().min(8)),
  counters: z.object({
    nextNum: z.record(z.string(), z.number().int().positive()),
    nextTransactionNumber: z.number().int().positive(),
    idsState: z.number().int().nonnegative(),
  }),
  registers: z.array(z.object({ id, cashMoney: z.number().finite(), bankMoney: z.number().finite() })),
  counteragents: z.array(counteragentSchema),
  orders: z.array(orderSchema),
  transactions: z.array(transactionSchema),
});

export type SandboxState = z.infer<typeof stateSchema>;
