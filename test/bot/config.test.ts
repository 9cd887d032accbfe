import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/index.ts";

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

  it("serves /health in polling mode only on a PORT that is set, and checks it", () => {
    const withPort = parseConfig({ BOT_TOKEN: TOKEN, PORT: "9000" });
    expect(withPort.ok && withPort.config.mode).toEqual({ kind: "polling", port: 9000 });
    expect(errorsOf({ BOT_TOKEN: TOKEN, PORT: "http" }).join()).toMatch(/PORT must be a number/);
    expect(errorsOf({ BOT_TOKEN: TOKEN, PORT: "70000" }).join()).toMatch(/PORT must be between 0 and 65535/);
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

  it("gives an id listed as owner and elsewhere the owner role only", () => {
    const result = parseConfig({ BOT_TOKEN: TOKEN, OWNER_IDS: "7", OPERATOR_IDS: "7, 1", VIEWER_IDS: "7,3" });
    expect(result.ok && result.config.ownerIds).toEqual([7]);
    expect(result.ok && result.config.operatorIds).toEqual([1]);
    expect(result.ok && result.config.viewerIds).toEqual([3]);
    expect(errorsOf({ BOT_TOKEN: TOKEN, OWNER_IDS: "x" }).join()).toMatch(/OWNER_IDS must be/);
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
    expect(result.ok && result.config.storage).toEqual({
      kind: "redis",
      url: "redis://127.0.0.1:6379",
      timeoutMs: 2000,
    });
    expect(errorsOf({ BOT_TOKEN: TOKEN, REDIS_URL: "http://x" }).join()).toMatch(/REDIS_URL must start/);
    const quick = parseConfig({ BOT_TOKEN: TOKEN, REDIS_URL: "redis://r:6379", REDIS_TIMEOUT_MS: "500" });
    expect(quick.ok && quick.config.storage).toMatchObject({ timeoutMs: 500 });
    expect(errorsOf({ BOT_TOKEN: TOKEN, REDIS_URL: "redis://r", REDIS_TIMEOUT_MS: "soon" }).join()).toMatch(
      /REDIS_TIMEOUT_MS/,
    );
  });
});

describe("STATUSES", () => {
  const statusesOf = (STATUSES: string) => {
    const result = parseConfig({ BOT_TOKEN: TOKEN, STATUSES });
    return result.ok ? result.config.statuses : result.errors;
  };

  it("is empty when not set", () => {
    const result = parseConfig({ BOT_TOKEN: TOKEN });
    expect(result.ok && result.config.statuses).toEqual([]);
  });

  it("reads the short list id:name[:pay|nopay], separated by ; or new lines", () => {
    expect(statusesOf("1:Новый; 4:В работе:nopay\n10:Выдан:pay")).toEqual([
      { id: "1", name: "Новый" },
      { id: "4", name: "В работе", isPayRequired: false },
      { id: "10", name: "Выдан", isPayRequired: true },
    ]);
  });

  it("reads JSON for names with colons or semicolons", () => {
    expect(
      statusesOf(
        '[{"id":5,"name":"Согласовано: предоплата","isPayRequired":true},{"id":"1","name":"Новый"}]',
      ),
    ).toEqual([
      { id: "5", name: "Согласовано: предоплата", isPayRequired: true },
      { id: "1", name: "Новый" },
    ]);
  });

  it("refuses a wrong entry, broken JSON and a repeated id with a clear message", () => {
    expect(String(statusesOf("1:Новый;Выдан"))).toMatch(/STATUSES must be a list .*entry 2 \("Выдан"\)/);
    expect(String(statusesOf("1:Новый:maybe"))).toMatch(/entry 1/);
    expect(String(statusesOf("[{"))).toMatch(/JSON does not parse/);
    expect(String(statusesOf('[{"id":"1"}]'))).toMatch(/needs an id and a name/);
    expect(String(statusesOf("1:Новый;1:Старый"))).toMatch(/id "1" twice/);
  });
});
