/**
 * pino with secrets redacted. Every path below may carry a token, a password or
 * an Authorization header; they never reach a log line.
 */
import { type DestinationStream, type Logger, type LoggerOptions, pino } from "pino";

export type { Logger } from "pino";

const REDACTED_PATHS = [
  "token",
  "*.token",
  "botToken",
  "*.botToken",
  "password",
  "*.password",
  "secret",
  "*.secret",
  "authorization",
  "Authorization",
  "*.authorization",
  "*.Authorization",
  "headers.authorization",
  "headers.Authorization",
  "*.headers.authorization",
  "*.headers.Authorization",
  'headers["x-telegram-bot-api-secret-token"]',
  "config.botToken",
  "config.service.auth.token",
  "config.service.auth.password",
  "config.mode.secret",
  "serviceWebhookSecret",
  "*.serviceWebhookSecret",
  "config.serviceWebhookSecret",
  'headers["x-bot-secret"]',
  '*.headers["x-bot-secret"]',
];

export function createLogger(
  options: { level?: string; name?: string } = {},
  destination?: DestinationStream,
): Logger {
  const pinoOptions: LoggerOptions = {
    level: options.level ?? "info",
    name: options.name ?? "bot",
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    // An error may carry the request URL with the bot token deep inside (grammY's HttpError keeps
    // node-fetch's FetchError, "request to .../bot<token>/method failed", under `error`).
    serializers: { err: redactedError, error: redactedError },
  };
  return destination ? pino(pinoOptions, destination) : pino(pinoOptions);
}

/** pino's error serializer, then every string in what it gives (message, stack, nested causes) redacted. */
function redactedError(value: unknown): unknown {
  return redactStrings(pino.stdSerializers.err(value as Error), new Set());
}

function redactStrings(value: unknown, seen: Set<object>): unknown {
  if (typeof value === "string") return redactBotToken(value);
  if (typeof value !== "object" || value === null || seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redactStrings(item, seen));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactStrings(item, seen)]));
}

/** A bot token inside a URL (https://api.telegram.org/bot<token>/...) must not leak through error messages. */
export function redactBotToken(text: string): string {
  return text.replace(/bot\d+:[\w-]+/g, "bot[redacted]");
}
