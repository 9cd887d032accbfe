/**
 * The demo till's last hours: in each workshop prepayments, payments on
 * orders handed over, a refund, a deposit, a move between two registers, an
 * expense, and one payment deleted afterwards, all within the three hours
 * before the clock's start (squeezed into today when the start is early in the
 * day, in DEMO_TIMEZONE: the bot's default TIMEZONE), so /cash and /report
 * have a day to show at any hour.
 * Its own random stream: the rest of the demo data stays as it was seeded.
 */
import {
  ITEM_DEPOSIT,
  ITEM_MOVE_IN,
  ITEM_MOVE_OUT,
  ITEM_PARTS,
  ITEM_PAYMENT,
  ITEM_PREPAYMENT,
  ITEM_REFUND,
  ITEM_RENT,
} from "./demo-reference.ts";
import type { Order, Transaction } from "./model.ts";
import { createPrng } from "./prng.ts";
import { round2, type Store } from "./store.ts";

const MINUTE = 60_000;
const WINDOW_MINUTES = 180;
/** The bot's default TIMEZONE: the demo's "today" is its day. */
const DEMO_TIMEZONE = "Europe/Moscow";

/** Milliseconds since midnight in `timezone` at `at`. */
function sinceMidnight(at: number, timezone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: timezone,
    hourCycle: "h23",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return ((part("hour") * 60 + part("minute")) * 60 + part("second")) * 1000 + (at % 1000);
}

export function seedToday(store: Store, seed: number, start: number): void {
  const rnd = createPrng(seed ^ 0x7a11);
  for (const shop of store.ref.shops) {
    const registers = store.ref.registers.filter((r) => r.shopId === shop.id);
    const till = registers.find((r) => r.isDefault) ?? registers[0];
    if (!till) continue;
    const other = registers.find((r) => r.id !== till.id);
    const orders = store.orders.filter((o) => o.shopId === shop.id && o.isVisible);
    // Orders already in work: tests take "new" ones as fresh, with no money on them.
    const newest = orders.filter((o) => store.statusById.get(o.statusId)?.group !== "new").slice(-6);
    const closed = orders.filter((o) => store.statusById.get(o.statusId)?.group === "closed").slice(-3);
    const employee = store.employeesOfShop(shop.id)[0]?.id ?? store.ref.employees[0]?.id ?? "";
    let minutes = WINDOW_MINUTES;
    // Early in the day the three hours shrink to what has passed of it: every item stays today's.
    const scale = Math.min(1, sinceMidnight(start, DEMO_TIMEZONE) / (WINDOW_MINUTES * MINUTE));
    const at = (): number => {
      minutes = Math.max(1, minutes - rnd.int(5, 20));
      return start - Math.floor(minutes * MINUTE * scale);
    };
    const add = (
      item: string,
      money: number,
      fields: {
        order?: Order;
        registerId?: string;
        node: string;
        isDeleted?: boolean;
        client?: boolean;
        bank?: boolean;
      },
    ): void => {
      const date = at();
      const transaction: Omit<Transaction, "number"> = {
        id: rnd.hexId(),
        date,
        dateChange: date,
        isBankTransfer: fields.bank ?? false,
        money: round2(money),
        cashItemId: item,
        cashRegisterId: fields.registerId ?? till.id,
        customerId: employee,
        counteragentId: fields.client && fields.order ? fields.order.counteragentId : null,
        orderId: fields.order?.id ?? null,
        node: fields.node,
        isDeleted: fields.isDeleted ?? false,
      };
      store.addTransaction(transaction);
      if (fields.order && !transaction.isDeleted && fields.client) {
        const signed = item === ITEM_REFUND ? -transaction.money : transaction.money;
        fields.order.paidCash = round2(fields.order.paidCash + signed);
      }
    };
    add(ITEM_DEPOSIT, 5000, { node: "Размен на день" });
    for (const order of newest.slice(0, 2))
      add(ITEM_PREPAYMENT, 500 + rnd.int(1, 10) * 100, {
        order,
        node: `Заказ ${order.number}`,
        client: true,
      });
    for (const order of closed.slice(0, 2))
      add(ITEM_PAYMENT, 1500 + rnd.int(1, 30) * 100, { order, node: `Заказ ${order.number}`, client: true });
    const refunded = closed[2] ?? newest[2];
    if (refunded) add(ITEM_REFUND, 700, { order: refunded, node: "Возврат: не ремонтировали", client: true });
    const parted = newest[3];
    if (parted) add(ITEM_PARTS, 1200, { order: parted, node: `Запчасть для ${parted.number}` });
    add(ITEM_RENT, 3000 + rnd.int(0, 10) * 100, { node: "Аренда за месяц" });
    const deleted = newest[4];
    if (deleted)
      add(ITEM_PAYMENT, 999, {
        order: deleted,
        node: `Заказ ${deleted.number} (ошибка)`,
        isDeleted: true,
        client: true,
      });
    if (other) {
      // A register without cash (an account) takes the move by bank.
      const bank = !other.isEnableCash;
      add(ITEM_MOVE_OUT, 2000, { node: `В кассу «${other.name}»`, bank });
      add(ITEM_MOVE_IN, 2000, { registerId: other.id, node: `Из кассы «${till.name}»`, bank });
    }
  }
}
