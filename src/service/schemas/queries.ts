import { z } from "zod";
import { CASH_SORT_FIELDS, COUNTERAGENT_SORT_FIELDS, ORDER_SORT_FIELDS } from "../../contract/lists.ts";
import { dateRange, inputId, paging, pagingReachMessage, pagingWithinReach, sortOf } from "./input.ts";

export { CASH_SORT_FIELDS, COUNTERAGENT_SORT_FIELDS, ORDER_SORT_FIELDS };

/** Orders of one workshop (`shopId`) or of the company. */
export const orderListQuery = z
  .strictObject({
    shopId: inputId.optional(),
    isVisible: z.boolean().optional(),
    sort: sortOf(ORDER_SORT_FIELDS).optional(),
    statusIds: z.array(inputId).optional(),
    masterId: inputId.optional(),
    managerId: inputId.optional(),
    counteragentId: inputId.optional(),
    isUrgent: z.boolean().optional(),
    isDeadline: z.boolean().optional(),
    isStatusDeadline: z.boolean().optional(),
    filter: z.string().optional(),
    dateCreate: dateRange.optional(),
    dateFinish: dateRange.optional(),
    dateClose: dateRange.optional(),
    deadline: dateRange.optional(),
    statusDeadline: dateRange.optional(),
    lastAction: dateRange.optional(),
    /** Exact numeric order number, prefix ignored. */
    num: z.number().int().nonnegative().optional(),
    /** Partial textual order number, prefix counted (`numer` on a workshop, `number` company-wide). */
    number: z.string().optional(),
    ...paging,
  })
  .refine(pagingWithinReach, pagingReachMessage);
export type OrderListQuery = z.input<typeof orderListQuery>;

export const counteragentListQuery = z
  .strictObject({
    dateCreate: dateRange.optional(),
    sort: sortOf(COUNTERAGENT_SORT_FIELDS).optional(),
    filter: z.string().optional(),
    lastAction: dateRange.optional(),
    phone: z.string().optional(),
    isBuyer: z.boolean().optional(),
    isVendor: z.boolean().optional(),
    howKnowIds: z.array(inputId).optional(),
    typeCounteragentId: inputId.optional(),
    ...paging,
  })
  .refine(pagingWithinReach, pagingReachMessage);
export type CounteragentListQuery = z.input<typeof counteragentListQuery>;

/** One register (`cashRegisterId`) or several (`cashRegisterIds`). */
export const cashListQuery = z
  .strictObject({
    cashRegisterId: inputId.optional(),
    cashRegisterIds: z.array(inputId).optional(),
    /** Only on one register: `delete` only deleted, `active` only non-deleted. */
    type: z.enum(["delete", "active"]).optional(),
    sort: sortOf(CASH_SORT_FIELDS).optional(),
    filter: z.string().optional(),
    counteragentId: inputId.optional(),
    customerId: inputId.optional(),
    isBankTransfer: z.boolean().optional(),
    cashItemId: inputId.optional(),
    date: dateRange.optional(),
    dateChange: dateRange.optional(),
    ...paging,
  })
  .refine(pagingWithinReach, pagingReachMessage)
  .refine((query) => !(query.cashRegisterId !== undefined && query.cashRegisterIds !== undefined), {
    message: "give either cashRegisterId or cashRegisterIds",
    path: ["cashRegisterIds"],
  })
  .refine((query) => query.type === undefined || query.cashRegisterId !== undefined, {
    message: "type is only supported with cashRegisterId",
    path: ["type"],
  });
export type CashListQuery = z.input<typeof cashListQuery>;

export const employeeListQuery = z
  .strictObject({ filter: z.string().optional(), ...paging })
  .refine(pagingWithinReach, pagingReachMessage);
export type EmployeeListQuery = z.input<typeof employeeListQuery>;
