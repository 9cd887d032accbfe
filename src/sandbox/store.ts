/**
 * State of the sandbox with the indexes that keep lists fast at 50 000 orders:
 * orders by shop, by num, by status and by counteragent, transactions by
 * register. All mutations go through the methods here so indexes never drift.
 */

import { phoneDigits } from "../contract/phone.ts";
import type {
  CashItem,
  Counteragent,
  Employee,
  HowKnow,
  Order,
  Register,
  Shapes,
  Shop,
  Status,
  Transaction,
  TypeCounteragent,
  TypeOrder,
} from "./model.ts";
import { createPrng, type Prng, prngAt } from "./prng.ts";

export interface Clock {
  now(): number;
}

export interface Reference {
  shops: Shop[];
  statuses: Status[];
  typeOrders: TypeOrder[];
  typeCounteragents: TypeCounteragent[];
  howKnows: HowKnow[];
  cashItems: CashItem[];
  registers: Register[];
  employees: Employee[];
}

function indexById<T extends { id: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((item) => [item.id, item]));
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export class Store {
  readonly clock: Clock;
  readonly ref: Reference;
  readonly shopById: Map<string, Shop>;
  readonly statusById: Map<string, Status>;
  readonly typeOrderById: Map<string, TypeOrder>;
  readonly typeCounteragentById: Map<string, TypeCounteragent>;
  readonly howKnowById: Map<string, HowKnow>;
  readonly cashItemById: Map<string, CashItem>;
  readonly registerById: Map<string, Register>;
  readonly employeeById: Map<string, Employee>;

  /** Orders in insertion order (= creation order, oldest first). */
  readonly orders: Order[] = [];
  readonly orderById = new Map<string, Order>();
  readonly ordersByShop = new Map<string, Order[]>();
  readonly ordersByNum = new Map<number, Order[]>();
  readonly ordersByStatus = new Map<string, Set<Order>>();
  readonly ordersByCounteragent = new Map<string, Order[]>();
  private readonly searchText = new WeakMap<Order, string>();

  readonly counteragents: Counteragent[] = [];
  readonly counteragentById = new Map<string, Counteragent>();
  /** Grows on every counteragent change: invalidates cached sorted lists. */
  counteragentsVersion = 0;

  readonly transactions: Transaction[] = [];
  readonly transactionsByRegister = new Map<string, Transaction[]>();

  private readonly nextNum = new Map<string, number>();
  /** The shapes of the answers (and of new order numbers). */
  shapes: Shapes = "real";
  private nextTransactionNumber = 1;
  /** Ids of records made at runtime; seeded so a replayed session is identical. */
  private idsPrng: Prng;

  constructor(ref: Reference, clock: Clock, seed: number) {
    this.clock = clock;
    this.ref = ref;
    this.shopById = indexById(ref.shops);
    this.statusById = indexById(ref.statuses);
    this.typeOrderById = indexById(ref.typeOrders);
    this.typeCounteragentById = indexById(ref.typeCounteragents);
    this.howKnowById = indexById(ref.howKnows);
    this.cashItemById = indexById(ref.cashItems);
    this.registerById = indexById(ref.registers);
    this.employeeById = indexById(ref.employees);
    this.idsPrng = createPrng(seed ^ 0x5eed1d5);
  }

  get ids(): Prng {
    return this.idsPrng;
  }

  /** Counters a state file keeps so numbers and ids continue after a restart. */
  counters(): { nextNum: Record<string, number>; nextTransactionNumber: number; idsState: number } {
    return {
      nextNum: Object.fromEntries(this.nextNum),
      nextTransactionNumber: this.nextTransactionNumber,
      idsState: this.idsPrng.state(),
    };
  }

  restoreCounters(counters: ReturnType<Store["counters"]>): void {
    this.nextNum.clear();
    for (const [shopId, num] of Object.entries(counters.nextNum)) this.nextNum.set(shopId, num);
    this.nextTransactionNumber = counters.nextTransactionNumber;
    this.idsPrng = prngAt(counters.idsState);
  }

  now(): number {
    return this.clock.now();
  }

  /** Next numeric order number of a shop (numbers grow per shop). */
  takeNum(shopId: string): number {
    const num = this.nextNum.get(shopId) ?? 1;
    this.nextNum.set(shopId, num + 1);
    return num;
  }

  setNextNum(shopId: string, num: number): void {
    this.nextNum.set(shopId, num);
  }

  /** A prefix and six zero-padded digits, no separator (`А001042`); the legacy shapes put a hyphen between. */
  formatNumber(shop: Shop, num: number): string {
    const separator = this.shapes === "legacy" ? "-" : "";
    return `${shop.prefix}${separator}${String(num).padStart(6, "0")}`;
  }

  addOrder(order: Order): void {
    this.orders.push(order);
    this.orderById.set(order.id, order);
    pushTo(this.ordersByShop, order.shopId, order);
    pushTo(this.ordersByNum, order.num, order);
    pushTo(this.ordersByCounteragent, order.counteragentId, order);
    this.statusSet(order.statusId).add(order);
  }

  private statusSet(statusId: string): Set<Order> {
    let set = this.ordersByStatus.get(statusId);
    if (!set) {
      set = new Set();
      this.ordersByStatus.set(statusId, set);
    }
    return set;
  }

  setOrderStatus(order: Order, statusId: string): void {
    this.ordersByStatus.get(order.statusId)?.delete(order);
    order.statusId = statusId;
    this.statusSet(statusId).add(order);
  }

  setOrderCounteragent(order: Order, counteragentId: string): void {
    const list = this.ordersByCounteragent.get(order.counteragentId);
    if (list) {
      const at = list.indexOf(order);
      if (at >= 0) list.splice(at, 1);
    }
    order.counteragentId = counteragentId;
    pushTo(this.ordersByCounteragent, counteragentId, order);
    this.touchOrder(order);
  }

  /** Forget the cached search text after a change of the order or its client. */
  touchOrder(order: Order): void {
    this.searchText.delete(order);
  }

  /** Lower-case text that the free-text `filter` of order lists searches. */
  orderSearchText(order: Order): string {
    let text = this.searchText.get(order);
    if (text === undefined) {
      const client = this.counteragentById.get(order.counteragentId);
      text = [
        order.number,
        order.typeDevice,
        order.brand,
        order.model,
        order.sn,
        order.problem.join(" "),
        order.orderNode,
        client?.name ?? "",
        client?.phones.map(phoneDigits).join(" ") ?? "",
      ]
        .join("\n")
        .toLowerCase();
      this.searchText.set(order, text);
    }
    return text;
  }

  addCounteragent(counteragent: Counteragent): void {
    this.counteragents.push(counteragent);
    this.counteragentById.set(counteragent.id, counteragent);
    this.counteragentsVersion++;
  }

  /** After a change of a counteragent: its orders' search text and the caches. */
  touchCounteragent(counteragent: Counteragent): void {
    this.counteragentsVersion++;
    for (const order of this.ordersByCounteragent.get(counteragent.id) ?? []) this.touchOrder(order);
  }

  /** Records a transaction and moves the register balance by it. */
  addTransaction(input: Omit<Transaction, "number">): Transaction {
    const transaction: Transaction = { ...input, number: this.nextTransactionNumber++ };
    this.transactions.push(transaction);
    pushTo(this.transactionsByRegister, transaction.cashRegisterId, transaction);
    const register = this.registerById.get(transaction.cashRegisterId);
    const item = this.cashItemById.get(transaction.cashItemId);
    if (register && item && !transaction.isDeleted) {
      const signed = item.isIncome ? transaction.money : -transaction.money;
      if (transaction.isBankTransfer) register.bankMoney = round2(register.bankMoney + signed);
      else register.cashMoney = round2(register.cashMoney + signed);
    }
    return transaction;
  }

  /** A transaction read from a state file: indexed only, the saved balances already include it. */
  loadTransaction(transaction: Transaction): void {
    this.transactions.push(transaction);
    pushTo(this.transactionsByRegister, transaction.cashRegisterId, transaction);
  }

  employeesOfShop(shopId: string): Employee[] {
    return this.ref.employees.filter((employee) => employee.shopIds.includes(shopId));
  }

  /** The first status of the "new" group: where created orders start. */
  initialStatus(): Status {
    const first = this.ref.statuses
      .filter((status) => status.group === "new")
      .sort((a, b) => a.sort - b.sort)[0];
    if (!first) throw new Error("no status in group new");
    return first;
  }

  /** The system default counteragent type: the first by sort. */
  defaultTypeCounteragent(): TypeCounteragent {
    const first = [...this.ref.typeCounteragents].sort((a, b) => a.sort - b.sort)[0];
    if (!first) throw new Error("no counteragent type");
    return first;
  }
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
