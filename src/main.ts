/**
 * Start-up: config -> logger -> service client (or the embedded sandbox) ->
 * storage -> bot -> polling (runner) or webhook; graceful shutdown on SIGINT/SIGTERM.
 */
import type { RunnerHandle } from "@grammyjs/runner";
import { ClientNotifier, ConsentClearRetry } from "./bot/features/client-side/index.ts";
import { checkPaymentSetup, PaymentRetry } from "./bot/features/payments/index.ts";
import { createLiveness, type Liveness, watchGetUpdates } from "./bot/http/health.ts";
import { metricsRoute } from "./bot/http/metrics-route.ts";
import { probeRoutes } from "./bot/http/probes.ts";
import { startHttpServer } from "./bot/http/server.ts";
import { serviceWebhookRoute } from "./bot/http/service-webhook.ts";
import { webhookRoute } from "./bot/http/telegram-webhook.ts";
import { createBot } from "./bot/index.ts";
import { botScheduler } from "./bot/jobs.ts";
import { type BotMetrics, createMetrics } from "./bot/metrics/index.ts";
import { setStaffMenuButtons } from "./bot/mini-app/menu-button.ts";
import { miniAppRoute } from "./bot/mini-app/route.ts";
import { Notifier } from "./bot/notify/notifier.ts";
import { outboxOf } from "./bot/notify/send.ts";
import { openStore, type Store } from "./bot/store/storage.ts";
import { serviceStoreFrom } from "./bot/store/token-quota.ts";
import { menuRecords, registerCommands, syncStaffMenus } from "./bot/telegram/commands.ts";
import { startPolling } from "./bot/telegram/polling.ts";
import { type Config, loadConfig } from "./config/index.ts";
import { sandboxStateFile } from "./embedded-sandbox.ts";
import { createLogger, type Logger, redactBotToken } from "./logger.ts";
import { mirrorFromConfig } from "./mirror/from-config.ts";
import type { Sandbox } from "./sandbox/index.ts";
import {
  createRedisTokenStore,
  createServiceClient,
  type RequestEvent,
  type ServiceClient,
  type Status,
} from "./service/index.ts";

const ALLOWED_UPDATES = ["message", "callback_query", "inline_query", "pre_checkout_query"] as const;
const TELEGRAM_WAIT_WARN_MS = 10_000;

async function connectService(
  config: Config,
  logger: Logger,
  store: Store,
  liveness: Liveness,
  metrics: BotMetrics,
): Promise<{ client: ServiceClient; sandbox?: Sandbox }> {
  // Token and quota shared by all instances: Redis (with a renewal lock) or the bot's own storage.
  const serviceStore = store.redis
    ? createRedisTokenStore({ redis: store.redis, prefix: "bot:service:" })
    : serviceStoreFrom(store);
  const common = {
    logger,
    store: serviceStore,
    timeoutMs: config.serviceTimeoutMs,
    // The last requests of each window are the staff's changes': no read spends them; the
    // mirror's sync has its budget, which users' reads leave it.
    writeReserve: config.writeReserve,
    writeReserveFloor: config.writeReserveFloor,
    syncShare: config.mirror.enabled ? config.mirror.budget : 0,
    // For /health: a 5xx (e.g. a proxy's 502), a timeout or a network error is no answer.
    // For /metrics: every exchange by use and outcome.
    onRequest: (event: RequestEvent) => {
      liveness.serviceExchange(event.status !== undefined && event.status < 500);
      metrics.serviceRequest(event);
    },
  };
  if (config.service.kind === "remote") {
    const { url, auth, arrayFormat } = config.service;
    const credentials =
      auth.kind === "token" ? { token: auth.token } : { login: auth.login, password: auth.password };
    return {
      client: createServiceClient({
        baseUrl: url,
        ...credentials,
        arrayFormat,
        ...common,
      }),
    };
  }
  // Imported only when needed: a production start with SERVICE_URL never loads the sandbox.
  const { startSandbox } = await import("./sandbox/index.ts");
  const stateFile = sandboxStateFile(config.storage);
  const sandbox = await startSandbox({
    port: 0,
    logger: logger.child({ module: "sandbox" }),
    // The CRM's other users change an order now and then: the mirror and notifications have something to show.
    othersEveryMs: config.sandboxOthersSeconds * 1000,
    stateFile,
  });
  logger.warn(
    { url: sandbox.url, shops: sandbox.shops.map((shop) => shop.name) },
    "SERVICE_URL is not set: running on the embedded sandbox with demo data",
  );
  return { client: createServiceClient({ baseUrl: sandbox.url, token: sandbox.token, ...common }), sandbox };
}

