/**
 * The environment of the bot: one zod schema, parsed once at start. `parseConfig`
 * is pure (it takes the env object) so every rule is unit-testable; `loadConfig`
 * adds the `.env` file and the process environment.
 */
import { existsSync } from "node:fs";
import { z } from "zod";

const LOCALES = ["ru", "en"] as const;
export type Locale = (typeof LOCALES)[number];

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const ARRAY_FORMATS = ["comma", "brackets", "repeat"] as const;

/** Empty strings in .env files mean "not set", not "set to nothing". */
const optionalText = z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().min(1).optional());

const idList = (name: string) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? [] : v),
    z.union([
      z.array(z.number()),
      z
        .string()
        .transform((s) =>
          s
            .split(/[\s,;]+/)
            .filter(Boolean)
            .map((part) => Number(part)),
        )
        .refine((ids) => ids.every((id) => Number.isSafeInteger(id) && id > 0), {
          message: `${name} must be a comma-separated list of numeric Telegram user ids`,
        }),
    ]),
  );

const stringList = z.preprocess(
  (v) => v ?? "",
  z.string().transform((s) =>
    s
      .split(/[\s,;]+/)
      .map((part) => part.trim())
      .filter(Boolean),
  ),
);

const url = (name: string) =>
  z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string({ error: `${name} is required` })
      .refine((s) => URL.canParse(s) && /^https?:/.test(s), { message: `${name} must be an http(s) URL` }),
  );

const optionalUrl = (name: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .trim()
      .refine((s) => URL.canParse(s) && /^https?:/.test(s), { message: `${name} must be an http(s) URL` })
      .optional(),
  );

const timezone = z
  .string()
  .default("Europe/Moscow")
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: "TIMEZONE must be an IANA time zone such as Europe/Moscow" },
  );

const positiveInt = (name: string, fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? fallback : Number(v)),
    z
      .number({ error: `${name} must be a number` })
      .int()
      .positive({ message: `${name} must be a positive integer` }),
  );

