/** The reviews' settings: off by default, durations read, bad values named clearly. */
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../../../src/config/index.ts";

const parse = (env: Record<string, string>) =>
  parseConfig({ BOT_TOKEN: "123456:ABC-def_ghi", CLIENTS: "on", ...env });

const HOUR = 60 * 60 * 1000;

describe("the reviews' settings", () => {
  it("default to no review asked and no review page", () => {
    const result = parse({});
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.config.clients?.reviewAfterMs).toBeUndefined();
    expect(result.config.clients?.reviewUrl).toBeUndefined();
  });

  it.each([
    ["24h", 24 * HOUR],
    ["1d", 24 * HOUR],
    [" 1D12H ", 36 * HOUR],
    ["90m", 1.5 * HOUR],
  ])("REVIEW_AFTER=%s is %d ms", (value, ms) => {
    const result = parse({ REVIEW_AFTER: value, REVIEW_URL: "https://yandex.ru/maps/org/123/reviews/" });
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.config.clients?.reviewAfterMs).toBe(ms);
    expect(result.config.clients?.reviewUrl).toBe("https://yandex.ru/maps/org/123/reviews/");
  });

  it.each(["off", "OFF", ""])("REVIEW_AFTER=%j is off", (value) => {
    const result = parse({ REVIEW_AFTER: value });
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.config.clients?.reviewAfterMs).toBeUndefined();
  });

  it.each([
    [{ REVIEW_AFTER: "24" }, /REVIEW_AFTER must be a duration such as 24h, 1d or 90m/],
    [{ REVIEW_AFTER: "a day" }, /REVIEW_AFTER must be a duration/],
    [{ REVIEW_AFTER: "0h" }, /REVIEW_AFTER must be longer than 0/],
    [{ REVIEW_URL: "maps.example.com" }, /REVIEW_URL must be an http\(s\) URL/],
  ])("%j is refused with one clear line", (env, message) => {
    const result = parse(env);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.join("\n")).toMatch(message);
  });
});
