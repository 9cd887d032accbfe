/**
 * What follows a created order outside the clerk's chat: the order's linked clients
 * get its receipt in Telegram (features/client-receipt, issue 36.4), and a client
 * whose repair request the intake took in is told the order's number (issue 36.5).
 * A step of the dialog's outer context (`external`), so a replayed dialog does not
 * send again (and the outbox's keys would not either). Never fails the intake.
 */
import type { BotContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import { createIntakeRecords } from "../../state/intake-records.ts";
import type { CreateResult } from "../../writes/order-writer.ts";
import { afterIntake } from "../client-receipt/index.ts";
import { requestTaken } from "../repair-request/index.ts";
import type { Draft } from "./draft.ts";

type Made = Extract<CreateResult, { kind: "created" | "created-no-card" }>;

export function afterCreate(run: DialogRun, result: Made, draft: Draft, requestId?: string): Promise<void> {
  return run.dialog.external(async (outer: BotContext) => {
    const { created } = result;
    if (requestId) {
      const counteragentId = draft.client.kind === "existing" ? draft.client.id : undefined;
      const number = result.kind === "created" ? (result.order.number ?? created.number) : created.number;
      await requestTaken(outer, requestId, { id: created.id, number, counteragentId }).catch((error) =>
        outer.log.warn({ err: String(error), order: created.id }, "repair request: the client not told"),
      );
    }
    if (result.kind !== "created") return;
    const kept = await createIntakeRecords(outer.services.store)
      .get(created.id)
      .catch(() => undefined);
    await afterIntake(outer, result.order, kept?.clerk);
  });
}
