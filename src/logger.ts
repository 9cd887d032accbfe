/**
 * pino with secrets redacted. Every path below may carry a token, a password or
 * an Authorization header; they never reach a log line.
 */
import { type DestinationStream, type Logger, type LoggerOptions, pino } from "pino";

export type { Logger } from "pino";

export const REDACTED_PATHS = [
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
];

export function createLogger(
  options: { level?: string; name?: string } = {},
  destination?: DestinationStream,
): Logger {
  const pinoOptions: LoggerOptions = {
    level: options.level ?? "info",
    name: options.name ?? "bot",
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
  };
  return destination ? pino(pinoOptions, destination) : pino(pinoOptions);
}

/** A bot token inside a URL (https://api.telegram.org/bot<token>/...) must not leak through error messages. */
export function redactBotToken(text: string): string {
  return text.replace(/bot\d+:[\w-]+/g, "bot[redacted]");
}
