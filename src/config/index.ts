/**
 * The environment of the bot: one zod schema, parsed once at start. `parseConfig`
 * is pure (it takes the env object) so every rule is unit-testable; `loadConfig`
 * adds the `.env` file and the process environment.
 */
import { existsSync } from "node:fs";
import type { z } from "zod";
import { commonSchema, modeSchema } from "./env-schema.ts";
import { parseWarrantyByType, unreadableTermsFiles } from "./paper.ts";
import { paymentsErrors, paymentsOf } from "./payments.ts";
import type { Config, ServiceAuth } from "./schema.ts";
import { parseStatuses } from "./statuses.ts";

export type { ClientsConfig, Config, Locale, PaymentsConfig } from "./schema.ts";

type ConfigResult = { ok: true; config: Config } | { ok: false; errors: string[] };

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
    errors.push(...clientsErrors(c), ...paymentsErrors(c));
    if (c.MINI_APP_URL && !c.MINI_APP_URL.startsWith("https://"))
      errors.push("MINI_APP_URL must be an https:// address: Telegram opens Mini Apps only over HTTPS");
  }
  const statuses = common.success ? parseStatuses(common.data.STATUSES) : { ok: true as const, statuses: [] };
  if (!statuses.ok) errors.push(statuses.error);
  const warranty = parseWarrantyByType(common.success ? common.data.WARRANTY_BY_TYPE : undefined);
  if (!warranty.ok) errors.push(warranty.error);
  if (errors.length > 0 || !common.success || !mode.success || !statuses.ok || !warranty.ok)
    return { ok: false, errors };

  const c = common.data;
  const m = mode.data;
  const [hours = 19, minutes = 0] = c.CLOSING_TIME.split(":").map(Number);
  const [digestHours = 9, digestMinutes = 0] = c.DIGEST_TIME.split(":").map(Number);
  const [reportHours = 20, reportMinutes = 0] = c.REPORT_TIME.split(":").map(Number);
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
    ownerIds: [...new Set(c.OWNER_IDS)],
    // An id in two lists has the wider role (decisions.md: owner, operator, viewer).
    operatorIds: [...new Set(c.OPERATOR_IDS)].filter((id) => !c.OWNER_IDS.includes(id)),
    viewerIds: [...new Set(c.VIEWER_IDS)].filter(
      (id) => !c.OPERATOR_IDS.includes(id) && !c.OWNER_IDS.includes(id),
    ),
    shopIds: c.SHOP_IDS,
    defaultLocale: c.DEFAULT_LOCALE,
    timezone: c.TIMEZONE,
    closingTime: { hours, minutes },
    digestTime: { hours: digestHours, minutes: digestMinutes },
    reportTime: { hours: reportHours, minutes: reportMinutes },
    photoComment: c.PHOTO_COMMENT === "on",
    stuckDays: c.STUCK_DAYS,
    phoneCountry: c.PHONE_COUNTRY,
    groupPhones: c.GROUP_PHONES === "on",
    serviceWebhookSecret: c.SERVICE_WEBHOOK_SECRET,
    metricsToken: c.METRICS_TOKEN,
    miniApp: c.MINI_APP_URL ? { url: c.MINI_APP_URL, maxAgeSeconds: c.MINI_APP_MAX_AGE } : undefined,
    storage: c.REDIS_URL
      ? { kind: "redis", url: c.REDIS_URL, timeoutMs: c.REDIS_TIMEOUT_MS }
      : { kind: "file", dataDir: c.DATA_DIR },
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
      clients: c.MIRROR_CLIENTS === "on",
      dataDir: c.DATA_DIR,
    },
    returnStatuses: c.CLIENT_RETURN_STATUSES,
    clients: {
      enabled: c.CLIENTS === "on",
      approval:
        c.CLIENT_APPROVAL_STATUS && c.CLIENT_APPROVED_STATUS && c.CLIENT_DECLINED_STATUS
          ? {
              waiting: c.CLIENT_APPROVAL_STATUS,
              approved: c.CLIENT_APPROVED_STATUS,
              declined: c.CLIENT_DECLINED_STATUS,
            }
          : undefined,
      allStatuses: c.CLIENT_ALL_STATUSES === "on",
      ratePerMinute: c.CLIENT_RATE_PER_MINUTE,
      inboxChat: c.CLIENT_INBOX_CHAT,
      replySigned: c.CLIENT_REPLY_SIGNED === "on",
      chatComments: c.CLIENT_CHAT_COMMENTS === "on",
      commentsPerHour: c.CLIENT_CHAT_COMMENTS_PER_HOUR,
      reviewAfterMs: c.REVIEW_AFTER,
      reviewUrl: c.REVIEW_URL,
    },
    payments: paymentsOf(c),
    lookupShare: c.LOOKUP_SHARE,
    writeReserve: c.WRITE_RESERVE,
    writeReserveFloor: c.WRITE_RESERVE_MIN,
    paper: {
      format: c.PAPER_FORMAT,
      locale: c.DOCUMENT_LOCALE,
      phone: c.SHOP_PHONE,
      hours: c.SHOP_HOURS,
      legalName: c.SHOP_LEGAL_NAME,
      taxId: c.SHOP_TAX_ID,
      copies: c.PAPER_COPIES,
      terms: {
        ru: { text: c.REPAIR_TERMS_RU, file: c.REPAIR_TERMS_RU_FILE },
        en: { text: c.REPAIR_TERMS_EN, file: c.REPAIR_TERMS_EN_FILE },
      },
      warrantyDays: c.WARRANTY_DAYS,
      warrantyByType: warranty.days,
    },
    sandboxOthersSeconds: c.SANDBOX_OTHERS_SECONDS,
  };
  return { ok: true, config };
}

/** The client's side reads the mirror only (0 requests), and its approval needs all three statuses. */
function clientsErrors(c: z.output<typeof commonSchema>): string[] {
  const errors: string[] = [];
  if (c.CLIENTS === "on" && c.MIRROR === "off")
    errors.push("CLIENTS=on needs the order mirror: set MIRROR=on (or CLIENTS=off)");
  const approval = [c.CLIENT_APPROVAL_STATUS, c.CLIENT_APPROVED_STATUS, c.CLIENT_DECLINED_STATUS];
  if (approval.some(Boolean) && !approval.every(Boolean))
    errors.push(
      "CLIENT_APPROVAL_STATUS, CLIENT_APPROVED_STATUS and CLIENT_DECLINED_STATUS are set together (or none of them)",
    );
  return errors;
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
  const result = parseConfig(process.env);
  if (!result.ok) return result;
  const unreadable = unreadableTermsFiles(result.config.paper);
  return unreadable.length > 0 ? { ok: false, errors: unreadable } : result;
}
