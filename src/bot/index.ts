/**
 * createBot(deps): wires the middleware and the features in one visible order.
 * A factory, not a singleton: tests build bots with a fake Telegram `fetch`, the
 * sandbox, an in-memory store and a manual clock.
 */
import { sequentialize } from "@grammyjs/runner";
import { Bot, type BotConfig, type Context, type Middleware, session } from "grammy";
import { z } from "zod";
import type { Config } from "../config/index.ts";
import type { Logger } from "../logger.ts";
import type { OrderMirror } from "../mirror/index.ts";
import type { ServiceClient } from "../service/index.ts";
import { type Clock, systemClock } from "./clock.ts";
import type { BotContext, BotServices, SessionData } from "./context.ts";
import { createReferenceCache, type ReferenceCache } from "./crm/reference-cache.ts";
import { cardDialogs, staleCardActions } from "./dialog-kit/card-dialog.ts";
import { dialogsMiddleware } from "./dialog-kit/enter.ts";
import { boardFeature, boardList } from "./features/board.ts";
import { cashFeature } from "./features/cash/index.ts";
import { chatlessButtons } from "./features/chatless-buttons.ts";
import { clientInbox, writeToUsButton } from "./features/client-inbox/index.ts";
import { clientReceiptPart, onLinked, onReceiptQr } from "./features/client-receipt/index.ts";
import { clientReviews } from "./features/client-reviews/index.ts";
import { clientSide, clientStart } from "./features/client-side/index.ts";
import { deleteCard } from "./features/clients/delete-dialog.ts";
import { deletedFeature } from "./features/clients/deleted.ts";
import { clientDialogsFeature } from "./features/clients/dialogs.ts";
import { clientCardAction, clientsFeature } from "./features/clients/index.ts";
import { diagnosisCard } from "./features/diagnosis/index.ts";
import { createInlineFeature, type InlineOptions } from "./features/inline.ts";
import { labelAction, labelFeature } from "./features/label/index.ts";
import { languageFeature } from "./features/language.ts";
import { meFeature, mineList } from "./features/me.ts";
import { mirrorSearchFeature, searchList } from "./features/mirror-search.ts";
import { backFromBlocked, notifyFeature, watchAction } from "./features/notify.ts";
import { commentCard, managerCard, masterCard } from "./features/order-actions/index.ts";
import { orderCreateFeature } from "./features/order-create/index.ts";
import { orderListFeature } from "./features/order-list.ts";
import { lookup, numberList, orderLookupFeature } from "./features/order-lookup.ts";
import { overdueFeature, overdueList, stuckList } from "./features/overdue.ts";
import { actAction, paperFeature, receiptAction } from "./features/paper/index.ts";
import { paymentsFeature, paymentsPart } from "./features/payments/index.ts";
import { photosAddAction, photosFeature } from "./features/photos/index.ts";
import { repairClientPart, repairRequestButton } from "./features/repair-request/index.ts";
import { reportFeature } from "./features/report/index.ts";
import { staffFeature } from "./features/staff.ts";
import { staffStart, startFeature } from "./features/start.ts";
import { statusFeature } from "./features/status.ts";
import { statusCard } from "./features/status-change/index.ts";
import { unhandledFeature } from "./features/unhandled.ts";
import { createI18n } from "./i18n.ts";
import type { BotMetrics } from "./metrics/index.ts";
import { chatKey } from "./middleware/chat-key.ts";
import { type ChatLockOptions, chatLock } from "./middleware/chat-lock.ts";
import { Composer } from "./middleware/composer.ts";
import { claimUpdate, skipRedelivered } from "./middleware/dedupe.ts";
import { errorHandler, trackCallbackAnswers } from "./middleware/errors.ts";
import { createOrderReader } from "./orders/index.ts";
import { createInlineGate } from "./orders/inline-gate.ts";
import { createSearchStore } from "./orders/saved-searches.ts";
import { groupsOf } from "./orders/stuck.ts";
import { accessGate, roleOf } from "./policy/access.ts";
import { createUserSettings } from "./state/user-settings.ts";
import { persisted } from "./store/registry.ts";
import type { Store } from "./store/storage.ts";
import { configureApi } from "./telegram/api.ts";
import { startCommand } from "./telegram/start-router.ts";
import type { CardAction } from "./ui/order-keyboard.ts";

/** Sessions hold the language chosen with /language; bookkeeping, kept in memory when the store refuses it. */
const sessions = persisted<SessionData>({
  namespace: "sessions",
  schema: z.object({ __language_code: z.string().optional() }),
  whenStoreFails: "skip",
  keep: { entries: 1000, copies: "all" },
});

/**
 * The card's buttons, in this order (two per row): the dialogs (each button, its press and its
 * dialog in one CardDialog) and, among them, the workshop's other actions (🧾 beside 🏷: the paper of
 * the order); 🔔 with the mirror.
 */
