import { z } from "zod";
import { bool, customFieldValue, date, id, isObject, liftRefs, num, record, ref, strings } from "./common.ts";

const liftCounteragentRefs = liftRefs(["typeCounteragent", "howKnow"]);

function normalizeCounteragent(raw: unknown): unknown {
  return isObject(raw) ? liftCounteragentRefs(raw) : raw;
}

export const counteragent = z.preprocess(
  normalizeCounteragent,
  record({
    id,
    name: z.string().optional(),
    phones: strings.optional(),
    email: z.string().optional(),
    address: z.string().optional(),
    node: z.string().optional(),
    rating: num.optional(),
    isBuyer: bool.optional(),
    isVendor: bool.optional(),
    isSendSms: bool.optional(),
    isSendEmail: bool.optional(),
    isSendTelegram: bool.optional(),
    typeCounteragent: ref.optional(),
    howKnow: ref.optional(),
    dateCreate: date.optional(),
    lastAction: date.optional(),
    customFields: z.array(customFieldValue).optional(),
  }),
);
export type Counteragent = z.output<typeof counteragent>;
