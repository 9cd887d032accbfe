/**
 * How the bot writes to a staff member who sent no update (notifications, the morning
 * digest, the evening report): only to users who still have a role and did not block the bot,
 * in the language kept in their settings (/language writes it; /me and /notify keep the one
 * the user speaks), through the one outbox (outbox.ts: kept until Telegram takes it, once per
 * key). A 403 (the user blocked the bot) marks them blocked: nothing more is sent until they
 * write again; their settings stay.
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import type { Api, InlineKeyboard } from "grammy";
import type { Locale } from "../../config/index.ts";
import type { Logger } from "../../logger.ts";
import type { Order } from "../../service/index.ts";
import type { BotServices, Role } from "../context.ts";
import { roleOf } from "../policy/access.ts";
import type { UserSettings } from "../state/user-settings.ts";
import { cardFor } from "../ui/card-message.ts";
import { orderTitle } from "../ui/order-card.ts";
import { escapeHtml } from "../ui/text.ts";
import { createOutbox, type Outbox, type OutboxStatus } from "./outbox.ts";
import { prepaymentLine } from "./prepayment.ts";
import type { Notice } from "./recipients.ts";

export interface SendDeps {
  services: BotServices;
  api: Api;
  logger: Logger;
  /** The process's outbox; default the one of this store and api (outboxOf). */
  outbox?: Outbox;
}

/** The audience of staff messages in the outbox. */
export const STAFF = "staff";

const channelOf = (audience: string) => (audience.startsWith("client") ? "client" : "staff");

/** One outbox per store and api in a process: what main.ts starts and every sender uses. */
const outboxes = new WeakMap<object, WeakMap<Api, Outbox>>();

/** The outbox messages to users go through, with the staff's audience set up on it. */
export function outboxOf(deps: SendDeps): Outbox {
  if (deps.outbox) return deps.outbox;
  const { services, api } = deps;
  let byApi = outboxes.get(services.store);
  if (!byApi) {
    byApi = new WeakMap();
    outboxes.set(services.store, byApi);
  }
  let outbox = byApi.get(api);
  if (!outbox) {
    outbox = createOutbox({
      store: services.store,
      api,
      clock: services.clock,
      logger: deps.logger.child({ module: "outbox" }),
      // The operator's figures: a client's message is the "client" channel, everything else the staff's.
      observer: services.metrics && {
        delivered: (audience, delayMs) => services.metrics?.delivered(channelOf(audience), delayMs),
        gaveUp: (audience) => services.metrics?.gaveUp(channelOf(audience)),
      },
    });
    outbox.audience(STAFF, {
      allows: async (userId) => (await readerOf(deps, userId)) !== undefined,
      async refused(userId, reason) {
        // Blocked (or the account is gone): a user who left. Their settings stay.
        if (reason === "blocked")
          await services.users.update(userId, (s) => {
            s.blocked = true;
          });
      },
    });
    byApi.set(api, outbox);
  }
  return outbox;
}

/** What a message to one user is made of, once their language and role are known. */
interface Reader {
  userId: number;
  locale: Locale;
  role: Exclude<Role, "stranger">;
  t: TranslateFunction;
}

/** The user's language: the one kept in their settings, else DEFAULT_LOCALE. */
function userLocale(services: BotServices, settings: UserSettings): Locale {
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
 * Sends what `compose` writes for this user under `key`, if they may still be told (readerOf),
 * through the outbox. `compose` answering undefined sends nothing. Undefined when nothing was sent.
 */
export async function sendToUser(
  deps: SendDeps,
  userId: number,
  key: string,
  compose: Compose,
  giveUpAt?: number,
  /** When the news it tells was noticed (Unix ms): the delivery delay is measured from it. */
  since?: number,
): Promise<OutboxStatus | undefined> {
  const reader = await readerOf(deps, userId);
  if (!reader) return undefined;
  const message = await compose(reader);
  if (!message) return undefined;
  return outboxOf(deps).send({
    id: key,
    chatId: userId,
    audience: STAFF,
    parts: [{ method: "sendMessage", text: message.text, keyboard: keyboardOf(message.keyboard) }],
    giveUpAt,
    since,
  });
}

/** An inline keyboard as Telegram takes it (what the store keeps). */
function keyboardOf(keyboard: InlineKeyboard | undefined): unknown {
  return keyboard && { inline_keyboard: keyboard.inline_keyboard };
}

/** A notice of a change to `order`: a header naming the order and the change, then its card. */
export function sendNotice(
  deps: SendDeps,
  userId: number,
  key: string,
  notice: Notice,
  order: Order,
  since?: number,
): Promise<OutboxStatus | undefined> {
  return sendToUser(
    deps,
    userId,
    key,
    async ({ t, locale, role }) => {
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
    },
    undefined,
    since,
  );
}

function headerOf(t: TranslateFunction, notice: Notice, order: Order): string {
  const number = escapeHtml(orderTitle(order));
  const status = escapeHtml(order.status?.name ?? t("value-none"));
  const by = notice.by ? `\n${t("notify-changed-by", { name: escapeHtml(notice.by) })}` : "";
  switch (notice.kind) {
    case "assigned":
      return t(`notify-assigned-${notice.role}`, { number });
    case "ready":
      return t("notify-ready", { number, status }) + by;
    default:
      return t("notify-status", { number, status }) + by;
  }
}
