/** One order: read, create, change (status, payment, comment) and delete. */
import { z } from "zod";
import { parseBody } from "../body.ts";
import { ITEM_PAYMENT, ITEM_PREPAYMENT } from "../demo-reference.ts";
import { accessDenied, badRequest, incorrectField, notFound } from "../errors.ts";
import { applyCustomFields } from "../fields.ts";
import { canEditStatus, canShop, canViewStatus } from "../grants.ts";
import type { Counteragent, Order } from "../model.ts";
import { commitPayment, planPayment } from "../payments.ts";
import type { RequestContext, Router } from "../router.ts";
import type { Store } from "../store.ts";
import { orderDetailView } from "../views.ts";
import { requireOrdersGrant, requireShop } from "./common.ts";

const strings = z.array(z.string());
const customFields = z.array(z.object({ id: z.string(), value: z.unknown() }));
const rating = z.union([z.literal(0), z.literal(-1), z.literal(1)]);

/** The device and the order's own texts: the same fields on create and on change. */
const deviceFields = {
  typeDevice: z.string().optional(),
  brand: z.string().optional(),
  model: z.string().optional(),
  sn: z.string().optional(),
  problem: strings.optional(),
  completeSet: strings.optional(),
  approximatePrice: z.string().optional(),
  orderNode: z.string().optional(),
  appearance: strings.optional(),
  color: z.string().optional(),
};

const createSchema = z.object({
  typeOrderId: z.string().min(1),
  counteragentId: z.string().optional(),
  name: z.string().optional(),
  typeCounteragentId: z.string().optional(),
  address: z.string().optional(),
  phones: strings.optional(),
  email: z.string().optional(),
  isBuyer: z.boolean().optional(),
  isVendor: z.boolean().optional(),
  counteragentNode: z.string().optional(),
  isSendSms: z.boolean().optional(),
  rating: rating.optional(),
  isUrgent: z.boolean().optional(),
  masterId: z.string().optional(),
  managerId: z.string().optional(),
  deadline: z.number().int().optional(),
  ...deviceFields,
  cashRegisterId: z.string().optional(),
  money: z.number().finite().min(0).optional(),
  bank: z.number().finite().min(0).optional(),
  customFields: customFields.optional(),
  howKnowId: z.string().optional(),
});

const patchSchema = z.object({
  howKnowId: z.string().optional(),
  statusId: z.string().optional(),
  typeOrderId: z.string().optional(),
  isUrgent: z.boolean().optional(),
  // null clears an assignment or the deadline.
  managerId: z.string().nullable().optional(),
  masterId: z.string().nullable().optional(),
  deadline: z.number().int().nullable().optional(),
  ...deviceFields,
  cashRegisterId: z.string().optional(),
  money: z.number().finite().optional(),
  bank: z.number().finite().optional(),
  nodePay: z.string().optional(),
  recommendation: z.string().optional(),
  comment: z.string().optional(),
  customFields: customFields.optional(),
  counteragentId: z.string().optional(),
});

/** A master or manager id must name such an employee of the order's workshop. */
function checkStaff(
  store: Store,
  shopId: string,
  field: "masterId" | "managerId",
  id: string | null | undefined,
): void {
  if (id === undefined || id === null) return;
  const employee = store.employeeById.get(id);
  const ok =
    employee?.shopIds.includes(shopId) && (field === "masterId" ? employee.isMaster : employee.isManager);
  if (!ok) throw incorrectField(field);
}

function checkHowKnow(store: Store, id: string | undefined): void {
  if (id !== undefined && !store.howKnowById.has(id)) throw incorrectField("howKnowId");
}

function findOrder(ctx: RequestContext): Order {
  requireOrdersGrant(ctx);
  const order = ctx.store.orderById.get(ctx.params.id ?? "");
  if (!order) throw notFound("Order");
  if (!canShop(ctx.client, order.shopId)) throw accessDenied();
  return order;
}

/** The employee a payment is booked to: the order's manager, else its creator. */
function responsible(store: Store, order: Order): string {
  return order.managerId ?? order.createManagerId ?? store.employeesOfShop(order.shopId)[0]?.id ?? "";
}

