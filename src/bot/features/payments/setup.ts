/**
 * Whether payments in the chat are on, and where a payment goes: the
 * register of the order's workshop (PAYMENT_REGISTER, by id or name, one
 * that takes bank payments) and the status it enters (money/payable.ts).
 * `checkPaymentSetup` says at start, one clear line each, what would make a
 * payment impossible to record (a status that does not demand payment on
 * entry, a register unknown or taking no bank payments); nothing is offered
 * then, since money taken and not recorded is the worst outcome.
 */
import type { Logger } from "../../../logger.ts";
import type { CashRegister, Order } from "../../../service/index.ts";
import type { BotServices } from "../../context.ts";
import { type Payable, statusNamed } from "../../money/payable.ts";
import type { PaymentTarget } from "../../state/payments.ts";

/** Payments are offered: a provider token, the client's side, the mirror. */
export function paymentsOn(services: Pick<BotServices, "config" | "mirror">): boolean {
  const { config } = services;
  return Boolean(config.payments && config.clients?.enabled && services.mirror);
}

/** The register of PAYMENT_REGISTER among a workshop's, when it takes bank payments. */
function registerOf(named: readonly string[], registers: readonly CashRegister[]): CashRegister | undefined {
  for (const name of named) {
    const found = statusNamed(registers, name);
    if (found?.isEnableBank) return found;
  }
  return undefined;
}

/** Where a payment of `order` goes (the register is the cached list's: a request only on a cold cache). */
export async function targetOf(
  services: BotServices,
  order: Order,
  payable: Payable,
): Promise<PaymentTarget | undefined> {
  const payments = services.config.payments;
  const shopId = order.shop?.id;
  if (!payments || !shopId) return undefined;
  const register = registerOf(payments.registers, await services.reference.cashRegisters(shopId));
  if (!register) return undefined;
  return {
    registerId: register.id,
    statusId: payable.status.id,
    statusName: payable.status.name ?? payable.status.id,
    statusGroup: payable.status.group,
  };
}

/** At start: the settings against the service's statuses and registers; false when payments cannot work. */
export async function checkPaymentSetup(services: BotServices, logger: Logger): Promise<boolean> {
  const payments = services.config.payments;
  if (!payments || !paymentsOn(services)) return false;
  let ok = true;
  try {
    const statuses = await services.reference.statuses();
    const named = [payments.status, ...(payments.prepay ? [payments.prepay.status] : [])];
    for (const name of named) {
      const status = statusNamed(statuses, name);
      if (!status) {
        logger.error(
          { status: name },
          `payments: the status "${name}" is unknown to the service; nothing is offered`,
        );
        ok = false;
      } else if (!status.isPayRequired) {
        logger.error(
          { status: name },
          `payments: the status "${name}" does not demand payment on entry, so the CRM cannot record a payment with it; set that in the service's status settings; nothing is offered`,
        );
        ok = false;
      }
    }
    const shops = await services.reference.shops();
    const wanted = services.config.shopIds.length > 0 ? services.config.shopIds : shops.map((s) => s.id);
    for (const shopId of wanted) {
      if (!registerOf(payments.registers, await services.reference.cashRegisters(shopId)))
        logger.warn(
          { shopId, register: payments.registers },
          "payments: PAYMENT_REGISTER names no register of this workshop that takes bank payments; its orders are not offered payment",
        );
    }
  } catch (error) {
    logger.warn(
      { err: String(error) },
      "payments: the settings could not be checked at start (the service did not answer)",
    );
  }
  if (ok) logger.info({ currency: payments.currency }, "payments in the chat are on");
  return ok;
}
