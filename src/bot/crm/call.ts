/**
 * The one way features (and dialogs) call the service: shows "typing…" when the
 * answer is slow in coming, and turns a ServiceError into a localized sentence the user can act
 * on (quota -> "resets at HH:MM (UTC+3, in 12 min)"; a read stopped at the write reserve ->
 * "lookups paused until HH:MM, saving still works"; unavailable -> try again).
 * Anything that is not a ServiceError is a bug and goes to the error boundary.
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { Locale } from "../../config/index.ts";
import type { Logger } from "../../logger.ts";
import { isServiceError, type ServiceClient, type ServiceError } from "../../service/index.ts";
import { type I18nFlavor, localeOf } from "../i18n.ts";
import { isLookupShareError } from "../orders/lookup-share.ts";
import { resetTime } from "../ui/reset-time.ts";
import { cutText, escapeHtml } from "../ui/text.ts";

export type ServiceOutcome<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      error: ServiceError;
      /** Localized HTML-safe text for the user. */
      message: string;
      /** The same call may work later: offer a retry button. */
      retryable: boolean;
    };

/** Localized, HTML-escaped explanation of a service error. */
function serviceErrorMessage(
  error: ServiceError,
  options: { t: TranslateFunction; locale: Locale; timezone: string; now: Date },
): string {
  const { t } = options;
  const detail = (text: string | undefined) => escapeHtml(cutText(text ?? "", 300));
  switch (error.kind) {
    case "quota":
      // A read stopped at the write reserve: nothing was sent, saving still works.
      if (error.reserve !== undefined && error.resetAt)
        return t("err-write-reserve", {
          reserve: error.reserve,
          time: resetTime(t, error.resetAt, options.locale, options.timezone, options.now),
        });
      if (isLookupShareError(error) && error.resetAt)
        return t("err-lookup-share", {
          limit: error.limit,
          time: resetTime(t, error.resetAt, options.locale, options.timezone, options.now),
        });
      return error.resetAt
        ? t("err-quota", { time: resetTime(t, error.resetAt, options.locale, options.timezone, options.now) })
        : t("err-quota-unknown");
    case "unavailable":
      return t("err-unavailable");
    case "not_found":
      return t("err-not-found");
    case "auth":
      return t("err-auth");
    case "forbidden":
      return t("err-forbidden");
    case "bad_request":
      return t("err-bad-request", { message: detail(error.serviceMessage ?? error.message) });
    case "validation":
      return t("err-validation", { message: detail(error.issues[0]?.message ?? error.message) });
    default:
      return t("err-bad-response");
  }
}

type GatewayContext = Context & I18nFlavor & { services: Caller["services"]; log: Logger };

/** Shows "typing…" in the chat; a failure to show it never fails the action. */
export function showTyping(ctx: Context): void {
  if (ctx.chat === undefined) return;
  ctx.replyWithChatAction("typing").catch(() => {});
}

/**
 * A service answer within this time is shown at once, so "typing…" would only
 * flash before it and cost a Telegram call (most lookups); a slower one gets it.
 */
export const TYPING_AFTER_MS = 300;

export async function callService<T>(
  ctx: GatewayContext,
  action: (client: ServiceClient) => Promise<T>,
  options: { typing?: boolean } = {},
): Promise<ServiceOutcome<T>> {
  const typing =
    options.typing !== false && ctx.chat !== undefined
      ? setTimeout(() => showTyping(ctx), TYPING_AFTER_MS)
      : undefined;
  try {
    return await outcomeOf(ctx, () => localeOf(ctx), action);
  } finally {
    clearTimeout(typing);
  }
}

/** Who calls, outside an update (the write core's actor): the services, a logger, the language. */
export interface Caller {
  services: { client: ServiceClient; config: { timezone: string }; clock: { now(): Date } };
  log: Logger;
  t: TranslateFunction;
  locale: Locale;
  /** Shown while a slow answer is awaited ("typing…" in a chat). */
  sink?: { busy?(): void };
}

/** `callService` for a caller that is not an update: the same outcome and the same sentences. */
export async function callAs<T>(
  caller: Caller,
  action: (client: ServiceClient) => Promise<T>,
): Promise<ServiceOutcome<T>> {
  const busy = caller.sink?.busy;
  const typing = busy ? setTimeout(busy, TYPING_AFTER_MS) : undefined;
  try {
    return await outcomeOf(caller, () => caller.locale, action);
  } finally {
    clearTimeout(typing);
  }
}

async function outcomeOf<T>(
  caller: Pick<Caller, "services" | "log" | "t">,
  locale: () => Locale | Promise<Locale>,
  action: (client: ServiceClient) => Promise<T>,
): Promise<ServiceOutcome<T>> {
  try {
    return { ok: true, value: await action(caller.services.client) };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    caller.log.warn({ kind: error.kind, status: error.status, path: error.path }, "service call failed");
    const message = serviceErrorMessage(error, {
      t: caller.t,
      locale: await locale(),
      timezone: caller.services.config.timezone,
      now: caller.services.clock.now(),
    });
    return { ok: false, error, message, retryable: error.kind === "unavailable" || error.kind === "quota" };
  }
}