const cards = cardDialogs([
  statusCard,
  commentCard,
  masterCard,
  managerCard,
  diagnosisCard,
  labelAction,
  receiptAction,
  actAction,
  photosAddAction,
  // Clients and mistakes (issue 26): the order's client, deleting an order created by mistake.
  clientCardAction,
  deleteCard,
]);
const cardActions: CardAction[] = cards.actions;

export interface BotDeps {
  config: Config;
  logger: Logger;
  client: ServiceClient;
  store: Store;
  /** "sandbox" when running on the embedded sandbox; shown in /status. */
  serviceKind?: "sandbox" | "remote";
  clock?: Clock;
  /** grammY Bot options, e.g. `{ botInfo, client: { fetch } }` in tests; apiRoot comes from config. */
  botConfig?: BotConfig<BotContext>;
  /** Outgoing throttling on bot.api (default on; tests switch it off to stay fast). */
  throttle?: boolean;
  inline?: InlineOptions;
  /** Operator buttons on the card, added by dialogs. */
  cardActions?: CardAction[];
  /** Middleware mounted after the dialogs and before the core features (tests, add-ons). */
  features?: (services: BotServices) => Middleware<BotContext>[];
  /** A reference cache to share (tests); built from client + store otherwise. */
  reference?: ReferenceCache;
  /** Timings of the per-chat lock across instances (shared store only); tests shorten them. */
  chatLock?: ChatLockOptions;
  /** The order mirror (MIRROR=on); absent: every lookup asks the service. */
  mirror?: OrderMirror;
  /** The operator's figures (GET /metrics, main.ts); absent: nothing is counted. */
  metrics?: BotMetrics;
}

interface CreatedBot {
  bot: Bot<BotContext>;
  services: BotServices;
}

/** Sessions hold user preferences (the language): keyed by user, so they follow the user into groups and inline mode. */
function sessionKey(ctx: Context): string | undefined {
  return ctx.from?.id === undefined ? undefined : String(ctx.from.id);
}

