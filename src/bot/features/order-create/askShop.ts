/** Step 1. Workshop: asked only when more than one is configured (SHOP_IDS, else all the service lists). */
import type { DialogContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import { askPick } from "../../dialog-kit/prompts.ts";
import { loadOrLeave } from "../../dialog-kit/service.ts";
import { type Named, named } from "./draft.ts";

export async function askShop(run: DialogRun, ctx: DialogContext): Promise<Named> {
  const shops = await loadOrLeave(run, ctx, async ({ reference, config }) => {
    const all = (await reference.shops()).map(named);
    if (config.shopIds.length === 0) return all;
    return config.shopIds.map((id) => all.find((shop) => shop.id === id) ?? { id, name: id });
  });
  const [only] = shops;
  if (shops.length === 1 && only) return only;
  if (!only) {
    await ctx.reply(ctx.t("dlg-no-shops"));
    return run.dialog.halt();
  }
  const shop = await askPick(run, ctx, ctx.t("new-ask-shop"), shops, (s) => s.name);
  return shop ?? only;
}

/** Whether the workshop question is asked at all (the Edit menu offers it only then). */
export function shopIsAsked(ctx: DialogContext, shopCount: number): boolean {
  return ctx.services.config.shopIds.length !== 1 && shopCount > 1;
}
