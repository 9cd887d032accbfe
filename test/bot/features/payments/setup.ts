/**
 * Payments' test set-up: the client's side (a warm mirror, a linked client)
 * with PAYMENT_* set, a status "Оплачен" in the ready group that demands
 * payment on entry (the demo has none: added to the sandbox as a shop would
 * set one up), and an order of the linked client made ready with a price.
 */
import { pino } from "pino";
import { checkPaymentSetup, PaymentRetry } from "../../../../src/bot/features/payments/index.ts";
import type { Store } from "../../../../src/bot/store/storage.ts";
import type { PaymentsConfig } from "../../../../src/config/index.ts";
import { statusId as demoStatusId } from "../../../../src/sandbox/demo-reference.ts";
import type { Order as SandboxOrder } from "../../../../src/sandbox/model.ts";
import type { SentInvoice } from "../../../e2e/fake-telegram/payments.ts";
import { createTestBot, type TestBot } from "../../../helpers/test-bot.ts";
import {
  buttonsOf,
  type ClientBot,
  type ClientBotOptions,
  linked,
  OPERATOR,
  startClientBot,
  statusId,
} from "../client-side/setup.ts";

export const PAID = "Оплачен";
const READY = "Готов";
export const REGISTER = "Расчётный счёт";
export const PROVIDER_TOKEN = "381764678:TEST:100500";
export const OWNER = 9001;

const PAYMENTS: PaymentsConfig = {
  providerToken: PROVIDER_TOKEN,
  currency: "RUB",
  registers: [REGISTER],
  status: PAID,
  prepay: { status: "Согласовано, предоплата", percent: 50 },
  receipt: false,
  vatCode: 1,
};

const silent = pino({ level: "silent" });

/** A client bot with payments on, the paid status in the sandbox and cached. */
export async function startPaymentsBot(
  options: ClientBotOptions & { payments?: Partial<PaymentsConfig> } = {},
): Promise<ClientBot> {
  const t = await startClientBot({
    ...options,
    config: { ownerIds: [OWNER], ...options.config, payments: { ...PAYMENTS, ...options.payments } },
  });
  addPaidStatus(t);
  await t.services.reference.invalidate("statuses");
  // As at start-up: the settings checked against the statuses and the registers (then cached).
  if (!(await checkPaymentSetup(t.services, silent))) throw new Error("payments' settings do not check");
  t.mark();
  return t;
}

/** "Оплачен": ready group, payment on entry (as a shop sets it up in the CRM). */
function addPaidStatus(t: Pick<ClientBot, "sandbox">): void {
  const { store } = t.sandbox;
  if ([...store.statusById.values()].some((s) => s.name === PAID)) return;
  const ready = [...store.statusById.values()].find((s) => s.name === READY);
  if (!ready) throw new Error("no ready status in the demo");
  const paid = { ...ready, id: demoStatusId(13), name: PAID, isPayRequired: true, sort: 13, comment: "" };
  store.ref.statuses.push(paid);
  store.statusById.set(paid.id, paid);
}

/**
 * A linked client (`userId`, language) whose open order is priced by an estimate (nothing paid)
 * and made ready by another CRM user; the ready message reached them.
 */
export async function readyOrder(t: ClientBot, userId: number, languageCode: "ru" | "en", price = "4900") {
  const client = await linked(t, userId, languageCode);
  const record = t.sandbox.store.orders.find((o) => o.id === client.order.id) as SandboxOrder;
  record.positions.length = 0;
  record.paidCash = 0;
  record.paidBank = 0;
  t.sandbox.others.change(record.id, { approximatePrice: price });
  await t.syncAndNotify();
  t.sandbox.others.changeStatus(record.id, statusId(t, READY));
  await t.syncAndNotify();
  t.mark();
  return { ...client, record };
}

/** The newest invoice in a chat. */
export function lastInvoice(t: ClientBot, chatId: number): SentInvoice {
  const invoice = t.telegram.invoices(chatId).at(-1);
  if (!invoice) throw new Error(`no invoice in the chat with ${chatId}`);
  return invoice;
}

/** The PATCH requests of orders the sandbox served (the bot's payments among them). */
export function bankPayments(t: ClientBot, orderId: string) {
  return t.sandbox.store.transactions.filter((tx) => tx.orderId === orderId && tx.isBankTransfer);
}

/** A ready order whose 💳 the client pressed: the invoice in their chat (0 requests). */
export async function invoiced(t: ClientBot, userId: number, languageCode: "ru" | "en", price = "4900") {
  const ready = await readyOrder(t, userId, languageCode, price);
  const message = t.telegram.botMessages(ready.from.id).at(-1);
  const press = buttonsOf(message).find((d) => d.startsWith("cpay"));
  if (!press) throw new Error("the ready message offers no 💳");
  await ready.user.pressData(press, message);
  return { ...ready, press, message, invoice: lastInvoice(t, ready.from.id) };
}

/**
 * Another bot process on the same sandbox, clock, settings and mirror: on `store` (default: the
 * first one's, i.e. a restart), with the statuses and registers cached as at its start.
 */
export async function anotherInstance(t: ClientBot, store: Store = t.store): Promise<TestBot> {
  const other = await createTestBot({
    sandbox: t.sandbox,
    store,
    clock: t.clock,
    config: t.config,
    deps: { mirror: t.mirror },
  });
  await other.services.reference.shops();
  await other.services.reference.statuses();
  if (!(await checkPaymentSetup(other.services, silent))) throw new Error("payments' settings do not check");
  return other;
}

/** The retry of unrecorded payments as main.ts runs it, for a test to kick on its own clock. */
export function retryOf(bot: Pick<TestBot, "services" | "bot">): PaymentRetry {
  return new PaymentRetry({ services: bot.services, api: bot.bot.api, logger: silent });
}

/**
 * The staff a payment's news goes to, speaking `languageCode`: the owner, and OPERATOR linked
 * (/me) to the order's manager (one of the workshop's managers made it when it had none).
 */
export async function staffOf(t: ClientBot, record: SandboxOrder, languageCode: "ru" | "en") {
  const { store } = t.sandbox;
  if (!record.managerId) {
    const manager = store.employeesOfShop(t.shopId).find((e) => e.isManager);
    if (!manager) throw new Error("no manager in the demo workshop");
    t.sandbox.others.change(record.id, { managerId: manager.id });
    await t.syncAndNotify();
  }
  const employee = store.employeeById.get(record.managerId ?? "");
  await t.services.users.update(OPERATOR, (s) => {
    s.employee = employee && { id: employee.id, name: employee.name };
    s.locale = languageCode;
  });
  await t.services.users.update(OWNER, (s) => {
    s.locale = languageCode;
  });
  t.mark();
  return { owner: t.user(OWNER, { languageCode }), manager: t.user(OPERATOR, { languageCode }) };
}
