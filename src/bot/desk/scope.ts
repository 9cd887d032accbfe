/**
 * What the desk shows and to whom: owners only, in a private chat (money must
 * not reach a group's other members), over the configured workshops.
 */
import type { MiddlewareFn } from "grammy";
import type { Config } from "../../config/index.ts";
import type { Shop } from "../../service/index.ts";
import { ensureOwner, type GateContext } from "../policy/access.ts";
import { callbackCodec } from "../ui/callback-data.ts";

/** A register's latest transactions, page by page. */
export const cashHistory = callbackCodec("dkc", ["id", "page"]);
/** Back to /cash from a register's transactions. */
export const cashBack = callbackCodec("dkb", ["x"]);
/** /report for a period. */
export const reportPeriod = callbackCodec("dkr", ["period"]);

/** An owners' command, private chats only; `refusal`: what others read (what the command is, whose it is). */
export function ownersGate(refusal: string): MiddlewareFn<GateContext> {
  return async (ctx, next) => {
    if (!(await ensureOwner(ctx, refusal))) return;
    if (ctx.chat?.type !== "private") {
      if (ctx.callbackQuery)
        await ctx.answerCallbackQuery({ text: ctx.t("desk-private-only"), show_alert: true });
      else if (ctx.chat) await ctx.reply(ctx.t("desk-private-only"));
      return;
    }
    await next();
  };
}

/** The money and reports (/cash, /report). */
export const deskGate: MiddlewareFn<GateContext> = ownersGate("desk-owners-only");

/** The configured workshops (SHOP_IDS), else every workshop; names from the reference cache. */
export async function deskShops(services: {
  config: Pick<Config, "shopIds">;
  reference: { shops(): Promise<Shop[]> };
}): Promise<Shop[]> {
  const all = await services.reference.shops();
  const ids = services.config.shopIds;
  if (ids.length === 0) return all;
  return ids.map((id) => all.find((shop) => shop.id === id) ?? { id, name: id });
}
