/**
 * Step 8. Prepayment (optional): a register of the workshop that accepts cash
 * or bank; cash, bank or both as the register allows; positive amounts. No
 * note: the create request has no field for it (docs/decisions.md, "Order creation").
 */
import type { DialogContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import { askAmounts, askRegister } from "../../dialog-kit/payment.ts";
import type { Prepayment } from "./draft.ts";

export async function askPrepayment(
  run: DialogRun,
  ctx: DialogContext,
  shopId: string,
): Promise<Prepayment | undefined> {
  const register = await askRegister(
    run,
    ctx,
    shopId,
    ctx.t("new-ask-prepayment"),
    ctx.t("new-btn-no-prepayment"),
    { optional: true },
  );
  if (!register) return undefined;
  const amounts = await askAmounts(run, ctx, register);
  return { register: { id: register.id, name: register.name }, ...amounts };
}
