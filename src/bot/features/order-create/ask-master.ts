/**
 * Groups "master and urgency" (the workshop's masters, cached; urgent yes/no)
 * and "source" (advertising sources, when the service lists any). Skip keeps
 * the current choice; so does a list the service will not give (the summary comes back).
 */
import type { BotContext, DialogContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import { askStaff } from "../../dialog-kit/ask-staff.ts";
import { withCurrent } from "../../dialog-kit/keep.ts";
import { askPick, askYesNo } from "../../dialog-kit/prompts.ts";
import { loadOrSkip } from "../../dialog-kit/service.ts";
import { type Named, named } from "./draft.ts";
import { linkedEmployee } from "./linked-employee.ts";

/** The order's master or (✏️ Edit) manager from the workshop's staff; Skip (or a list not to be had) keeps the current one. */
export function askOrderStaff(
  run: DialogRun,
  ctx: DialogContext,
  role: "master" | "manager",
  shopId: string,
  current?: Named,
): Promise<Named | undefined> {
  return askStaff(run, ctx, {
    role,
    shopId,
    prompt: withCurrent(ctx, ctx.t(role === "master" ? "new-ask-master" : "new-ask-manager"), current?.name),
    current,
    skippable: true,
    // Not to be had (the clerk was told): the choice stays as it is.
    unavailable: "skip",
  });
}

/**
 * The clerk as the order's manager by default (issue 29.4): the employee linked
 * with /me, when the workshop lists them among its managers (the service refuses
 * any other). Nothing linked, not a manager, or no list to be had: no manager.
 */
export async function clerkAsManager(run: DialogRun, shopId: string): Promise<Named | undefined> {
  return run.dialog.external(async (outer: BotContext) => {
    const linked = await linkedEmployee(outer);
    if (!linked) return undefined;
    const managers = await outer.services.reference.managers(shopId).catch(() => []);
    const found = managers.find((m) => m.id === linked.id);
    return found ? named(found) : undefined;
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
