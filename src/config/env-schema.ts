/** The environment as the bot reads it: every variable, its default and its message when wrong. */
import { isSupportedCountry } from "libphonenumber-js/max";
import { z } from "zod";
import {
  idList,
  nameList,
  optionalDuration,
  optionalText,
  optionalUrl,
  port,
  positiveInt,
  stringList,
  timezone,
  url,
} from "./fields.ts";
import { paymentEnv } from "./payments.ts";
import { ARRAY_FORMATS, LOCALES, LOG_LEVELS, PAPER_FORMATS } from "./schema.ts";

export const commonSchema = z.object({
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
  METRICS_TOKEN: optionalText,
  /** The Mini App's public HTTPS address (a reverse proxy to PORT's /mini-app/); absent: no Mini App. */
  MINI_APP_URL: optionalUrl("MINI_APP_URL"),
  /** How old (seconds) a Mini App's initData may be: Telegram Desktop hands out old auth_dates. */
  MINI_APP_MAX_AGE: positiveInt("MINI_APP_MAX_AGE", 86_400),
  SERVICE_LOGIN: optionalText,
  SERVICE_PASSWORD: optionalText,
  SERVICE_ARRAY_FORMAT: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(ARRAY_FORMATS, { error: "SERVICE_ARRAY_FORMAT must be comma, brackets or repeat" }).optional(),
  ),
  SERVICE_TIMEOUT_MS: positiveInt("SERVICE_TIMEOUT_MS", 10_000),
  OWNER_IDS: idList("OWNER_IDS"),
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
  REPORT_TIME: z.preprocess(
    (v) => (v === "" || v === undefined ? "20:00" : v),
    z.string().regex(/^([01]?\d|2[0-3]):[0-5]\d$/, { message: "REPORT_TIME must be HH:MM, e.g. 20:00" }),
  ),
  DATA_DIR: z.preprocess((v) => (v === "" || v === undefined ? "./data" : v), z.string()),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .refine((s) => /^rediss?:\/\//.test(s), { message: "REDIS_URL must start with redis:// or rediss://" })
      .optional(),
  ),
  REDIS_TIMEOUT_MS: positiveInt("REDIS_TIMEOUT_MS", 2000),
  STATUSES: optionalText,
  MIRROR: z.preprocess(
    (v) => (v === "" || v === undefined ? "on" : String(v).trim().toLowerCase()),
    z.enum(["on", "off"], { error: "MIRROR must be on or off" }),
  ),
  /** on: a photo kept for an order also adds a comment saying so (1 request each). */
  PHOTO_COMMENT: z.preprocess(
    (v) => (v === "" || v === undefined ? "off" : String(v).trim().toLowerCase()),
    z.enum(["on", "off"], { error: "PHOTO_COMMENT must be on or off" }),
  ),
  /** The shop's country (ISO 3166 two letters): typed phones are read as its numbers (8 as Russia's trunk prefix). */
  PHONE_COUNTRY: z.preprocess(
    (v) => (v === "" || v === undefined ? "RU" : String(v).trim().toUpperCase()),
    z.string().refine((code) => isSupportedCountry(code), {
      message: "PHONE_COUNTRY must be a two-letter country code, e.g. RU",
    }),
  ),
  /** An open order with no change for this many days is "stuck" (the digest, /overdue). */
  STUCK_DAYS: positiveInt("STUCK_DAYS", 3),
  /** on: cards in group chats show the client's phones. */
  GROUP_PHONES: z.preprocess(
    (v) => (v === "" || v === undefined ? "off" : String(v).trim().toLowerCase()),
    z.enum(["on", "off"], { error: "GROUP_PHONES must be on or off" }),
  ),
  /** on: people who are not staff reach the client's side (their orders by their phone, approvals); needs the mirror. */
  CLIENTS: z.preprocess(
    (v) => (v === "" || v === undefined ? "off" : String(v).trim().toLowerCase()),
    z.enum(["on", "off"], { error: "CLIENTS must be on or off" }),
  ),
  CLIENT_APPROVAL_STATUS: optionalText,
  CLIENT_APPROVED_STATUS: optionalText,
  CLIENT_DECLINED_STATUS: optionalText,
  /** Closed (or ready) statuses that mean "returned without repair", by id or name, comma-separated. */
  CLIENT_RETURN_STATUSES: nameList,
  /** on: a linked client is told of every status change of their orders, not only ready and approval. */
  CLIENT_ALL_STATUSES: z.preprocess(
    (v) => (v === "" || v === undefined ? "off" : String(v).trim().toLowerCase()),
    z.enum(["on", "off"], { error: "CLIENT_ALL_STATUSES must be on or off" }),
  ),
  CLIENT_RATE_PER_MINUTE: positiveInt("CLIENT_RATE_PER_MINUTE", 12),
  /** The staff group (or a forum supergroup: a topic per client) linked clients' messages go to; else managers, owners. */
  CLIENT_INBOX_CHAT: z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : String(v).trim()),
    z
      .string()
      .regex(/^-?\d{1,16}$/, { message: "CLIENT_INBOX_CHAT must be a chat id, e.g. -1001234567890" })
      .transform(Number)
      .optional(),
  ),
  /** on: a staff answer to a client is signed with the replier's first name. */
  CLIENT_REPLY_SIGNED: z.preprocess(
    (v) => (v === "" || v === undefined ? "off" : String(v).trim().toLowerCase()),
    z.enum(["on", "off"], { error: "CLIENT_REPLY_SIGNED must be on or off" }),
  ),
  /** on: each message between a client and the shop is also the order's comment (1 PATCH each). */
  CLIENT_CHAT_COMMENTS: z.preprocess(
    (v) => (v === "" || v === undefined ? "off" : String(v).trim().toLowerCase()),
    z.enum(["on", "off"], { error: "CLIENT_CHAT_COMMENTS must be on or off" }),
  ),
  CLIENT_CHAT_COMMENTS_PER_HOUR: positiveInt("CLIENT_CHAT_COMMENTS_PER_HOUR", 10),
  /** How long after the hand-over a linked client is asked for a review (off: never). */
  REVIEW_AFTER: optionalDuration("REVIEW_AFTER"),
  /** The shop's review page (maps): offered to a client who gave 4 or 5 stars. */
  REVIEW_URL: optionalUrl("REVIEW_URL"),
  /** Payments in the chat (config/payments.ts). */
  ...paymentEnv,
  /** Paper (receipt, act): the page size, the documents' language, the shop's details and terms. */
  PAPER_FORMAT: z.preprocess(
    (v) => (v === "" || v === undefined ? "a4" : String(v).trim().toLowerCase()),
    z.enum(PAPER_FORMATS, { error: "PAPER_FORMAT must be a4, 80mm or both" }),
  ),
  DOCUMENT_LOCALE: z.preprocess(
    (v) => (v === "" || v === undefined ? "ru" : String(v).trim().toLowerCase()),
    z.enum(LOCALES, { error: "DOCUMENT_LOCALE must be ru or en" }),
  ),
  SHOP_PHONE: optionalText,
  SHOP_HOURS: optionalText,
  /** The shop's legal name and tax number (ИНН), printed on the receipt and the act when set. */
  SHOP_LEGAL_NAME: optionalText,
  SHOP_TAX_ID: optionalText,
  /** 2: the A4 receipt holds two copies (the client's and the shop's) with a cut line between. */
  PAPER_COPIES: z.preprocess(
    (v) => (v === undefined || v === "" ? 1 : Number(String(v).trim())),
    z.union([z.literal(1), z.literal(2)], { error: "PAPER_COPIES must be 1 or 2" }),
  ),
  REPAIR_TERMS_RU: optionalText,
  REPAIR_TERMS_EN: optionalText,
  REPAIR_TERMS_RU_FILE: optionalText,
  REPAIR_TERMS_EN_FILE: optionalText,
  WARRANTY_DAYS: z.preprocess(
    (v) => (v === undefined || v === "" ? 30 : Number(v)),
    z
      .number({ error: "WARRANTY_DAYS must be a number" })
      .int({ message: "WARRANTY_DAYS must be a whole number of days" })
      .nonnegative({ message: "WARRANTY_DAYS must be 0 (no warranty) or a number of days" }),
  ),
  WARRANTY_BY_TYPE: optionalText,
  MIRROR_SYNC_SECONDS: positiveInt("MIRROR_SYNC_SECONDS", 60),
  MIRROR_BACKFILL_DAYS: positiveInt("MIRROR_BACKFILL_DAYS", 30),
  MIRROR_BUDGET: positiveInt("MIRROR_BUDGET", 40),
  /** Requests above the write reserve the sync leaves unspent for users' reads (0: its share is all it holds back). */
  MIRROR_RESERVE: z.preprocess(
    (v) => (v === undefined || v === "" ? 0 : Number(String(v).trim())),
    z
      .number({ error: "MIRROR_RESERVE must be a number" })
      .int({ message: "MIRROR_RESERVE must be a whole number of requests" })
      .min(0, { message: "MIRROR_RESERVE must be 0 or more requests" }),
  ),
  /** on: the mirror keeps the company's clients too (GET /counteragents within its budget). */
  MIRROR_CLIENTS: z.preprocess(
    (v) => (v === "" || v === undefined ? "on" : String(v).trim().toLowerCase()),
    z.enum(["on", "off"], { error: "MIRROR_CLIENTS must be on or off" }),
  ),
  LOOKUP_SHARE: z.preprocess(
    (v) => (v === undefined || v === "" ? 25 : Number(String(v).trim().replace(/%$/, ""))),
    z
      .number({ error: "LOOKUP_SHARE must be a number" })
      .int({ message: "LOOKUP_SHARE must be a whole percent" })
      .min(1, { message: "LOOKUP_SHARE must be a percent from 1 to 100" })
      .max(100, { message: "LOOKUP_SHARE must be a percent from 1 to 100" }),
  ),
  /**
   * The last requests of each quota window kept for writes: no read, refresh, /cash, report or sync
   * spends them. Unset (or `auto`): twice the most writes of a recent window, at least WRITE_RESERVE_MIN;
   * a number fixes it (0: none).
   */
  WRITE_RESERVE: z.preprocess(
    (v) => {
      const text = v === undefined ? "" : String(v).trim().toLowerCase();
      return text === "" || text === "auto" ? "auto" : Number(text);
    },
    z.union(
      [
        z.literal("auto"),
        z
          .number({ error: "WRITE_RESERVE must be auto or a number" })
          .int({ message: "WRITE_RESERVE must be a whole number of requests" })
          .min(0, { message: "WRITE_RESERVE must be 0 (off) or more requests" })
          .max(1000, { message: "WRITE_RESERVE must be at most 1000 requests" }),
      ],
      { error: "WRITE_RESERVE must be auto or a whole number of requests from 0 (off) to 1000" },
    ),
  ),
  /** With WRITE_RESERVE auto: the least it keeps, for the first writes of a quiet window. */
  WRITE_RESERVE_MIN: z.preprocess(
    (v) => (v === undefined || v === "" ? 10 : Number(String(v).trim())),
    z
      .number({ error: "WRITE_RESERVE_MIN must be a number" })
      .int({ message: "WRITE_RESERVE_MIN must be a whole number of requests" })
      .min(0, { message: "WRITE_RESERVE_MIN must be 0 or more requests" })
      .max(50, { message: "WRITE_RESERVE_MIN must be at most 50 requests (half the quota)" }),
  ),
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

export const modeSchema = z.discriminatedUnion(
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
