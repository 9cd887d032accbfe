/** Step 6. Master (the workshop's masters, cached), urgent yes/no, advertising source when the service lists any. */
import type { DialogContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import { askPick, askYesNo } from "../../dialog-kit/prompts.ts";
import { loadOrLeave } from "../../dialog-kit/service.ts";
import { type Named, named } from "./draft.ts";

export async function askMaster(
  run: DialogRun,
  ctx: DialogContext,
  shopId: string,
): Promise<Named | undefined> {
  const masters = await loadOrLeave(run, ctx, async ({ reference }) =>
    (await reference.masters(shopId)).map(named),
  );
  if (masters.length === 0) return undefined;
  return askPick(run, ctx, ctx.t("new-ask-master"), masters, (m) => m.name, { skippable: true });
}

export function askUrgent(run: DialogRun, ctx: DialogContext): Promise<boolean> {
  return askYesNo(run, ctx, ctx.t("new-ask-urgent"));
}

export async function askHowKnow(run: DialogRun, ctx: DialogContext): Promise<Named | undefined> {
  const sources = await loadOrLeave(run, ctx, async ({ reference }) =>
    (await reference.howKnows()).map(named),
  );
  if (sources.length === 0) return undefined;
  return askPick(run, ctx, ctx.t("new-ask-how-know"), sources, (s) => s.name, { skippable: true, perRow: 2 });
}