async function main(): Promise<void> {
  const parsed = loadConfig();
  if (!parsed.ok) {
    for (const error of parsed.errors) process.stderr.write(`Configuration error: ${error}\n`);
    process.exit(1);
  }
  const config = parsed.config;
  const logger = createLogger({ level: config.logLevel });
  const store = await openStore(config.storage, "bot", { logger });
  const liveness = createLiveness({ mode: config.mode.kind, store });
  // The operator's figures (GET /metrics): Node's defaults and the bot's own, in one registry of its own.
  const metrics = createMetrics({ defaults: true });
  const { client, sandbox } = await connectService(config, logger, store, liveness, metrics);
  // The statuses come from the bot's reference cache once it exists (no second request for them).
  let statuses: (() => Promise<Status[]>) | undefined;
  const mirror = mirrorFromConfig({
    config,
    client,
    logger,
    redis: store.redis,
    statuses: () => statuses?.() ?? Promise.resolve([]),
  });
  const { bot, services } = createBot({
    config,
    logger,
    client,
    store,
    serviceKind: sandbox ? "sandbox" : "remote",
    mirror,
    metrics,
  });
  statuses = () => services.reference.statuses();
  metrics.watch({ client, mirror });

  bot.api.config.use(watchGetUpdates(liveness));
  // Up before grammY's init: /health then tells of a bot that cannot reach Telegram.
  const mode = config.mode;
  const server =
    mode.port === undefined
      ? undefined
      : await startHttpServer({
          port: mode.port,
          health: liveness.report,
          routes: [
            // /health/live and /health/ready (probes.ts): no service request spent.
            probeRoutes({
              liveness,
              telegram: metrics.telegramState,
              store,
              mirror: mirror ? () => mirror.stats() : undefined,
            }),
            metricsRoute({ metrics, token: config.metricsToken, logger }),
            // The Mini App's page and API (MINI_APP_URL): the same port, polling or webhook.
            ...(config.miniApp
              ? [
                  miniAppRoute({
                    services,
                    api: bot.api,
                    logger,
                    maxAgeSeconds: config.miniApp.maxAgeSeconds,
                    botUsername: () => bot.botInfo.username,
                  }),
                ]
              : []),
            ...(mode.kind === "webhook"
              ? [webhookRoute(bot, { url: mode.url, secret: mode.secret, liveness }, logger)]
              : []),
            // The service's webhooks sync the mirror at once (SERVICE_WEBHOOK_SECRET and MIRROR=on).
            ...(mirror && config.serviceWebhookSecret
              ? [
                  serviceWebhookRoute({
                    secret: config.serviceWebhookSecret,
                    store,
                    syncNow: () => mirror.syncNow(),
                    logger,
                  }),
                ]
              : []),
          ],
        });

  // grammY's init retries getMe until Telegram answers: say so, instead of a silent wait on a wrong
  // TELEGRAM_API_ROOT or a network outage (a wrong token fails at once with 401).
  const telegram = config.telegramApiRoot ?? "https://api.telegram.org";
  const waiting = setInterval(
    () => logger.warn({ telegram }, "Telegram is not reachable yet; still trying"),
    TELEGRAM_WAIT_WARN_MS,
  );
  await bot.init().finally(() => clearInterval(waiting));
  logger.info({ bot: bot.botInfo.username, mode: config.mode.kind, storage: store.kind }, "bot starting");
  await registerCommands(bot.api, services.i18n, config.defaultLocale, {
    clients: config.clients?.enabled === true,
  }).catch((error: unknown) => logger.warn({ err: String(error) }, "could not register the command menu"));
  // Each configured user's own menu, set again only when the staff configuration changed.
  await syncStaffMenus({
    api: bot.api,
    i18n: services.i18n,
    config,
    records: store.open(menuRecords),
    localeOf: async (userId) => (await services.users.read(userId)).locale,
    onError: (user, error) =>
      logger.warn({ user, err: String(error) }, "could not set a user's command menu"),
  }).catch((error: unknown) =>
    logger.warn({ err: String(error) }, "could not set the staff's command menus"),
  );
  // The staff's menu button opens the Mini App's board (MINI_APP_URL).
  await setStaffMenuButtons({
    api: bot.api,
    config,
    i18n: services.i18n,
    localeOf: async (userId) => (await services.users.read(userId)).locale,
    onError: (user, error) => logger.warn({ user, err: String(error) }, "could not set a user's menu button"),
  });
  // Warm the workshop list (one request) and catch a SHOP_IDS typo early.
  await services.reference
    .shops()
    .then((shops) => {
      const unknown = config.shopIds.filter((id) => !shops.some((shop) => shop.id === id));
      if (unknown.length > 0) logger.warn({ unknown }, "SHOP_IDS lists workshops the service does not know");
    })
    .catch((error: unknown) => logger.warn({ err: String(error) }, "the service did not answer at start"));
  // And the statuses (one request, cached for an hour in the store): cards then know which orders are done.
  await services.reference
    .statuses()
    .catch((error: unknown) => logger.info({ err: String(error) }, "no status list from the service"));

  // The first sync runs in the background: the bot answers from the start (a miss asks the service).
  // A mirror that cannot start (e.g. Redis unreachable for its feed) does not stop the bot: it answers from what it holds.
  await mirror
    ?.start()
    .then(() => logger.info({ orders: mirror.stats().orders }, "order mirror started"))
    .catch((error: unknown) => logger.error({ err: String(error) }, "the order mirror did not start"));
  // Every message sent outside an update goes through one outbox: kept until Telegram takes it.
  const outbox = outboxOf({ services, api: bot.api, logger });
  outbox.start();
  // Notifications from the mirror's changes (assigned, status, ready).
  const notifier = mirror ? new Notifier({ services, api: bot.api, mirror, logger }) : undefined;
  notifier?.start();
  // Messages to linked clients (CLIENTS=on): ready, approval, and with CLIENT_ALL_STATUSES every status.
  const clientNotifier =
    mirror && config.clients?.enabled
      ? new ClientNotifier({ services, api: bot.api, mirror, client, logger })
      : undefined;
  clientNotifier?.start();
  // /stop's consent clearings the CRM has not taken yet, retried until they land.
  const consentRetry = config.clients?.enabled ? new ConsentClearRetry({ services, logger }) : undefined;
  consentRetry?.start();
  // Payments in the chat (PAYMENT_PROVIDER_TOKEN): the settings checked, one line each; the unrecorded retried.
  const paymentRetry = config.payments ? new PaymentRetry({ services, api: bot.api, logger }) : undefined;
  if (paymentRetry) await checkPaymentSetup(services, logger);
  paymentRetry?.start();
  // Timed work (the morning digest, the owners' evening report), with the mirror on or off.
  const scheduler = botScheduler({ services, api: bot.api, logger });
  scheduler.start();

  let runner: RunnerHandle | undefined;
  if (config.mode.kind === "webhook") {
    await bot.api.setWebhook(config.mode.url, {
      secret_token: config.mode.secret,
      allowed_updates: [...ALLOWED_UPDATES],
    });
    logger.info({ port: config.mode.port }, "webhook server listening");
  } else {
    await bot.api.deleteWebhook();
    runner = startPolling(bot, {
      logger,
      allowedUpdates: ALLOWED_UPDATES,
      // Only a refused token ends polling: nothing can be answered then, so the process stops.
      onFatal: (error) => {
        logger.fatal({ err: redactBotToken(String(error)) }, "Telegram refused the bot token; stopping");
        logger.flush();
        process.exit(1);
      },
    });
    logger.info({ healthPort: mode.port }, "long polling started");
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    // Stop taking updates first, let the ones in progress finish, then close what they use.
    if (runner?.isRunning()) await runner.stop();
    await server?.close();
    await scheduler.stop();
    await notifier?.stop();
    await clientNotifier?.stop();
    await consentRetry?.stop();
    await paymentRetry?.stop();
    // What is still kept waits in the store for the next start.
    await outbox.stop();
    // A sync step in progress ends first: its page is saved, the next start goes on from there.
    await mirror
      ?.stop()
      .catch((error: unknown) =>
        logger.error({ err: String(error) }, "the order mirror did not stop cleanly"),
      );
    // A failed last save of the sandbox's state is reported, never a reason to hang here.
    await sandbox
      ?.close()
      .catch((error: unknown) => logger.error({ err: String(error) }, "the sandbox did not save its state"));
    await store.close();
    logger.flush();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

process.on("unhandledRejection", (reason) => {
  // The error boundary covers updates; this is the last net for background work. Never crash for it.
  process.stderr.write(`Unhandled rejection: ${redactBotToken(String(reason))}\n`);
});

main().catch((error: unknown) => {
  process.stderr.write(
    `Start-up failed: ${redactBotToken(error instanceof Error ? error.message : String(error))}\n`,
  );
  process.exit(1);
});