const commonSchema = z.object({
  BOT_TOKEN: z
    .string({ error: "BOT_TOKEN is required" })
    .trim()
    .min(1, { message: "BOT_TOKEN is required" })
    .regex(/^\d+:[\w-]+$/, {
      message: "BOT_TOKEN does not look like a token from @BotFather (digits:letters)",
    }),
  TELEGRAM_API_ROOT: optionalUrl("TELEGRAM_API_ROOT"),
  SERVICE_URL: optionalUrl("SERVICE_URL"),
  SERVICE_TOKEN: optionalText,
  SERVICE_WEBHOOK_SECRET: optionalText,
  SERVICE_LOGIN: optionalText,
  SERVICE_PASSWORD: optionalText,
  SERVICE_ARRAY_FORMAT: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(ARRAY_FORMATS, { error: "SERVICE_ARRAY_FORMAT must be comma, brackets or repeat" }).optional(),
  ),
  SERVICE_TIMEOUT_MS: positiveInt("SERVICE_TIMEOUT_MS", 10_000),
  OPERATOR_IDS: idList("OPERATOR_IDS"),
  VIEWER_IDS: idList("VIEWER_IDS"),
  SHOP_IDS: stringList,
  DEFAULT_LOCALE: z.preprocess(
    (v) => (v === "" || v === undefined ? "ru" : String(v).toLowerCase()),
    z.enum(LOCALES, { error: "DEFAULT_LOCALE must be ru or en" }),
  ),
  TIMEZONE: z.preprocess((v) => (v === "" ? undefined : v), timezone),
  CLOSING_TIME: z.preprocess(
    (v) => (v === "" || v === undefined ? "19:00" : v),
    z.string().regex(/^([01]?\d|2[0-3]):[0-5]\d$/, { message: "CLOSING_TIME must be HH:MM, e.g. 19:00" }),
  ),
  DIGEST_TIME: z.preprocess(
    (v) => (v === "" || v === undefined ? "09:00" : v),
    z.string().regex(/^([01]?\d|2[0-3]):[0-5]\d$/, { message: "DIGEST_TIME must be HH:MM, e.g. 09:00" }),
  ),
  DATA_DIR: z.preprocess((v) => (v === "" || v === undefined ? "./data" : v), z.string()),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .refine((s) => /^rediss?:\/\//.test(s), { message: "REDIS_URL must start with redis:// or rediss://" })
      .optional(),
  ),
  STATUSES: optionalText,
  MIRROR: z.preprocess(
    (v) => (v === "" || v === undefined ? "on" : String(v).trim().toLowerCase()),
    z.enum(["on", "off"], { error: "MIRROR must be on or off" }),
  ),
  MIRROR_SYNC_SECONDS: positiveInt("MIRROR_SYNC_SECONDS", 60),
  MIRROR_BACKFILL_DAYS: positiveInt("MIRROR_BACKFILL_DAYS", 30),
  MIRROR_BUDGET: positiveInt("MIRROR_BUDGET", 40),
  MIRROR_RESERVE: positiveInt("MIRROR_RESERVE", 20),
  SANDBOX_OTHERS_SECONDS: z.preprocess(
    (v) => (v === undefined || v === "" ? 120 : Number(v)),
    z
      .number({ error: "SANDBOX_OTHERS_SECONDS must be a number" })
      .int()
      .nonnegative({ message: "SANDBOX_OTHERS_SECONDS must be 0 (off) or a positive number of seconds" }),
  ),
  LOG_LEVEL: z.preprocess(
    (v) => (v === "" || v === undefined ? "info" : String(v).toLowerCase()),
    z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}` }),
  ),
});

const port = (fallback: number | undefined) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? fallback : Number(v)),
    z
      .number({ error: "PORT must be a number" })
      .int()
      .min(0, { message: "PORT must be between 0 and 65535" })
      .max(65535, { message: "PORT must be between 0 and 65535" })
      .optional(),
  );

const modeSchema = z.discriminatedUnion(
  "BOT_MODE",
  [
    // Polling serves GET /health only when PORT is set (the Docker image sets it).
    z.object({ BOT_MODE: z.literal("polling"), PORT: port(undefined) }),
    z.object({
      BOT_MODE: z.literal("webhook"),
      // Telegram delivers only to https, but a test Bot API (TELEGRAM_API_ROOT) may use http.
      WEBHOOK_URL: url("WEBHOOK_URL"),
      WEBHOOK_SECRET: z
        .string({ error: "WEBHOOK_SECRET is required in webhook mode" })
        .regex(/^[A-Za-z0-9_-]{16,256}$/, {
          message: "WEBHOOK_SECRET must be 16-256 characters of A-Z, a-z, 0-9, _ and -",
        }),
      PORT: port(8080),
    }),
  ],
  { error: "BOT_MODE must be polling or webhook" },
);

const configuredStatus = z.object({
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
  operatorIds: z.array(z.number()),
  viewerIds: z.array(z.number()),
  shopIds: z.array(z.string()),
  defaultLocale: z.enum(LOCALES),
  timezone: z.string(),
  closingTime: z.object({ hours: z.number(), minutes: z.number() }),
  /** SERVICE_WEBHOOK_SECRET: the service's webhooks (POST /service-webhook) trigger a mirror sync; off when absent. */
  serviceWebhookSecret: z.string().optional(),
  /** When the morning digest of the order mirror goes out, in TIMEZONE (DIGEST_TIME). */
  digestTime: z.object({ hours: z.number(), minutes: z.number() }),
  storage: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("file"), dataDir: z.string() }),
    z.object({ kind: z.literal("redis"), url: z.string() }),
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
    /** Requests left in the quota that the sync never uses (kept for users). */
    reserve: z.number(),
    /** DATA_DIR: the mirror's database lives there, with Redis too (each instance its own copy). */
    dataDir: z.string(),
  }),
  /** Embedded sandbox only: the CRM's other users change an order this often (0: never). */
  sandboxOthersSeconds: z.number(),
});

export type Config = z.infer<typeof configSchema>;
/** A status named in STATUSES; `isPayRequired` undefined: not known, payment is offered as optional. */
export type ConfiguredStatus = NonNullable<Config["statuses"]>[number];
export type MirrorConfig = Config["mirror"];
type ServiceAuth = Extract<Config["service"], { kind: "remote" }>["auth"];

export type ConfigResult = { ok: true; config: Config } | { ok: false; errors: string[] };

type Env = Record<string, string | undefined>;

/** Pure: the same env object always gives the same result; no I/O. */
export function parseConfig(env: Env): ConfigResult {
  const errors: string[] = [];
  const common = commonSchema.safeParse(env);
  if (!common.success) errors.push(...messages(common.error));
  const modeInput = {
    ...env,
    BOT_MODE: env.BOT_MODE === undefined || env.BOT_MODE === "" ? "polling" : env.BOT_MODE,
  };
  const mode = modeSchema.safeParse(modeInput);
  if (!mode.success) errors.push(...messages(mode.error));

  if (common.success) {
    const c = common.data;
    if (!c.SERVICE_URL && (c.SERVICE_TOKEN || c.SERVICE_LOGIN || c.SERVICE_PASSWORD)) {
      errors.push("SERVICE_URL is required when SERVICE_TOKEN or SERVICE_LOGIN is set");
    }
    if (c.SERVICE_URL && !c.SERVICE_TOKEN && !(c.SERVICE_LOGIN && c.SERVICE_PASSWORD)) {
      errors.push("SERVICE_URL needs SERVICE_TOKEN, or SERVICE_LOGIN and SERVICE_PASSWORD");
    }
    if (c.SERVICE_LOGIN && !c.SERVICE_PASSWORD && !c.SERVICE_TOKEN) {
      errors.push("SERVICE_PASSWORD is required with SERVICE_LOGIN");
    }
  }
  const statuses = common.success ? parseStatuses(common.data.STATUSES) : { ok: true as const, statuses: [] };
  if (!statuses.ok) errors.push(statuses.error);
  if (errors.length > 0 || !common.success || !mode.success || !statuses.ok) return { ok: false, errors };

  const c = common.data;
  const m = mode.data;
  const [hours = 19, minutes = 0] = c.CLOSING_TIME.split(":").map(Number);
  const [digestHours = 9, digestMinutes = 0] = c.DIGEST_TIME.split(":").map(Number);
  const auth: ServiceAuth | undefined = c.SERVICE_TOKEN
    ? { kind: "token", token: c.SERVICE_TOKEN }
    : c.SERVICE_LOGIN && c.SERVICE_PASSWORD
      ? { kind: "login", login: c.SERVICE_LOGIN, password: c.SERVICE_PASSWORD }
      : undefined;
  const config: Config = {
    botToken: c.BOT_TOKEN,
    telegramApiRoot: c.TELEGRAM_API_ROOT?.replace(/\/+$/, ""),
    service:
      c.SERVICE_URL && auth
        ? {
            kind: "remote",
            url: c.SERVICE_URL,
            auth,
            timeoutMs: c.SERVICE_TIMEOUT_MS,
            arrayFormat: c.SERVICE_ARRAY_FORMAT,
          }
        : { kind: "sandbox" },
    operatorIds: [...new Set(c.OPERATOR_IDS)],
    // An id in both lists is an operator: the stronger role wins.
    viewerIds: [...new Set(c.VIEWER_IDS)].filter((id) => !c.OPERATOR_IDS.includes(id)),
    shopIds: c.SHOP_IDS,
    defaultLocale: c.DEFAULT_LOCALE,
    timezone: c.TIMEZONE,
    closingTime: { hours, minutes },
    digestTime: { hours: digestHours, minutes: digestMinutes },
    serviceWebhookSecret: c.SERVICE_WEBHOOK_SECRET,
    storage: c.REDIS_URL ? { kind: "redis", url: c.REDIS_URL } : { kind: "file", dataDir: c.DATA_DIR },
    mode:
      m.BOT_MODE === "webhook"
        ? { kind: "webhook", url: m.WEBHOOK_URL, secret: m.WEBHOOK_SECRET, port: m.PORT ?? 8080 }
        : { kind: "polling", port: m.PORT },
    logLevel: c.LOG_LEVEL,
    serviceTimeoutMs: c.SERVICE_TIMEOUT_MS,
    statuses: statuses.statuses,
    mirror: {
      enabled: c.MIRROR === "on",
      syncSeconds: c.MIRROR_SYNC_SECONDS,
      backfillDays: c.MIRROR_BACKFILL_DAYS,
      budget: c.MIRROR_BUDGET,
      reserve: c.MIRROR_RESERVE,
      dataDir: c.DATA_DIR,
    },
    sandboxOthersSeconds: c.SANDBOX_OTHERS_SECONDS,
  };
  return { ok: true, config };
}

const STATUSES_FORMAT =
  'STATUSES must be a list "id:name[:pay|nopay]" separated by ";" (e.g. "1:Новый;7:Выдан:pay") ' +
  'or a JSON array [{"id":"1","name":"Новый","isPayRequired":false}]';

/**
 * STATUSES: the statuses of a service that has no GET /statuses. Either JSON (names
 * with ":" or ";") or the short list `id:name[:pay|nopay]`; without pay/nopay the
 * payment is offered as optional when entering that status.
 */
export function parseStatuses(
  text: string | undefined,
): { ok: true; statuses: ConfiguredStatus[] } | { ok: false; error: string } {
  if (text === undefined) return { ok: true, statuses: [] };
  let entries: ConfiguredStatus[];
  if (text.startsWith("[")) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, error: `${STATUSES_FORMAT}: the JSON does not parse` };
    }
    const parsed = z.array(configuredStatus).min(1).safeParse(json);
    if (!parsed.success)
      return { ok: false, error: `${STATUSES_FORMAT}: every entry needs an id and a name` };
    entries = parsed.data;
  } else {
    entries = [];
    const parts = text
      .split(/[;\n]/)
      .map((part) => part.trim())
      .filter(Boolean);
    for (const [index, part] of parts.entries()) {
      const [id = "", name = "", pay, ...rest] = part.split(":").map((p) => p.trim());
      const payKnown = pay === undefined || pay === "pay" || pay === "nopay";
      if (id === "" || name === "" || !payKnown || rest.length > 0) {
        return { ok: false, error: `${STATUSES_FORMAT}: entry ${index + 1} ("${part}") does not fit` };
      }
      entries.push({ id, name, isPayRequired: pay === undefined ? undefined : pay === "pay" });
    }
  }
  const ids = entries.map((s) => s.id);
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice !== undefined) return { ok: false, error: `STATUSES names the status id "${twice}" twice` };
  return { ok: true, statuses: entries };
}

function messages(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join(".");
    // Our own messages already name the variable; zod's generic ones get the name prefixed.
    return field && !issue.message.includes(field) ? `${field}: ${issue.message}` : issue.message;
  });
}

/** Reads `.env` (when present) into process.env without overriding what is already set, then parses. */
export function loadConfig(envFile = ".env"): ConfigResult {
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return parseConfig(process.env);
}
