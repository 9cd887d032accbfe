/**
 * Roles: operators do everything, viewers look up only, anyone else (a
 * "stranger") gets a short refusal that shows their Telegram id — so an admin
 * can add them — and nothing else. The gate stands before every feature, so no
 * feature can leak data to a stranger by forgetting a check.
 */
import type { Context, MiddlewareFn } from "grammy";
import type { Config } from "../../config/index.ts";
import type { Logger } from "../../logger.ts";
import type { I18nFlavor } from "../i18n.ts";
import type { Role } from "./role.ts";

export function roleOf(
  userId: number | undefined,
  config: Pick<Config, "operatorIds" | "viewerIds"> & Partial<Pick<Config, "ownerIds">>,
): Role {
  if (userId === undefined) return "stranger";
  if (config.ownerIds?.includes(userId)) return "owner";
  if (config.operatorIds.includes(userId)) return "operator";
  if (config.viewerIds.includes(userId)) return "viewer";
  return "stranger";
}

export const canWrite = (role: Role): boolean => role === "operator" || role === "owner";
/** Money and output: the registers, the day's takings, reports. */
export const seesMoney = (role: Role): boolean => role === "owner";

/** What the gate reads of an update beyond grammY: the role computed for it, its logger, the staff lists. */
interface GateFlavor {
  role: Role;
  log: Logger;
  services: { config: Config };
}

export type GateContext = Context & I18nFlavor & GateFlavor;

/**
 * Whether a message is for this bot to answer: anything in a private chat; in a
 * group only a command without an @suffix or with ours. A group with privacy
 * mode off (or the bot as admin) sends every message, and commands for other
 * bots: answering those would spam the group.
 */
export function addressedToMe(ctx: Context): boolean {
  if (ctx.chat?.type === "private") return true;
  const command = /^\/\w+(?:@(\w+))?/.exec(ctx.message?.text ?? "");
  if (!command) return false;
  const suffix = command[1];
  return suffix === undefined || suffix.toLowerCase() === ctx.me.username.toLowerCase();
}

/** Answers a stranger in the way the update allows, and ends the update there. */
async function refuse(ctx: GateContext): Promise<void> {
  // A string: Fluent would group the digits ("123,456,789"), and the admin copies this id into OPERATOR_IDS.
  const id = String(ctx.from?.id ?? 0);
  if (ctx.inlineQuery) {
    // An empty personal answer: nothing about orders, not even a hint that the bot knows any.
    await ctx.answerInlineQuery([], { cache_time: 0, is_personal: true });
  } else if (ctx.callbackQuery) {
    await ctx.answerCallbackQuery({ text: ctx.t("refusal-short", { id }), show_alert: true });
  } else if (ctx.message && ctx.chat && addressedToMe(ctx)) {
    await ctx.reply(ctx.t("refusal", { id }));
  }
  // Other updates (edited messages, chat member changes, ...) are ignored silently.
}

/** The gate: strangers stop here; staff go on. */
export function accessGate<C extends GateContext>(): MiddlewareFn<C> {
  return async (ctx, next) => {
    if (ctx.role === "stranger") {
      ctx.log.info({ from: ctx.from?.id }, "refused a stranger");
      await refuse(ctx);
      return;
    }
    await next();
  };
}

/**
 * Re-checks the role at the moment of a write. Dialogs call it right before the
 * service request (inside `conversation.external`), because a dialog can span
 * hours and the configuration may have changed since it started.
 * Returns false (and has answered the user) when the user may not write.
 * `pressAnswered`: the press that brought `ctx` was answered already (a dialog's
 * step), so the refusal goes to the chat (Telegram takes one answer per press).
 */
export async function ensureOperator(
  ctx: GateContext,
  options: { pressAnswered?: boolean } = {},
): Promise<boolean> {
  const role = roleOf(ctx.from?.id, ctx.services.config);
  ctx.role = role;
  if (canWrite(role)) return true;
  await refuseRole(ctx, role, "read-only", options.pressAnswered);
  return false;
}

/**
 * Refuses staff whose role is too narrow with the sentence `key` in the way the
 * update allows (an alert for a press, an empty answer inline), and strangers
 * as at the gate.
 */
async function refuseRole(ctx: GateContext, role: Role, key: string, pressAnswered = false): Promise<void> {
  if (role === "stranger") {
    await refuse(ctx);
  } else if (ctx.inlineQuery) {
    await ctx.answerInlineQuery([], { cache_time: 0, is_personal: true });
  } else if (ctx.callbackQuery && !pressAnswered) {
    await ctx.answerCallbackQuery({ text: ctx.t(key), show_alert: true });
  } else if (ctx.chat) {
    await ctx.reply(ctx.t(key));
  }
}

/** Re-checks that the user is an owner (money and output) and refuses anyone else (refuseRole). */
export async function ensureOwner(ctx: GateContext, refusal = "desk-owners-only"): Promise<boolean> {
  const role = roleOf(ctx.from?.id, ctx.services.config);
  ctx.role = role;
  if (seesMoney(role)) return true;
  ctx.log.info({ from: ctx.from?.id, role }, "refused the owner's desk");
  await refuseRole(ctx, role, refusal);
  return false;
}