function createOrder(ctx: RequestContext): Record<string, unknown> {
  requireOrdersGrant(ctx);
  const shop = requireShop(ctx, ctx.params.id);
  if (!ctx.client.createOrders) throw accessDenied();
  const { store } = ctx;
  const input = parseBody(createSchema, ctx.body);
  const typeOrder = store.typeOrderById.get(input.typeOrderId);
  if (!typeOrder) throw incorrectField("typeOrderId");
  checkStaff(store, shop.id, "masterId", input.masterId);
  checkStaff(store, shop.id, "managerId", input.managerId);
  checkHowKnow(store, input.howKnowId);

  let existing: Counteragent | undefined;
  let newClientType = store.defaultTypeCounteragent();
  if (input.counteragentId !== undefined) {
    existing = store.counteragentById.get(input.counteragentId);
    if (!existing) throw incorrectField("counteragentId");
  } else {
    if (!input.name?.trim()) throw badRequest("Incorrect field name: counteragentId or name is required");
    if (input.typeCounteragentId !== undefined) {
      const type = store.typeCounteragentById.get(input.typeCounteragentId);
      if (!type) throw incorrectField("typeCounteragentId");
      newClientType = type;
    }
  }
  // customFields carries the order's fields and, for a new client, the client's.
  const sent = input.customFields ?? [];
  const isClientField = (id: string): boolean => !existing && newClientType.fields.some((f) => f.id === id);
  const orderFields = applyCustomFields(
    typeOrder.fields,
    [],
    sent.filter((v) => !isClientField(v.id)),
    `order type "${typeOrder.name}"`,
  );
  const clientFields = existing
    ? []
    : applyCustomFields(
        newClientType.fields,
        [],
        sent.filter((v) => isClientField(v.id)),
        `counteragent type "${newClientType.name}"`,
      );
  const payment = planPayment(store, ctx.client, shop.id, input);

  const now = store.now();
  const counteragent: Counteragent = existing ?? {
    id: store.ids.hexId(),
    typeCounteragentId: newClientType.id,
    name: (input.name ?? "").trim(),
    phones: input.phones ?? [],
    email: input.email ?? "",
    address: input.address ?? "",
    node: input.counteragentNode ?? "",
    isBuyer: input.isBuyer ?? false,
    isVendor: input.isVendor ?? false,
    isSendSms: input.isSendSms ?? false,
    isSendEmail: false,
    isSendTelegram: false,
    rating: input.rating ?? 0,
    howKnowId: input.howKnowId ?? null,
    customFields: clientFields,
    dateCreate: now,
    lastAction: now,
  };
  if (!existing) store.addCounteragent(counteragent);
  const status = store.initialStatus();
  const num = store.takeNum(shop.id);
  const order: Order = {
    id: store.ids.hexId(),
    shopId: shop.id,
    num,
    number: store.formatNumber(shop, num),
    dateCreate: now,
    lastAction: now,
    dateFinish: null,
    dateClose: null,
    deadline: input.deadline ?? null,
    statusId: status.id,
    statusSince: now,
    typeOrderId: typeOrder.id,
    counteragentId: counteragent.id,
    managerId: input.managerId ?? null,
    masterId: input.masterId ?? null,
    createManagerId: input.managerId ?? null,
    closeManagerId: null,
    typeDevice: input.typeDevice ?? "",
    brand: input.brand ?? "",
    model: input.model ?? "",
    sn: input.sn ?? "",
    problem: input.problem ?? [],
    completeSet: input.completeSet ?? [],
    appearance: input.appearance ?? [],
    color: input.color ?? "",
    approximatePrice: input.approximatePrice ?? "",
    orderNode: input.orderNode ?? "",
    recommendation: "",
    comments: [],
    customFields: orderFields,
    howKnowId: input.howKnowId ?? null,
    isUrgent: input.isUrgent ?? false,
    isVisible: true,
    positions: [],
    discount: 0,
    paidCash: 0,
    paidBank: 0,
  };
  store.addOrder(order);
  if (payment) commitPayment(store, payment, order, ITEM_PREPAYMENT, responsible(store, order));
  return { data: { id: order.id } };
}

const PAYMENT_FIELDS = ["cashRegisterId", "money", "bank", "nodePay"] as const;

