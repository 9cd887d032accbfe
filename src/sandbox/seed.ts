/**
 * Demo records, deterministic for a seed: counteragents, orders and the cash
 * transactions of their payments. Dates are laid out backwards from the
 * clock's start time: the newest order is minutes old, the oldest months old.
 */
import {
  demoReference,
  ITEM_PARTS,
  ITEM_PAYMENT,
  ITEM_PREPAYMENT,
  SHOP_A,
  SHOP_B,
  typeCounteragentId,
} from "./demo-reference.ts";
import type {
  Counteragent,
  CustomValue,
  FieldDef,
  Order,
  Position,
  Register,
  Shapes,
  Status,
  StatusGroup,
} from "./model.ts";
import {
  APPEARANCE,
  COLORS,
  COMMENTS,
  COMPANIES,
  DEVICES,
  FEMALE_FIRST,
  MALE_FIRST,
  PATRONYMIC_STEMS,
  STREETS,
  SURNAMES,
} from "./names.ts";
import { createPrng, type Prng } from "./prng.ts";
import { seedToday } from "./seed-today.ts";
import { type Clock, round2, Store } from "./store.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SPAN = 240 * DAY;

/** The demo order everybody can try: "А001042" in the first workshop. */
export const KNOWN_NUM = 1042;

export function seedStore(options: { seed: number; orders: number; clock: Clock; shapes?: Shapes }): Store {
  const rnd = createPrng(options.seed);
  const store = new Store(demoReference(), options.clock, options.seed);
  store.shapes = options.shapes ?? "real";
  const start = options.clock.now();
  for (const register of store.ref.registers) {
    if (register.isEnableCash) register.cashMoney = 20_000 + rnd.int(0, 40) * 1000;
    if (register.isEnableBank) register.bankMoney = 50_000 + rnd.int(0, 100) * 1000;
  }
  seedVendors(store, rnd, start);
  seedOrders(store, rnd, start, Math.max(0, Math.floor(options.orders)));
  seedToday(store, options.seed, start);
  return store;
}

function personName(rnd: Prng): string {
  const female = rnd.chance(0.45);
  const surname = rnd.pick(SURNAMES);
  const stem = rnd.pick(PATRONYMIC_STEMS);
  return female
    ? `${surname}а ${rnd.pick(FEMALE_FIRST)} ${stem}${stem.endsWith("е") ? "вна" : "овна"}`
    : `${surname} ${rnd.pick(MALE_FIRST)} ${stem}${stem.endsWith("е") ? "вич" : "ович"}`;
}

function mobile(rnd: Prng): string {
  return `+7 9${rnd.int(0, 9)}${rnd.int(0, 9)} ${rnd.int(100, 999)}-${rnd.int(10, 99)}-${rnd.int(10, 99)}`;
}

function newCounteragent(store: Store, rnd: Prng, at: number, company: boolean): Counteragent {
  const name = company ? rnd.pick(COMPANIES) : personName(rnd);
  const phones = [mobile(rnd)];
  if (rnd.chance(0.15)) phones.push(mobile(rnd));
  const counteragent: Counteragent = {
    id: rnd.hexId(),
    typeCounteragentId: company ? typeCounteragentId(2) : typeCounteragentId(1),
    name,
    phones,
    email: rnd.chance(0.3) ? `client${rnd.int(100, 99999)}@mail.ru` : "",
    address: rnd.chance(0.4) ? `${rnd.pick(STREETS)}, ${rnd.int(1, 120)}, кв. ${rnd.int(1, 300)}` : "",
    node: "",
    isBuyer: true,
    isVendor: false,
    isSendSms: rnd.chance(0.6),
    isSendEmail: false,
    isSendTelegram: rnd.chance(0.2),
    rating: rnd.chance(0.05) ? -1 : rnd.chance(0.1) ? 1 : 0,
    howKnowId: rnd.chance(0.8) ? rnd.pick(store.ref.howKnows).id : null,
    customFields: company
      ? [
          {
            id: store.ref.typeCounteragents[1]?.fields[0]?.id ?? "",
            value: `66${rnd.int(10000000, 99999999)}`,
          },
        ]
      : [],
    dateCreate: at,
    lastAction: at,
  };
  store.addCounteragent(counteragent);
  return counteragent;
}

function seedVendors(store: Store, rnd: Prng, start: number): void {
  for (const name of ["ООО «Запчасти Опт»", "ИП Ковалёв (дисплеи)", "ООО «Мобайл Партс»"]) {
    store.addCounteragent({
      id: rnd.hexId(),
      typeCounteragentId: typeCounteragentId(3),
      name,
      phones: [`+7 343 ${rnd.int(200, 399)}-${rnd.int(10, 99)}-${rnd.int(10, 99)}`],
      email: "",
      address: "",
      node: "Поставщик запчастей",
      isBuyer: false,
      isVendor: true,
      isSendSms: false,
      isSendEmail: false,
      isSendTelegram: false,
      rating: 0,
      howKnowId: null,
      customFields: [],
      dateCreate: start - SPAN - 30 * DAY,
      lastAction: start - SPAN,
    });
  }
}

