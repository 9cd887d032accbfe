/**
 * /stop's clearing of the consent, kept until it lands (issue 33.9): the bot
 * stops messaging at once, and the CRM's `isSendTelegram` is cleared through
 * the write core (kind "client-consent", one read and a PATCH) under one
 * exactly-once key per /stop. A clearing the service refused or did not answer
 * stays in the store (across restarts and instances) and is tried again with
 * a growing pause (1 minute, doubling up to an hour), until it lands; linking
 * again cancels it (the client consents anew).
 *
 * The retry runs outside any update: its context is made here with what the
 * core reads of one (services, a logger, texts), until the write core takes an
 * actor (issue 35.2).
 */
import { z } from "zod";
import type { Locale } from "../../../config/index.ts";
import { LOCALES } from "../../../config/schema.ts";
import type { Logger } from "../../../logger.ts";
import type { BotContext, BotServices } from "../../context.ts";
import { persisted } from "../../store/registry.ts";
import { clearConsent } from "./consent.ts";
import { clientLinksOf } from "./links.ts";

/** The first pause after a failed clearing; each next one doubles, up to MAX_PAUSE_MS. */
const FIRST_PAUSE_MS = 60_000;
const MAX_PAUSE_MS = 60 * 60_000;
/** One entry holds every pending clearing (a few at most): one atomic update each. */
const ALL = "all";

const pending = z.object({
  /** The write core's key: a retry of an unclear attempt checks before sending again. */
  key: z.string(),
  locale: z.enum(LOCALES),
  attempts: z.number().int().nonnegative(),
  /** Unix ms: not tried again before. */
  next: z.number(),
});
type Pending = z.infer<typeof pending>;

/** The consent clearings not landed yet, by counteragent id. */
const consentClears = persisted({
  namespace: "client-consent-clears",
  schema: z.record(z.string(), pending),
  whenStoreFails: "throw",
});

const open = (services: Pick<BotServices, "store">) => services.store.open(consentClears);

/** Keeps a clearing to make (before the first try: a crash in between still clears). */
export async function queueClear(
  services: BotServices,
  counteragentId: string,
  key: string,
  locale: Locale,
): Promise<void> {
  const next = services.clock.now().getTime();
  await open(services).update(ALL, (all) => ({
    ...all,
    [counteragentId]: { key, locale, attempts: 0, next },
  }));
}

/** The counteragent consents again (a new link): its clearing is no longer wanted. */
export async function cancelClears(services: BotServices, ids: readonly string[]): Promise<void> {
  const all = await open(services).read(ALL);
  if (!all || !ids.some((id) => id in all)) return;
  await open(services).update(ALL, (now) => {
    const rest = Object.fromEntries(Object.entries(now ?? {}).filter(([id]) => !ids.includes(id)));
    return Object.keys(rest).length > 0 ? rest : undefined;
  });
}

/** The clearings still pending (tests and /status read them). */
export async function pendingClears(services: BotServices): Promise<Record<string, Pending>> {
  return (await open(services).read(ALL)) ?? {};
}

/**
 * Tries one clearing now: landed (or no longer wanted) is forgotten, anything else waits its
 * pause. True when it landed.
 */
export async function tryClear(ctx: BotContext, counteragentId: string): Promise<boolean> {
  const { services } = ctx;
  const item = (await open(services).read(ALL))?.[counteragentId];
  if (!item) return true;
  // Linked again meanwhile (this or another account of the person): the consent stands.
  const landed =
    (await clientLinksOf(services.store).usersOf(counteragentId)).length > 0 ||
    (await clearConsent(ctx, counteragentId, item.key)).kind === "done";
  const now = services.clock.now().getTime();
  await open(services).update(ALL, (all) => {
    const current = all?.[counteragentId];
    // Replaced meanwhile (another /stop, a new link): that one stands.
    if (!all || current?.key !== item.key) return all;
    if (landed) {
      const { [counteragentId]: _done, ...rest } = all;
      return Object.keys(rest).length > 0 ? rest : undefined;
    }
    const attempts = current.attempts + 1;
    const pause = Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (attempts - 1));
    return { ...all, [counteragentId]: { ...current, attempts, next: now + pause } };
  });
  if (!landed)
    ctx.log.warn({ counteragentId, attempts: item.attempts + 1 }, "a client's /stop not in the CRM yet");
  return landed;
}

/** The context the core reads outside an update: services, a logger, texts in the client's language. */
function jobContext(services: BotServices, logger: Logger, locale: Locale): BotContext {
  const t = (key: string, args?: Record<string, string | number>) => services.i18n.t(locale, key, args);
  return {
    services,
    log: logger,
    role: "stranger",
    t,
    i18n: { getLocale: async () => locale },
    update: { update_id: 0 },
  } as unknown as BotContext;
}

/** Tries every clearing whose pause is over; resolves when done. */
async function retryClears(services: BotServices, logger: Logger): Promise<void> {
  const now = services.clock.now().getTime();
  const due = Object.entries(await pendingClears(services)).filter(([, item]) => item.next <= now);
  for (const [id, item] of due) await tryClear(jobContext(services, logger, item.locale), id);
}

/** Retries the pending clearings every minute, as long as the bot runs (each waits its own pause). */
export class ConsentClearRetry {
  private queue: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly services: BotServices;
  private readonly logger: Logger;

  constructor(options: { services: BotServices; logger: Logger }) {
    this.services = options.services;
    this.logger = options.logger;
  }

  start(): void {
    this.timer = setInterval(() => void this.kick(), FIRST_PAUSE_MS);
    this.timer.unref();
    void this.kick();
  }

  /** Tries what is due now; resolves when done (tests wait on it). */
  kick(): Promise<void> {
    this.queue = this.queue
      .then(() => retryClears(this.services, this.logger))
      .catch((error: unknown) => this.logger.warn({ err: String(error) }, "client consent retry failed"));
    return this.queue;
  }

  stop(): Promise<void> {
    clearInterval(this.timer);
    return this.queue;
  }
}
