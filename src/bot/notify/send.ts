/**
 * How the bot writes to a user who sent no update (notifications, the morning
 * digest): only to users who still have a role and did not block the bot, in the language kept in their settings (/language writes it;
 * /me and /notify keep the one the user speaks), and a 403 (the user blocked the bot) marks them
 * blocked: nothing more is sent until they write again; their settings stay.
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import { type Api, GrammyError, type InlineKeyboard } from "grammy";
import type { Locale } from "../../config/index.ts";
import type { Logger } from "../../logger.ts";
import type { Order } from "../../service/index.ts";
import type { BotServices, Role } from "../context.ts";
import { roleOf } from "../policy/access.ts";
import type { UserSettings } from "../state/user-settings.ts";
import { cardFor } from "../ui/card-message.ts";
import { orderTitle } from "../ui/order-card.ts";
import { escapeHtml } from "../ui/text.ts";
import { prepaymentLine } from "./prepayment.ts";
import type { Notice } from "./recipients.ts";

export interface SendDeps {
  services: BotServices;
  api: Api;
  logger: Logger;
}

/** What a message to one user is made of, once their language and role are known. */
interface Reader {
  userId: number;
  locale: Locale;
  role: Exclude<Role, "stranger">;
  t: TranslateFunction;
}

/** The user's language: the one kept in their settings, else DEFAULT_LOCALE. */
export function userLocale(services: BotServices, settings: UserSettings): Locale {
  return settings.locale ?? services.config.defaultLocale;
}

/** What a message to `userId` is written with, when they may still be told: a role now (the lists may have changed) and not blocked. */
export async function readerOf(
  deps: Pick<SendDeps, "services">,
  userId: number,
): Promise<Reader | undefined> {
  const { services } = deps;
  const settings = await services.users.read(userId);
  const role = roleOf(userId, services.config);
  if (role === "stranger" || settings.blocked) return undefined;
  const locale = userLocale(services, settings);
  const t: TranslateFunction = (key, args) => services.i18n.t(locale, key, args);
  return { userId, locale, role, t };
}

/** A message `compose` writes for a user. */
export type Compose = (
  reader: Reader,
) => Promise<{ text: string; keyboard?: InlineKeyboard | undefined } | undefined>;

/**
 * Sends what `compose` writes for this user, if they may still be told (readerOf).
 * `compose` answering undefined sends nothing. Resolves true when Telegram took the message.
 */
export async function sendToUser(deps: SendDeps, userId: number, compose: Compose): Promise<boolean> {
  const { services, api } = deps;
  const reader = await readerOf(deps, userId);
  if (!reader) return false;
  const message = await compose(reader);
  if (!message) return false;
  try {
    await api.sendMessage(userId, message.text, message.keyboard ? { reply_markup: message.keyboard } : {});
    return true;
  } catch (error) {
    if (error instanceof GrammyError && error.error_code === 403) {
      // Blocked (or the account is gone): a user who left. Their settings stay.
      await services.users.update(userId, (s) => {
        s.blocked = true;
      });
      services.metrics?.gaveUp("staff");
      return false;
    }
    deps.logger.warn({ err: String(error), userId }, "notifications: a message was not sent");
    services.metrics?.gaveUp("staff");
    return false;
  }
}

/** A notice of a change to `order`: a header naming the order and the change, then its card. */
export function sendNotice(deps: SendDeps, userId: number, notice: Notice, order: Order): Promise<boolean> {
  return sendToUser(deps, userId, async ({ t, locale, role }) => {
    const mirror = deps.services.mirror;
    const held = mirror?.get(order.id);
    const card = await cardFor({ services: deps.services, t, locale, role, userId }, held?.order ?? order, {
      asOf: held && mirror?.confirmedAt(held),
    });
    // Entered a status that takes payment (a client's approval): staff read a prepayment is expected.
    const prepayment =
      notice.kind === "status"
        ? await prepaymentLine(deps.services, t, locale, held?.order ?? order)
        : undefined;
    const header = [headerOf(t, notice, order), prepayment].filter(Boolean).join("\n");
    return { text: `${header}\n\n${card.text}`, keyboard: card.keyboard };
  });
}

function headerOf(t: TranslateFunction, notice: Notice, order: Order): string {
  const number = escapeHtml(orderTitle(order));
  const status = escapeHtml(order.status?.name ?? t("value-none"));
  switch (notice.kind) {
    case "assigned":
      return t(`notify-assigned-${notice.role}`, { number });
    case "ready":
      return t("notify-ready", { number, status });
    default:
      return t("notify-status", { number, status });
  }
}
