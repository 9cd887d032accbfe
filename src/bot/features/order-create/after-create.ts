/**
 * What follows a created order outside the clerk's chat: the order's linked clients
 * get its receipt in Telegram (features/client-receipt, issue 36.4). A step of the
 * dialog's outer context (`external`), so a replayed dialog does not send again
 * (and the outbox's key would not either).
 */
import type { Order } from "../../../service/index.ts";
import type { BotContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import { createIntakeRecords } from "../../state/intake-records.ts";
import { afterIntake } from "../client-receipt/index.ts";

export function afterCreate(run: DialogRun, order: Order): Promise<void> {
  return run.dialog.external(async (outer: BotContext) => {
    const kept = await createIntakeRecords(outer.services.store)
      .get(order.id)
      .catch(() => undefined);
    await afterIntake(outer, order, kept?.clerk);
  });
}