function changeOrder(ctx: RequestContext): Record<string, unknown> {
  const order = findOrder(ctx);
  const { store } = ctx;
  const current = store.statusById.get(order.statusId);
  if (!current || !canEditStatus(ctx.client, current)) throw accessDenied();
  const input = parseBody(patchSchema, ctx.body);
  if (!order.isVisible) throw badRequest("The order is deleted");

  const target = input.statusId === undefined ? undefined : store.statusById.get(input.statusId);
  if (input.statusId !== undefined && !target) throw incorrectField("statusId");
  const typeOrder = store.typeOrderById.get(input.typeOrderId ?? order.typeOrderId);
  if (!typeOrder) throw incorrectField("typeOrderId");
  checkStaff(store, order.shopId, "masterId", input.masterId);
  checkStaff(store, order.shopId, "managerId", input.managerId);
  checkHowKnow(store, input.howKnowId);
  if (input.counteragentId !== undefined && !store.counteragentById.has(input.counteragentId)) {
    throw incorrectField("counteragentId");
  }
  const paying = PAYMENT_FIELDS.some((field) => input[field] !== undefined);
  if (paying && !target?.isPayRequired) {
    throw badRequest("Payment is accepted only together with statusId of a status that requires payment");
  }
  const fields =
    input.customFields !== undefined || input.typeOrderId !== undefined
      ? applyCustomFields(
          typeOrder.fields,
          order.customFields,
          input.customFields ?? [],
          `order type "${typeOrder.name}"`,
        )
      : order.customFields;
  const payment = paying
    ? planPayment(store, ctx.client, order.shopId, { ...input, node: input.nodePay })
    : undefined;

  // Checked; now apply.
  const now = store.now();
  const simple = [
    "typeDevice",
    "brand",
    "model",
    "sn",
    "problem",
    "completeSet",
    "approximatePrice",
    "orderNode",
    "appearance",
    "color",
    "recommendation",
    "isUrgent",
  ] as const;
  const mutable = order as unknown as Record<string, unknown>;
  for (const key of simple) if (input[key] !== undefined) mutable[key] = input[key];
  if (input.managerId !== undefined) order.managerId = input.managerId;
  if (input.masterId !== undefined) order.masterId = input.masterId;
  if (input.deadline !== undefined) order.deadline = input.deadline;
  if (input.howKnowId !== undefined) order.howKnowId = input.howKnowId;
  order.typeOrderId = typeOrder.id;
  order.customFields = fields;
  if (input.counteragentId !== undefined && input.counteragentId !== order.counteragentId) {
    store.setOrderCounteragent(order, input.counteragentId);
  }
  if (target && target.id !== order.statusId) {
    store.setOrderStatus(order, target.id);
    order.statusSince = now;
    if (target.group === "finish") order.dateFinish = now;
    if (target.group === "closed") {
      order.dateFinish ??= now;
      order.dateClose = now;
      order.closeManagerId = order.managerId;
    } else {
      order.dateClose = null;
      order.closeManagerId = null;
    }
  }
  if (payment) commitPayment(store, payment, order, ITEM_PAYMENT, responsible(store, order));
  if (input.comment !== undefined && input.comment.trim() !== "") {
    order.comments.push({ date: now, text: input.comment, author: ctx.client.name ?? ctx.client.login });
  }
  order.lastAction = now;
  store.touchOrder(order);
  return { data: { success: true } };
}

export function orderRoutes(router: Router): void {
  router.add("POST", "/shops/:id/orders", createOrder);
  router.add("GET", "/orders/:id", (ctx) => {
    const order = findOrder(ctx);
    const status = ctx.store.statusById.get(order.statusId);
    if (!status || !canViewStatus(ctx.client, status)) throw accessDenied();
    return { data: orderDetailView(ctx.store, order) };
  });
  router.add("PATCH", "/orders/:id", changeOrder);
  router.add("DELETE", "/orders/:id", (ctx) => {
    const order = findOrder(ctx);
    if (!ctx.client.deleteOrders) throw accessDenied();
    order.isVisible = false;
    order.lastAction = ctx.store.now();
    return { data: { success: true } };
  });
}
