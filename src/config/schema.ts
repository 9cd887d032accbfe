/** What the program reads from its environment, as one typed shape (`Config` is inferred from it). */
import { z } from "zod";
import { paymentsConfig } from "./payments.ts";

export const LOCALES = ["ru", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export const ARRAY_FORMATS = ["comma", "brackets", "repeat"] as const;
export const PAPER_FORMATS = ["a4", "80mm", "both"] as const;

export const configuredStatus = z.object({
  id: z.union([z.string().trim().min(1), z.number().transform(String)]),
  name: z.string().trim().min(1),
  isPayRequired: z.boolean().optional(),
});

/**
 * What the program reads, as a schema so that `Config` is written once (its type is
 * inferred). `parseConfig` builds it from the environment schemas above; TypeScript
 * checks that mapping against this shape.
 */
const configSchema = z.object({
  botToken: z.string(),
  telegramApiRoot: z.string().optional(),
  service: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("sandbox") }),
    z.object({
      kind: z.literal("remote"),
      url: z.string(),
      auth: z.discriminatedUnion("kind", [
        z.object({ kind: z.literal("token"), token: z.string() }),
        z.object({ kind: z.literal("login"), login: z.string(), password: z.string() }),
      ]),
      arrayFormat: z.enum(ARRAY_FORMATS).optional(),
      timeoutMs: z.number(),
    }),
  ]),
  /** OWNER_IDS: everything operators may, plus money and output (/cash, /report). */
  ownerIds: z.array(z.number()),
  operatorIds: z.array(z.number()),
  viewerIds: z.array(z.number()),
  shopIds: z.array(z.string()),
  defaultLocale: z.enum(LOCALES),
  timezone: z.string(),
  closingTime: z.object({ hours: z.number(), minutes: z.number() }),
  /** GROUP_PHONES: order cards in group chats and inline results show clients' phone numbers (off: the chat with the bot only). */
  groupPhones: z.boolean(),
  /** SERVICE_WEBHOOK_SECRET: the service's webhooks (POST /service-webhook) trigger a mirror sync; off when absent. */
  serviceWebhookSecret: z.string().optional(),
  /** MINI_APP_URL and MINI_APP_MAX_AGE: the Mini App (its address, initData's age at most); absent: none. */
  miniApp: z.object({ url: z.string(), maxAgeSeconds: z.number() }).optional(),
  /** METRICS_TOKEN: GET /metrics asks for it as a bearer token; open when absent. */
  metricsToken: z.string().optional(),
  /** PHOTO_COMMENT=on: photos kept for an order add a comment noting them (costs a request). */
  photoComment: z.boolean(),
  /** PHONE_COUNTRY: typed phones are read as this country's numbers (ISO code, default RU). */
  phoneCountry: z.string(),
  /** STUCK_DAYS: an open order with no change for this many days is stuck. */
  stuckDays: z.number(),
  /** When the morning digest of the order mirror goes out, in TIMEZONE (DIGEST_TIME). */
  digestTime: z.object({ hours: z.number(), minutes: z.number() }),
  /** When the evening report goes to the owners who opted in, in TIMEZONE (REPORT_TIME). */
  reportTime: z.object({ hours: z.number(), minutes: z.number() }),
  storage: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("file"), dataDir: z.string() }),
    /** timeoutMs (REDIS_TIMEOUT_MS): connect and command timeout; while Redis is down commands fail at once. */
    z.object({ kind: z.literal("redis"), url: z.string(), timeoutMs: z.number().optional() }),
  ]),
  mode: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("polling"), port: z.number().optional() }),
    z.object({ kind: z.literal("webhook"), url: z.string(), secret: z.string(), port: z.number() }),
  ]),
  logLevel: z.enum(LOG_LEVELS),
  /** Kept for the sandbox and the client when they run embedded. */
  serviceTimeoutMs: z.number(),
  /** STATUSES: for a service without GET /statuses, with those learned from orders seen. */
  statuses: z.array(configuredStatus).optional(),
  /** The order mirror (MIRROR=off: the bot asks the service for everything, as before). */
  mirror: z.object({
    enabled: z.boolean(),
    /** The shortest time between two syncs. */
    syncSeconds: z.number(),
    /** The first fill takes orders changed in this many days (plus all not closed). */
    backfillDays: z.number(),
    /** Requests the sync may spend per 15-minute quota window. */
    budget: z.number(),
    /** Requests above the write reserve that the sync never uses (kept for users' reads). */
    reserve: z.number(),
    /** MIRROR_CLIENTS: the company's clients are kept too. */
    clients: z.boolean(),
    /** DATA_DIR: the mirror's database lives there, with Redis too (each instance its own copy). */
    dataDir: z.string(),
  }),
  /**
   * CLIENT_RETURN_STATUSES: statuses (by id or name) that mean the device goes back without repair:
   * no estimate is owed on them (decisions.md "Money"); the client reads "returned without repair".
   */
  returnStatuses: z.array(z.string()),
  /** The client's side (CLIENTS=on; absent or off: strangers are refused as always). */
  clients: z
    .object({
      enabled: z.boolean(),
      /** The approval statuses, each by id or name; absent: no approval in Telegram. */
      approval: z.object({ waiting: z.string(), approved: z.string(), declined: z.string() }).optional(),
      /** CLIENT_ALL_STATUSES: every status change is told, not only ready and approval. */
      allStatuses: z.boolean(),
      /** CLIENT_RATE_PER_MINUTE: messages a non-staff user may send per minute before they are ignored. */
      ratePerMinute: z.number(),
      /** CLIENT_INBOX_CHAT: where linked clients' messages go (absent: the managers of their orders, else the owners). */
      inboxChat: z.number().optional(),
      /** CLIENT_REPLY_SIGNED: a staff answer names the replier's first name. */
      replySigned: z.boolean().optional(),
      /** CLIENT_CHAT_COMMENTS: each message of the chat is also the order's comment, at most commentsPerHour per client. */
      chatComments: z.boolean().optional(),
      commentsPerHour: z.number().optional(),
      /** REVIEW_AFTER (ms): a linked client is asked for a review this long after the hand-over; absent: never. */
      reviewAfterMs: z.number().optional(),
      /** REVIEW_URL: the shop's review page, offered for 4 and 5 stars. */
      reviewUrl: z.string().optional(),
    })
    .optional(),
  /** Payments in the chat (PAYMENT_PROVIDER_TOKEN; absent: nothing offered). */
  payments: paymentsConfig.optional(),
  /** The receipt and the act (features/paper). */
  paper: z.object({
    /** PAPER_FORMAT: A4, an 80 mm receipt roll, or both. */
    format: z.enum(PAPER_FORMATS),
    /** DOCUMENT_LOCALE: the documents' language, whatever the clerk's. */
    locale: z.enum(LOCALES),
    /** SHOP_PHONE (else the workshop's phones from the service) and SHOP_HOURS, as printed. */
    phone: z.string().optional(),
    hours: z.string().optional(),
    /** SHOP_LEGAL_NAME, SHOP_TAX_ID: printed when set. */
    legalName: z.string().optional(),
    taxId: z.string().optional(),
    /** PAPER_COPIES: 2 puts the client's and the shop's copy of the receipt on one A4 page. */
    copies: z.union([z.literal(1), z.literal(2)]).optional(),
    /** REPAIR_TERMS_<LANG> (a text) or REPAIR_TERMS_<LANG>_FILE (a UTF-8 file, read when printing); else the locale's default. */
    terms: z.record(z.enum(LOCALES), z.object({ text: z.string().optional(), file: z.string().optional() })),
    /** WARRANTY_DAYS, and WARRANTY_BY_TYPE's days per order type id. */
    warrantyDays: z.number(),
    warrantyByType: z.record(z.string(), z.number()),
  }),
  /** LOOKUP_SHARE: the percent of what reads may spend of a quota window (100 less WRITE_RESERVE) one user's reads may spend. */
  lookupShare: z.number(),
  /** WRITE_RESERVE: the last requests of each quota window, kept for writes (no read spends them); "auto" follows the writes seen. */
  writeReserve: z.union([z.number(), z.literal("auto")]),
  /** WRITE_RESERVE_MIN: with "auto", the least the reserve keeps. */
  writeReserveFloor: z.number(),
  /** Embedded sandbox only: the CRM's other users change an order this often (0: never). */
  sandboxOthersSeconds: z.number(),
});

export type Config = z.infer<typeof configSchema>;
/** A status named in STATUSES; `isPayRequired` undefined: not known, payment is offered as optional. */
export type ConfiguredStatus = NonNullable<Config["statuses"]>[number];
export type ClientsConfig = NonNullable<Config["clients"]>;
export type { PaymentsConfig } from "./payments.ts";
export type ServiceAuth = Extract<Config["service"], { kind: "remote" }>["auth"];