export function createBot(deps: BotDeps): CreatedBot {
  const { config, logger, client, store } = deps;
  const clock = deps.clock ?? systemClock;
  const i18n = createI18n<Context>(config.defaultLocale);
  const botConfig: BotConfig<BotContext> = {
    ...deps.botConfig,
    client: {
      apiRoot: config.telegramApiRoot,
      ...deps.botConfig?.client,
    },
  };
  const bot = new Bot<BotContext>(config.botToken, botConfig);
  configureApi(bot.api, { throttle: deps.throttle ?? true, observe: deps.metrics?.telegram });
  bot.api.config.use(trackCallbackAnswers);

  const reference =
    deps.reference ?? createReferenceCache({ client, store, logger, now: () => clock.now().getTime() });
  const services: BotServices = {
    config,
    client,
    serviceKind: deps.serviceKind ?? "remote",
    store,
    reference,
    searches: createSearchStore(store),
    users: createUserSettings(store),
    clock,
    i18n,
    // With the order mirror: 🔔 watches an order's status changes.
    cardActions: [...(deps.cardActions ?? cardActions), ...(deps.mirror ? [watchAction] : [])],
    orders: createOrderReader({
      client,
      store,
      clock,
      shopIds: config.shopIds,
      lookupShare: config.lookupShare,
      mirror: deps.mirror,
      stuck: async () => {
        const statuses = await reference.statuses();
        return { stuckDays: config.stuckDays, groupOf: groupsOf(statuses), statuses };
      },
    }),
    mirror: deps.mirror,
    orderLookup: lookup,
    metrics: deps.metrics,
  };

  const onError = errorHandler(i18n, config.defaultLocale, logger);
  bot.catch(onError);

  // The whole stack in one flat composer (middleware/composer.ts): the bot itself has one middleware.
  const root = new Composer<BotContext>();
  bot.use(root);
  // 0. One delivery per update across instances: the first to claim it (dedupe.ts).
  root.use(claimUpdate(store, logger));
  // 1. One chat's updates one after another (runner and webhook alike); chats in parallel.
  //    Across instances on a shared store, a Redis lock per chat as well; a no-op otherwise.
  //    Updates without a chat (inline queries) run freely.
  root.use(sequentialize(chatKey));
  root.use(
    chatLock(store, logger, {
      // Waits a little longer than a slow step: a few service calls that each may time out.
      waitMs: 3 * config.serviceTimeoutMs + 5_000,
      ...deps.chatLock,
    }),
  );
  const core = new Composer<BotContext>();
  root.errorBoundary(onError, core);
  // 2. Core properties: services, role, a logger bound to this update.
  core.use((ctx, next) => {
    ctx.services = services;
    ctx.role = roleOf(ctx.from?.id, config);
    ctx.log = logger.child({ update_id: ctx.update.update_id, user: ctx.from?.id });
    return next();
  });
  // 3. i18n before the gate, so strangers are refused in their language.
  core.use(i18n);
  // 4. With CLIENTS=on a non-staff user in a private chat reaches the client's side (and nothing below).
  //    Its inbox: a linked client's messages reach the staff; /start's buttons in this order.
  //    A review's stars and words come before the inbox (they are not messages to the shop).
  const inbox = clientInbox(services, bot.api, logger);
  //    Payments in the chat first: a payment is never rate-limited, and a pre-checkout query has no chat.
  core.use(paymentsPart(services));
  const reviews = clientReviews({ services, api: bot.api, logger });
  const startButtons = [writeToUsButton, repairRequestButton];
  // The one /start: the client's table here, the staff's among the features below (same handler).
  const start = startCommand({ staff: staffStart, client: clientStart(startButtons, { onReceiptQr }) });
  //    The receipt in the client's chat: its ✅ press, a QR opened, a client just linked (issue 36.4).
  core.use(
    clientSide(services, {
      parts: [reviews.clientPart, clientReceiptPart, repairClientPart, inbox.clientPart],
      startButtons,
      start,
      onReceiptQr,
      onLinked,
    }),
  );
  //    Strangers stop here: nothing below ever runs for them.
  core.use(accessGate());
  // Staff are around: the mirror's sync keeps its day pace (it slows down at night).
  core.use((ctx, next) => {
    ctx.services.mirror?.noteActivity();
    return next();
  });
  // 5. Crash safety: a redelivered update is ignored (docs/decisions.md, "Crash safety").
  core.use(skipRedelivered(store));
  // 6. Sessions, then the locale again: the choice made with /language lives there.
  core.use(
    session<SessionData, BotContext>({
      initial: () => ({}),
      getSessionKey: sessionKey,
      storage: store.open(sessions),
    }),
  );
  core.use(async (ctx, next) => {
    await ctx.i18n.renegotiateLocale();
    await next();
  });
  // A user who blocked the bot and writes again is back: notifications resume.
  core.use(backFromBlocked);
  // 7. A button with no chat to answer in gets one clear answer (the features below would fail on it).
  core.use(chatlessButtons);
  // A staff reply to a client's message in the inbox (before the dialogs: it is that client's, whatever runs).
  core.use(inbox.staffPart);
  // 8. Dialogs: the conversations plugin with `/cancel`, then every dialog with its entry points.
  //    Before the features: a running dialog sees its chat's next update first.
  core.use(dialogsMiddleware(services, logger));
  core.use(orderCreateFeature);
  // The card's dialogs: status, comment, master, manager, diagnosis (their buttons and presses).
  core.use(cards.feature);
  // Fixing a client, an order's client, deleting an order (issue 26).
  core.use(clientDialogsFeature);
  // Extra features (tests, add-ons) see the conversations plugin installed above.
  for (const feature of deps.features?.(services) ?? []) core.use(feature);
  core.use(staleCardActions);
  // 9. Features, one owner per command; `unhandled` last.
  // Photos sent for an order (a reply to its card, its number as the caption, after 📷 Add photos).
  core.use(photosFeature);
  core.use(labelFeature);
  // Receipts and acts as PDFs.
  core.use(paperFeature);
  // /start (a label's or a receipt's QR opens its card for staff: the staff's table in features/start.ts).
  core.use(start);
  core.use(startFeature);
  core.use(languageFeature);
  core.use(statusFeature);
  core.use(staffFeature);
  // Clients: /client, the client card (👤), a client's older orders.
  core.use(clientsFeature);
  core.use(deletedFeature);
  core.use(orderLookupFeature);
  core.use(overdueFeature);
  // The open orders by status (the order mirror's counts).
  core.use(boardFeature);
  // The owner's desk: the registers (/cash) and the report (/report); owners only, in private.
  core.use(cashFeature);
  core.use(reportFeature);
  // Payments in the chat not in the CRM yet, and today's (/payments).
  core.use(paymentsFeature);
  // "Who am I" (/me, /my) and notifications' settings (/notify, 🔔).
  core.use(notifyFeature);
  core.use(meFeature);
  // Plain text that is no number: a search in the order mirror (MIRROR=on).
  core.use(mirrorSearchFeature);
  // The pages and open buttons of every order list, each kind of list with its source.
  core.use(
    orderListFeature({
      num: numberList,
      number: numberList,
      overdue: overdueList,
      stuck: stuckList,
      search: searchList,
      mine: mineList,
      board: boardList,
    }),
  );
  core.use(
    createInlineFeature(
      createInlineGate(store, () => clock.now().getTime()),
      deps.inline,
    ),
  );
  core.use(unhandledFeature);

  return { bot, services };
}
