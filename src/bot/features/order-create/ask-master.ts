/**
 * Groups "master and urgency" (the workshop's masters, cached; urgent yes/no)
 * and "source" (advertising sources, when the service lists any). Skip keeps
 * the current choice; so does a list the service will not give (the summary comes back).
 */
import type { DialogContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import { askStaff } from "../../dialog-kit/ask-staff.ts";
import { withCurrent } from "../../dialog-kit/keep.ts";
import { askPick, askYesNo } from "../../dialog-kit/prompts.ts";
import { loadOrSkip } from "../../dialog-kit/service.ts";
import { type Named, named } from "./draft.ts";

export async function askMaster(
  run: DialogRun,
  ctx: DialogContext,
  shopId: string,
  current?: Named,
): Promise<Named | undefined> {
  return askStaff(run, ctx, {
    role: "master",
    shopId,
    prompt: withCurrent(ctx, ctx.t("new-ask-master"), current?.name),
    current,
    skippable: true,
    // Not to be had (the clerk was told): the choice stays as it is.
    unavailable: "skip",
  });
}

export function askUrgent(run: DialogRun, ctx: DialogContext): Promise<boolean> {
  return askYesNo(run, ctx, { prompt: ctx.t("new-ask-urgent") });
}

export async function askHowKnow(
  run: DialogRun,
  ctx: DialogContext,
  current?: Named,
): Promise<Named | undefined> {
  const sources = await loadOrSkip(run, ctx, async ({ reference }) =>
    (await reference.howKnows()).map(named),
  );
  if (sources === undefined) return current;
  if (sources.length === 0) return undefined;
  const text = withCurrent(ctx, ctx.t("new-ask-how-know"), current?.name);
  return (await askPick(run, ctx, text, sources, (s) => s.name, { skippable: true, perRow: 2 })) ?? current;
}
