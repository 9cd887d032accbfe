/**
 * Payments into a register (prepayment on create, payment on a status
 * change): checked first, then committed as cash transactions that move the
 * register balance. A negative amount is a refund (an expense).
 */
import { ITEM_REFUND } from "./demo-reference.ts";
import { accessDenied, badRequest, incorrectField } from "./errors.ts";
import { type ApiClient, canRegister } from "./grants.ts";
import type { Order, Register } from "./model.ts";
import { round2, type Store } from "./store.ts";

interface PaymentInput {
  cashRegisterId?: string | undefined;
  money?: number | undefined;
  bank?: number | undefined;
  node?: string | undefined;
}

interface PaymentPlan {
  register: Register;
  money: number;
  bank: number;
  node: string;
}

/** Validates a payment for an order of `shopId`; undefined when nothing is paid. */
export function planPayment(
  store: Store,
  client: ApiClient,
  shopId: string,
  input: PaymentInput,
): PaymentPlan | undefined {
  const money = input.money ?? 0;
  const bank = input.bank ?? 0;
  if (input.cashRegisterId === undefined) {
    if (money !== 0 || bank !== 0)
      throw badRequest("Incorrect field cashRegisterId: a payment needs a register");
    return undefined;
  }
  const register = store.registerById.get(input.cashRegisterId);
  if (!register) throw incorrectField("cashRegisterId");
  if (register.shopId !== shopId)
    throw badRequest("Incorrect field cashRegisterId: the register belongs to another workshop");
  if (!canRegister(client, register)) throw accessDenied();
  if (money !== 0 && !register.isEnableCash)
    throw badRequest(`Register "${register.name}" does not accept cash`);
  if (bank !== 0 && !register.isEnableBank)
    throw badRequest(`Register "${register.name}" does not accept non-cash payments`);
  if (!register.isEnableNegative && (register.cashMoney + money < 0 || register.bankMoney + bank < 0)) {
    throw badRequest(`Register "${register.name}" may not go negative`);
  }
  return { register, money, bank, node: input.node ?? "" };
}

export function commitPayment(
  store: Store,
  plan: PaymentPlan,
  order: Order,
  incomeItemId: string,
  customerId: string,
): void {
  const now = store.now();
  const parts: [amount: number, isBank: boolean][] = [
    [plan.money, false],
    [plan.bank, true],
  ];
  for (const [amount, isBank] of parts) {
    if (amount === 0) continue;
    store.addTransaction({
      id: store.ids.hexId(),
      date: now,
      dateChange: now,
      isBankTransfer: isBank,
      money: round2(Math.abs(amount)),
      cashItemId: amount > 0 ? incomeItemId : ITEM_REFUND,
      cashRegisterId: plan.register.id,
      customerId,
      counteragentId: order.counteragentId,
      orderId: order.id,
      node: plan.node || `Заказ ${order.number}`,
      isDeleted: false,
    });
    if (isBank) order.paidBank = round2(order.paidBank + amount);
    else order.paidCash = round2(order.paidCash + amount);
  }
}
