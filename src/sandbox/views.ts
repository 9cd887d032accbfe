/**
 * Records as the real service returns them (the 2026 nested shapes):
 * ISO dates, `{id, name}` references, optional fields absent when empty.
 */
import type { Counteragent, Order, Transaction } from "./model.ts";
import type { Store } from "./store.ts";

type Json = Record<string, unknown>;

const iso = (ms: number): string => new Date(ms).toISOString();
const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));

function ref(
  store: Store,
  kind: "employee" | "howKnow",
  id: string | null,
): { id: string; name: string } | undefined {
  if (id === null) return undefined;
  const record = kind === "employee" ? store.employeeById.get(id) : store.howKnowById.get(id);
  return record ? { id: record.id, name: record.name } : undefined;
}

export function orderPrice(order: Order): number {
  return order.positions.reduce((sum, p) => sum + p.price * p.count, 0);
}

export const orderPaid = (order: Order): number => order.paidCash + order.paidBank;

function deviceOf(order: Order): string {
  return [order.typeDevice, order.brand, order.model].filter(Boolean).join(" ");
}

/** Past the time norm of its status (the status deadline). */
export function statusDeadlineOf(store: Store, order: Order): number | null {
  const status = store.statusById.get(order.statusId);
  return status && status.normHours > 0 ? order.statusSince + status.normHours * 3_600_000 : null;
}

/** An order in a list. */
export function orderListView(store: Store, order: Order): Json {
  const status = store.statusById.get(order.statusId);
  const shop = store.shopById.get(order.shopId);
  const typeOrder = store.typeOrderById.get(order.typeOrderId);
  const client = store.counteragentById.get(order.counteragentId);
  const price = orderPrice(order);
  const view: Json = {
    id: order.id,
    number: order.number,
    dateCreate: iso(order.dateCreate),
    device: deviceOf(order),
    cash: { summ: orderPaid(order) },
    summ: { price, soldPrice: price - order.discount },
    counteragent: client
      ? { id: client.id, name: client.name, phones: [...client.phones], rating: client.rating }
      : { id: order.counteragentId, name: "", phones: [], rating: 0 },
    shop: { id: order.shopId, name: shop?.name ?? "" },
    status: {
      id: order.statusId,
      name: status?.name ?? "",
      color: status?.color ?? "",
      // The real service names the status's group on every order.
      type: store.shapes === "real" ? status?.group : undefined,
    },
    typeOrder: { id: order.typeOrderId, name: typeOrder?.name ?? "" },
    isVisible: order.isVisible,
    isUrgent: order.isUrgent,
    problem: [...order.problem],
  };
  const manager = ref(store, "employee", order.managerId);
  if (manager) view.manager = manager;
  const master = ref(store, "employee", order.masterId);
  if (master) view.master = master;
  if (order.sn) view.sn = order.sn;
  if (order.typeDevice) view.typeDevice = order.typeDevice;
  if (order.approximatePrice) view.approximatePrice = order.approximatePrice;
  if (order.deadline !== null) view.deadline = iso(order.deadline);
  return view;
}

/** One order (GET /orders/{id}): the list shape plus the details. */
export function orderDetailView(store: Store, order: Order): Json {
  const view = orderListView(store, order);
  const statusDeadline = statusDeadlineOf(store, order);
  Object.assign(view, {
    num: order.num,
    lastAction: iso(order.lastAction),
    dateFinish: isoOrNull(order.dateFinish),
    dateClose: isoOrNull(order.dateClose),
    statusDeadline: isoOrNull(statusDeadline),
    brand: order.brand,
    model: order.model,
    color: order.color,
    appearance: [...order.appearance],
    completeSet: [...order.completeSet],
    customFields: order.customFields.map((field) => ({ ...field })),
    orderNode: order.orderNode,
    recommendation: order.recommendation,
    comments: order.comments.map((comment) => ({ ...comment, date: iso(comment.date) })),
  });
  if (store.shapes === "real") {
    delete view.summ;
    Object.assign(view, realMoney(store, order));
  } else {
    Object.assign(view, {
      positions: order.positions.map((p) => ({
        id: p.id,
        name: p.name,
        type: p.kind,
        count: p.count,
        price: p.price,
      })),
      cash: { summ: orderPaid(order), cash: order.paidCash, bank: order.paidBank },
    });
  }
  const howKnow = ref(store, "howKnow", order.howKnowId);
  if (howKnow) view.howKnow = howKnow;
  const createManager = ref(store, "employee", order.createManagerId);
  if (createManager) view.createManager = createManager;
  const closeManager = ref(store, "employee", order.closeManagerId);
  if (closeManager) view.closeManager = closeManager;
  return view;
}