/** Group of an order's status by its age: old orders are mostly closed. */
function groupForAge(rnd: Prng, ageMs: number): StatusGroup {
  const r = rnd.next();
  if (ageMs < DAY) return r < 0.5 ? "new" : "inWork";
  if (ageMs < 7 * DAY)
    return r < 0.1 ? "new" : r < 0.45 ? "inWork" : r < 0.65 ? "wait" : r < 0.85 ? "finish" : "closed";
  if (ageMs < 30 * DAY) return r < 0.08 ? "wait" : r < 0.2 ? "finish" : "closed";
  return r < 0.03 ? "wait" : r < 0.05 ? "finish" : "closed";
}

/** First number of each shop, chosen so that num 1042 (shop A) and 517 (shop B) exist. */
function firstNum(shopId: string, count: number): number {
  if (shopId === SHOP_A) return Math.max(1, KNOWN_NUM - Math.floor(count * 0.7));
  if (shopId === SHOP_B) return Math.max(1, 517 - Math.floor(count * 0.8));
  return 1;
}

function seedOrders(store: Store, rnd: Prng, start: number, count: number): void {
  const shops = store.ref.shops;
  // Half of the orders in the first workshop, 30% and 20% in the others.
  const shopOf = (r: number): number => (r < 0.5 ? 0 : r < 0.8 ? 1 : 2);
  const shopIndexes: number[] = [];
  const perShop = shops.map(() => 0);
  for (let i = 0; i < count; i++) {
    const index = shopOf(rnd.next());
    shopIndexes.push(index);
    perShop[index] = (perShop[index] ?? 0) + 1;
  }
  for (const [index, shop] of shops.entries())
    store.setNextNum(shop.id, firstNum(shop.id, perShop[index] ?? 0));

  const byGroup = new Map<StatusGroup, Status[]>();
  for (const status of store.ref.statuses)
    byGroup.set(status.group, [...(byGroup.get(status.group) ?? []), status]);
  const customers: Counteragent[] = [];

  for (let i = 0; i < count; i++) {
    const fromNewest = count - 1 - i;
    const age = 3 * MINUTE * (1 + Math.min(fromNewest, 20)) + SPAN * (fromNewest / Math.max(count, 1)) ** 1.6;
    const created = start - Math.round(age);
    const shop = shops[shopIndexes[i] ?? 0] ?? shops[0];
    if (!shop) break;
    const num = store.takeNum(shop.id);
    const known = shop.id === SHOP_A && num === KNOWN_NUM;

    const reuse = customers.length > 10 && rnd.chance(0.3);
    const counteragent = reuse ? rnd.pick(customers) : newCounteragent(store, rnd, created, rnd.chance(0.04));
    if (!reuse) customers.push(counteragent);

    let group = known ? "inWork" : groupForAge(rnd, age);
    const candidates = byGroup.get(group) ?? [];
    let status = known ? store.statusById.get(candidates[1]?.id ?? "") : rnd.pick(candidates);
    if (!status) {
      status = store.initialStatus();
      group = "new";
    }
    const kind = known ? DEVICES[0] : rnd.pick(DEVICES);
    if (!kind) break;
    const [brand, model] = known ? ["Apple", "iPhone 13"] : rnd.pick(kind.models);
    const staff = store.employeesOfShop(shop.id);
    const managers = staff.filter((e) => e.isManager);
    const masters = staff.filter((e) => e.isMaster);
    const statusSince =
      group === "new" ? created : created + Math.round((start - created) * (0.3 + rnd.next() * 0.6));
    const finished = group === "finish" || group === "closed";
    const typeOrder =
      rnd.chance(0.8) || known ? store.ref.typeOrders[0] : rnd.pick(store.ref.typeOrders.slice(1));
    if (!typeOrder) break;

    const order: Order = {
      id: rnd.hexId(),
      shopId: shop.id,
      num,
      number: store.formatNumber(shop, num),
      dateCreate: created,
      lastAction: statusSince,
      dateFinish: finished ? statusSince - (group === "closed" ? rnd.int(1, 72) * HOUR : 0) : null,
      dateClose: group === "closed" ? statusSince : null,
      deadline: rnd.chance(0.85) || known ? created + rnd.int(1, 10) * DAY : null,
      statusId: status.id,
      statusSince,
      typeOrderId: typeOrder.id,
      counteragentId: counteragent.id,
      managerId: rnd.chance(0.6) && managers.length > 0 ? rnd.pick(managers).id : null,
      masterId:
        (group !== "new" || known) && masters.length > 0 && rnd.chance(0.8) ? rnd.pick(masters).id : null,
      createManagerId: managers.length > 0 ? rnd.pick(managers).id : null,
      closeManagerId: group === "closed" && managers.length > 0 ? rnd.pick(managers).id : null,
      typeDevice: kind.typeDevice,
      brand,
      model,
      sn: rnd.chance(0.7)
        ? `${brand.slice(0, 2).toUpperCase()}${rnd.int(100000, 999999)}${rnd.int(1000, 9999)}`
        : "",
      problem: known ? ["Разбит экран"] : rnd.sample(kind.problems, rnd.int(1, 2)),
      completeSet: rnd.sample(kind.completeSet, rnd.int(0, 2)),
      appearance: rnd.sample(APPEARANCE, rnd.int(1, 2)),
      color: rnd.pick(COLORS),
      approximatePrice: rnd.chance(0.5) ? `${rnd.int(1, 15) * 500}` : "",
      orderNode: rnd.chance(0.2) ? rnd.pick(COMMENTS) : "",
      recommendation: "",
      comments: rnd.chance(0.2) ? [{ date: statusSince, text: rnd.pick(COMMENTS), author: "Сотрудник" }] : [],
      customFields: fieldsFor(typeOrder.fields, rnd, shop.address),
      howKnowId: counteragent.howKnowId,
      isUrgent: !known && rnd.chance(0.1),
      isVisible: known || !rnd.chance(0.03),
      positions: group === "new" ? [] : positionsFor(kind, rnd),
      discount: 0,
      paidCash: 0,
      paidBank: 0,
    };
    if (order.masterId === null && known) order.masterId = masters[0]?.id ?? null;
    store.addOrder(order);
    seedPayments(store, rnd, order, status);
  }
}

