/**
 * Workshop: asked only when more than one is configured (SHOP_IDS, else all
 * the service lists); the clerk's last choice comes first.
 */
import type { DialogContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import { askPick } from "../../dialog-kit/prompts.ts";
import { loadOrLeave } from "../../dialog-kit/service.ts";
import { type Named, named } from "./draft.ts";
import { lastFirst } from "./memory.ts";

export async function askShop(run: DialogRun, ctx: DialogContext, lastId?: string): Promise<Named> {
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
  const ordered = lastFirst(shops, lastId);
  return (await askPick(run, ctx, ctx.t("new-ask-shop"), ordered, (s) => s.name)) ?? only;
}