/**
 * The money of a full record as the real service gives it: no `summ`; `cash`
 * as amounts (`order` is what was paid) with one element per payment;
 * `positions` with per-unit `price` and `soldPrice` (the order's discount taken
 * off the first one), so they add up to the list record's `summ`.
 */
function realMoney(store: Store, order: Order): Json {
  const discounted = order.positions.findIndex((p) => p.count === 1);
  const at = discounted >= 0 ? discounted : 0;
  const positions = order.positions.map((p, index) => ({
    positionId: p.id,
    nomenclatureId: null,
    code: null,
    name: p.name,
    isWork: p.kind === "work",
    count: p.count,
    price: p.price,
    soldPrice: index === at ? Math.round((p.price - order.discount / p.count) * 100) / 100 : p.price,
    purchasePriceSumm: 0,
    measure: "шт",
    guarantee: p.kind === "work" ? 30 : 90,
  }));
  const elements = store.transactions
    .filter((t) => t.orderId === order.id && !t.isDeleted)
    .map((t) => ({
      id: t.id,
      date: iso(t.date),
      type: store.cashItemById.get(t.cashItemId)?.isIncome === false ? "outcome" : "income",
      money: t.money,
      isBankTransfer: t.isBankTransfer,
    }));
  return {
    positions,
    cash: { order: orderPaid(order), invoice: 0, orderReturn: 0, elements },
    files: [],
  };
}

export function counteragentView(store: Store, counteragent: Counteragent): Json {
  const type = store.typeCounteragentById.get(counteragent.typeCounteragentId);
  const view: Json = {
    id: counteragent.id,
    name: counteragent.name,
    phones: [...counteragent.phones],
    email: counteragent.email,
    address: counteragent.address,
    node: counteragent.node,
    isBuyer: counteragent.isBuyer,
    isVendor: counteragent.isVendor,
    isSendSms: counteragent.isSendSms,
    isSendEmail: counteragent.isSendEmail,
    isSendTelegram: counteragent.isSendTelegram,
    rating: counteragent.rating,
    typeCounteragent: { id: counteragent.typeCounteragentId, name: type?.name ?? "" },
    customFields: counteragent.customFields.map((field) => ({ ...field })),
    dateCreate: iso(counteragent.dateCreate),
    lastAction: iso(counteragent.lastAction),
  };
  const howKnow = ref(store, "howKnow", counteragent.howKnowId);
  if (howKnow) view.howKnow = howKnow;
  return view;
}

export function transactionView(store: Store, transaction: Transaction): Json {
  const item = store.cashItemById.get(transaction.cashItemId);
  const register = store.registerById.get(transaction.cashRegisterId);
  const customer = store.employeeById.get(transaction.customerId);
  const client = transaction.counteragentId
    ? store.counteragentById.get(transaction.counteragentId)
    : undefined;
  const order = transaction.orderId ? store.orderById.get(transaction.orderId) : undefined;
  return {
    id: transaction.id,
    number: transaction.number,
    date: iso(transaction.date),
    dateChange: iso(transaction.dateChange),
    isBankTransfer: transaction.isBankTransfer,
    money: transaction.money,
    node: transaction.node,
    isDeleted: transaction.isDeleted,
    cashItem: { id: transaction.cashItemId, name: item?.name ?? "", isIncome: item?.isIncome ?? true },
    cashRegister: { id: transaction.cashRegisterId, name: register?.name ?? "" },
    customer: { id: transaction.customerId, name: customer?.name ?? "" },
    counteragent: client ? { id: client.id, name: client.name } : null,
    document: order ? { id: order.id, number: order.number } : null,
  };
}
