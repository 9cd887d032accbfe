/**
 * The bot's context type. Outside dialogs: session, i18n, conversations and our
 * own core properties. Inside dialogs (conversations v2) there is no session;
 * the dialog plugins (dialog-kit/plugins.ts) install i18n and the same core properties.
 */
import type { ConversationFlavor } from "@grammyjs/conversations";
import type { I18n, I18nFlavor } from "@grammyjs/i18n";
import type { Context, SessionFlavor } from "grammy";
import type { Logger } from "../logger.ts";
import type { CoreServices } from "./core-services.ts";
import type { ReferenceCache } from "./crm/reference-cache.ts";
import type { BotMetrics } from "./metrics/index.ts";
import type { OrderQuery } from "./orders/by-number.ts";
import type { OrderReader } from "./orders/index.ts";
import type { SearchStore } from "./orders/saved-searches.ts";
import type { Role } from "./policy/role.ts";
import type { UserSettingsStore } from "./state/user-settings.ts";
import type { CardAction } from "./ui/order-keyboard.ts";

export type { Role };

export interface SessionData {
  /** Written by the i18n plugin when the user picks a language with /language. */
  __language_code?: string;
}

/** Long-lived dependencies, the same object for every update (the lower layers take CoreServices). */
export interface BotServices extends CoreServices {
  reference: ReferenceCache;
  searches: SearchStore;
  /** Typed for any Context so the same instance serves outside middleware and dialogs. */
  i18n: I18n<Context>;
  /** Operator buttons on the order card; dialogs add theirs (see ui/order-keyboard.ts). */
  cardActions: CardAction[];
  /** Per-user settings of the mirror's features: /me's link, /notify, watched orders. */
  users: UserSettingsStore;
  /** Every read of orders (by number, id, search, lists), from the mirror or the service. */
  orders: OrderReader;
  /** Shows an order's card (or the matches) for a number: a lookup typed inside a dialog. */
  orderLookup?: (ctx: BotContext, query: OrderQuery) => Promise<void>;
  /** The operator's figures (GET /metrics); absent in most tests: reporters skip it. */
  metrics?: BotMetrics;
}

interface CoreFlavor {
  /** Who the sender is, computed per update from OPERATOR_IDS / VIEWER_IDS. */
  role: Role;
  /** pino child logger bound to this update (update_id, user id). */
  log: Logger;
  services: BotServices;
}

export type BaseContext = Context & SessionFlavor<SessionData> & I18nFlavor & CoreFlavor;

/** The context of all middleware outside dialogs. */
export type BotContext = ConversationFlavor<BaseContext>;

/** The context inside dialogs: no session, no conversation controls. */
export type DialogContext = Context & I18nFlavor & CoreFlavor;
