import { z } from "zod";
import { customFieldsInput, inputId, millis, money, rating } from "./input.ts";

const text = z.string();
const texts = z.array(z.string());

const hasPayment = (input: { money?: number | undefined; bank?: number | undefined }) =>
  input.money !== undefined || input.bank !== undefined;

/** Body of POST /shops/{id}/orders. */
export const orderCreateInput = z
  .strictObject({
    typeOrderId: inputId,
    counteragentId: inputId.optional(),
    name: z
      .string()
      .refine((value) => value.trim() !== "", "must not be empty")
      .optional(),
    typeCounteragentId: inputId.optional(),
    address: text.optional(),
    phones: texts.optional(),
    email: text.optional(),
    isBuyer: z.boolean().optional(),
    isVendor: z.boolean().optional(),
    counteragentNode: text.optional(),
    isSendSms: z.boolean().optional(),
    rating: rating.optional(),
    isUrgent: z.boolean().optional(),
    masterId: inputId.optional(),
    managerId: inputId.optional(),
    deadline: millis.optional(),
    typeDevice: text.optional(),
    brand: text.optional(),
    model: text.optional(),
    sn: text.optional(),
    problem: texts.optional(),
    completeSet: texts.optional(),
    cashRegisterId: inputId.optional(),
    money: money.optional(),
    bank: money.optional(),
    approximatePrice: text.optional(),
    orderNode: text.optional(),
    appearance: texts.optional(),
    color: text.optional(),
    customFields: customFieldsInput.optional(),
    howKnowId: inputId.optional(),
  })
  .refine((input) => input.counteragentId !== undefined || input.name !== undefined, {
    message: "one of counteragentId or name is required",
    path: ["counteragentId"],
  })
  .refine((input) => !hasPayment(input) || input.cashRegisterId !== undefined, {
    message: "a prepayment (money or bank) needs cashRegisterId",
    path: ["cashRegisterId"],
  });
export type OrderCreateInput = z.input<typeof orderCreateInput>;

/** Body of PATCH /orders/{id}. Payment fields only together with statusId. */
export const orderUpdateInput = z
  .strictObject({
    howKnowId: inputId.optional(),
    statusId: inputId.optional(),
    typeOrderId: inputId.optional(),
    isUrgent: z.boolean().optional(),
    managerId: inputId.optional(),
    masterId: inputId.optional(),
    deadline: millis.optional(),
    typeDevice: text.optional(),
    brand: text.optional(),
    model: text.optional(),
    sn: text.optional(),
    problem: texts.optional(),
    completeSet: texts.optional(),
    approximatePrice: text.optional(),
    orderNode: text.optional(),
    appearance: texts.optional(),
    cashRegisterId: inputId.optional(),
    money: money.optional(),
    bank: money.optional(),
    nodePay: text.optional(),
    color: text.optional(),
    recommendation: text.optional(),
    comment: text.optional(),
    customFields: customFieldsInput.optional(),
    counteragentId: inputId.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: "nothing to change",
  })
  .refine(
    (input) =>
      input.statusId !== undefined ||
      [input.cashRegisterId, input.money, input.bank, input.nodePay].every((value) => value === undefined),
    { message: "payment fields (cashRegisterId, money, bank, nodePay) need statusId", path: ["statusId"] },
  )
  .refine((input) => !hasPayment(input) || input.cashRegisterId !== undefined, {
    message: "a payment (money or bank) needs cashRegisterId",
    path: ["cashRegisterId"],
  });
export type OrderUpdateInput = z.input<typeof orderUpdateInput>;