function fieldsFor(fields: FieldDef[], rnd: Prng, address: string): CustomValue[] {
  return fields
    .filter((f) => f.isRequired || rnd.chance(0.3))
    .map((f) => {
      switch (f.type) {
        case "string":
          return { id: f.id, value: f.name.startsWith("Адрес") ? address : `${rnd.int(100000, 999999)}` };
        case "number":
          return { id: f.id, value: rnd.int(1, 16) };
        case "date":
          return { id: f.id, value: Date.UTC(2025, rnd.int(0, 11), rnd.int(1, 28)) };
        case "boolean":
          return { id: f.id, value: rnd.chance(0.5) };
        default:
          return { id: f.id, value: rnd.pick(f.items).id };
      }
    });
}

function positionsFor(kind: (typeof DEVICES)[number], rnd: Prng): Position[] {
  const [workName, workPrice] = rnd.pick(kind.works);
  const positions: Position[] = [
    { id: rnd.hexId(), name: workName, kind: "work", count: 1, price: workPrice },
  ];
  if (rnd.chance(0.6)) {
    const [partName, partPrice] = rnd.pick(kind.parts);
    positions.push({ id: rnd.hexId(), name: partName, kind: "part", count: 1, price: partPrice });
  }
  return positions;
}

function defaultRegister(store: Store, shopId: string): Register | undefined {
  return store.ref.registers.find((r) => r.shopId === shopId && r.isDefault);
}

/** Prepayments of some orders, full payment of those handed over ("Выдан"). */
function seedPayments(store: Store, rnd: Prng, order: Order, status: Status): void {
  const register = defaultRegister(store, order.shopId);
  if (!register) return;
  const price = order.positions.reduce((sum, p) => sum + p.price * p.count, 0);
  const pay = (amount: number, at: number, item: string): void => {
    if (amount <= 0) return;
    const bank = rnd.chance(0.35);
    store.addTransaction({
      id: rnd.hexId(),
      date: at,
      dateChange: at,
      isBankTransfer: bank,
      money: round2(amount),
      cashItemId: item,
      cashRegisterId: register.id,
      customerId: order.createManagerId ?? store.ref.employees[0]?.id ?? "",
      counteragentId: order.counteragentId,
      orderId: order.id,
      node: `Заказ ${order.number}`,
      isDeleted: false,
    });
    if (bank) order.paidBank = round2(order.paidBank + amount);
    else order.paidCash = round2(order.paidCash + amount);
  };
  let prepaid = 0;
  if (price > 0 && rnd.chance(0.2)) {
    prepaid = Math.round(price * 0.3);
    pay(prepaid, order.dateCreate, ITEM_PREPAYMENT);
  }
  if (status.isPayRequired && status.group === "closed")
    pay(price - prepaid, order.statusSince, ITEM_PAYMENT);
  // Parts bought for some orders: expenses keep the registers' history two-sided.
  if (order.positions.some((p) => p.kind === "part") && rnd.chance(0.2) && register.cashMoney > 5000) {
    store.addTransaction({
      id: rnd.hexId(),
      date: order.dateCreate + HOUR,
      dateChange: order.dateCreate + HOUR,
      isBankTransfer: false,
      money: 1000 + rnd.int(0, 20) * 100,
      cashItemId: ITEM_PARTS,
      cashRegisterId: register.id,
      customerId: order.masterId ?? store.ref.employees[0]?.id ?? "",
      counteragentId: null,
      orderId: order.id,
      node: `Запчасть для ${order.number}`,
      isDeleted: rnd.chance(0.05),
    });
  }
}
