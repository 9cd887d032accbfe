import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config.ts";

const TOKEN = "123456:ABC-def_ghi";

function errorsOf(env: Record<string, string>): string[] {
  const result = parseConfig(env);
  return result.ok ? [] : result.errors;
}

describe("configuration", () => {
  it("needs BOT_TOKEN", () => {
    expect(errorsOf({})).toContain("BOT_TOKEN is required");
  });

  it("rejects a token that is not from @BotFather", () => {
    expect(errorsOf({ BOT_TOKEN: "nonsense" }).join()).toMatch(/BOT_TOKEN does not look like a token/);
  });

  it("runs on the sandbox with defaults when only BOT_TOKEN is set", () => {
    const result = parseConfig({ BOT_TOKEN: TOKEN });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.service).toEqual({ kind: "sandbox" });
    expect(result.config.defaultLocale).toBe("ru");
    expect(result.config.timezone).toBe("Europe/Moscow");
    expect(result.config.closingTime).toEqual({ hours: 19, minutes: 0 });
    expect(result.config.storage).toEqual({ kind: "file", dataDir: "./data" });
    expect(result.config.mode).toEqual({ kind: "polling" });
  });

  it("parses id lists and lets the operator role win", () => {
    const result = parseConfig({
      BOT_TOKEN: TOKEN,
      OPERATOR_IDS: "1, 2",
      VIEWER_IDS: "2,3",
      SHOP_IDS: "a,b",
    });
    expect(result.ok && result.config.operatorIds).toEqual([1, 2]);
    expect(result.ok && result.config.viewerIds).toEqual([3]);
    expect(result.ok && result.config.shopIds).toEqual(["a", "b"]);
  });

  it("explains a bad id list", () => {
    expect(errorsOf({ BOT_TOKEN: TOKEN, OPERATOR_IDS: "12,abc" }).join()).toMatch(/OPERATOR_IDS must be/);
  });

  it("needs credentials with SERVICE_URL", () => {
    expect(errorsOf({ BOT_TOKEN: TOKEN, SERVICE_URL: "https://crm.example" })).toContain(
      "SERVICE_URL needs SERVICE_TOKEN, or SERVICE_LOGIN and SERVICE_PASSWORD",
    );
  });

  it("accepts login and password for the service", () => {
    const result = parseConfig({
      BOT_TOKEN: TOKEN,
      SERVICE_URL: "https://crm.example",
      SERVICE_LOGIN: "api",
      SERVICE_PASSWORD: "secret",
    });
    expect(result.ok && result.config.service).toMatchObject({
      kind: "remote",
      auth: { kind: "login", login: "api", password: "secret" },
    });
  });

  it("rejects an unknown time zone, locale, closing time and log level", () => {
    const errors = errorsOf({
      BOT_TOKEN: TOKEN,
      TIMEZONE: "Mars/Olympus",
      DEFAULT_LOCALE: "de",
      CLOSING_TIME: "25:00",
      LOG_LEVEL: "loud",
    }).join("\n");
    expect(errors).toMatch(/TIMEZONE must be an IANA time zone/);
    expect(errors).toMatch(/DEFAULT_LOCALE must be ru or en/);
    expect(errors).toMatch(/CLOSING_TIME must be HH:MM/);
    expect(errors).toMatch(/LOG_LEVEL must be one of/);
  });

  it("needs WEBHOOK_URL and WEBHOOK_SECRET in webhook mode", () => {
    const errors = errorsOf({ BOT_TOKEN: TOKEN, BOT_MODE: "webhook" }).join("\n");
    expect(errors).toMatch(/WEBHOOK_URL is required/);
    expect(errors).toMatch(/WEBHOOK_SECRET is required/);
  });

  it("reads webhook mode with its port", () => {
    const result = parseConfig({
      BOT_TOKEN: TOKEN,
      BOT_MODE: "webhook",
      WEBHOOK_URL: "https://bot.example/tg",
      WEBHOOK_SECRET: "s3cret-s3cret-s3cret",
      PORT: "8443",
    });
    expect(result.ok && result.config.mode).toEqual({
      kind: "webhook",
      url: "https://bot.example/tg",
      secret: "s3cret-s3cret-s3cret",
      port: 8443,
    });
  });

  it("rejects an unknown mode", () => {
    expect(errorsOf({ BOT_TOKEN: TOKEN, BOT_MODE: "carrier-pigeon" }).join()).toMatch(
      /BOT_MODE must be polling or webhook/,
    );
  });

  it("uses Redis when REDIS_URL is set", () => {
    const result = parseConfig({ BOT_TOKEN: TOKEN, REDIS_URL: "redis://127.0.0.1:6379" });
    expect(result.ok && result.config.storage).toEqual({ kind: "redis", url: "redis://127.0.0.1:6379" });
    expect(errorsOf({ BOT_TOKEN: TOKEN, REDIS_URL: "http://x" }).join()).toMatch(/REDIS_URL must start/);
  });
});
