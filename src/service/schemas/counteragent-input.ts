import { z } from "zod";
import { customFieldsInput, inputId, rating } from "./input.ts";

/**
 * Body of POST /counteragents and PATCH /counteragents/{id}: the interface states
 * name, typeCounteragentId, isBuyer and isVendor as required for both.
 */
export const counteragentInput = z.strictObject({
  name: z.string().refine((value) => value.trim() !== "", "must not be empty"),
  typeCounteragentId: inputId,
  isBuyer: z.boolean(),
  isVendor: z.boolean(),
  email: z.string().optional(),
  howKnowId: inputId.optional(),
  address: z.string().optional(),
  phones: z.array(z.string()).optional(),
  node: z.string().optional(),
  isSendSms: z.boolean().optional(),
  rating: rating.optional(),
  customFields: customFieldsInput.optional(),
  isSendTelegram: z.boolean().optional(),
  isSendEmail: z.boolean().optional(),
});
export type CounteragentCreateInput = z.input<typeof counteragentInput>;
export type CounteragentUpdateInput = z.input<typeof counteragentInput>;
