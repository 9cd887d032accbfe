/** Order type: buttons from the cached order types, the clerk's last choice first; none asked when there is one. */
import type { DialogContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import { askPick } from "../../dialog-kit/prompts.ts";
import { loadOrLeave } from "../../dialog-kit/service.ts";
import { type Named, named } from "./draft.ts";
import { lastFirst } from "./memory.ts";

export async function askOrderType(run: DialogRun, ctx: DialogContext, lastId?: string): Promise<Named> {
  const types = await loadOrLeave(run, ctx, async ({ reference }) =>
    (await reference.orderTypes()).map(named),
  );
  const [first] = types;
  if (!first) {
    await ctx.reply(ctx.t("dlg-no-order-types"));
    return run.dialog.halt();
  }
  if (types.length === 1) return first;
  const ordered = lastFirst(types, lastId);
  return (await askPick(run, ctx, ctx.t("new-ask-type"), ordered, (type) => type.name)) ?? first;
}
