/**
 * Workshop: with one configured (SHOP_IDS, else all the service lists) it is
 * that one. With several, the clerk's last workshop (else the one of the
 * employee linked with /me) is taken without a question: the summary shows
 * it and ✏️ Edit changes it (issue 29.11); only a clerk with neither is asked.
 */
import type { BotContext, DialogContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import { askPick } from "../../dialog-kit/prompts.ts";
import { loadOrLeave } from "../../dialog-kit/service.ts";
import { type Named, named } from "./draft.ts";
import { linkedEmployee } from "./linked-employee.ts";
import { lastFirst } from "./memory.ts";

export interface ShopChoice {
  shop: Named;
  /** More than one workshop to choose from: ✏️ Edit offers the workshop. */
  several: boolean;
}

/** The workshops the intake may use. */
function loadShops(run: DialogRun, ctx: DialogContext): Promise<Named[]> {
  return loadOrLeave(run, ctx, async ({ reference, config }) => {
    const all = (await reference.shops()).map(named);
    if (config.shopIds.length === 0) return all;
    return config.shopIds.map((id) => all.find((shop) => shop.id === id) ?? { id, name: id });
  });
}

/** The start of an intake: the only workshop, the remembered one, or the clerk's pick. */
export async function startShop(run: DialogRun, ctx: DialogContext, lastId?: string): Promise<ShopChoice> {
  const shops = await loadShops(run, ctx);
  const [only] = shops;
  if (!only) {
    await ctx.reply(ctx.t("dlg-no-shops"));
    return run.dialog.halt();
  }
  if (shops.length === 1) return { shop: only, several: false };
  const knownId = lastId ?? (await linkedShopId(run, shops));
  const known = shops.find((shop) => shop.id === knownId);
  if (known) return { shop: known, several: true };
  return { shop: await pickShop(run, ctx, shops, lastId), several: true };
}

/** ✏️ Edit → Workshop: the pick, the current one first. */
export async function askShop(run: DialogRun, ctx: DialogContext, currentId?: string): Promise<Named> {
  const shops = await loadShops(run, ctx);
  const [only] = shops;
  if (shops.length === 1 && only) return only;
  if (!only) {
    await ctx.reply(ctx.t("dlg-no-shops"));
    return run.dialog.halt();
  }
  return pickShop(run, ctx, shops, currentId);
}

async function pickShop(
  run: DialogRun,
  ctx: DialogContext,
  shops: Named[],
  firstId?: string,
): Promise<Named> {
  const ordered = lastFirst(shops, firstId);
  const [first] = ordered;
  return (await askPick(run, ctx, ctx.t("new-ask-shop"), ordered, (s) => s.name)) ?? first ?? shops[0]!;
}

/** The workshop of the employee linked with /me (cached staff lists; a failure: none). */
function linkedShopId(run: DialogRun, shops: Named[]): Promise<string | undefined> {
  return run.dialog.external(async (outer: BotContext) => {
    const linked = await linkedEmployee(outer);
    if (!linked) return undefined;
    for (const shop of shops) {
      const staff = await outer.services.reference.employees(shop.id).catch(() => []);
      if (staff.some((person) => person.id === linked.id)) return shop.id;
    }
    return undefined;
  });
}
