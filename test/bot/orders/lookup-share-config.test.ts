/** LOOKUP_SHARE: a percent of the quota window, 25 by default, bad values named clearly. */
import { describe, expect, it } from "vitest";
import { sharePerWindow } from "../../../src/bot/orders/lookup-share.ts";
import { parseConfig } from "../../../src/config/index.ts";

const parse = (env: Record<string, string>) => parseConfig({ BOT_TOKEN: "123456:ABC-def_ghi", ...env });

describe("LOOKUP_SHARE", () => {
  it("is 25% of the window by default: 25 requests of 100", () => {
    const result = parse({});
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.config.lookupShare).toBe(25);
    expect(sharePerWindow(result.config.lookupShare)).toBe(25);
  });

  it.each([
    ["10", 10],
    [" 40% ", 40],
    ["100", 100],
  ])("reads %j as %d percent", (value, percent) => {
    const result = parse({ LOOKUP_SHARE: value });
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.config.lookupShare).toBe(percent);
  });

  it.each([["0"], ["101"], ["2.5"], ["lots"]])("refuses %j with a clear message", (value) => {
    const result = parse({ LOOKUP_SHARE: value });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.join("\n")).toMatch(/LOOKUP_SHARE must be/);
  });

  it("leaves every user at least one request", () => {
    expect(sharePerWindow(1)).toBe(1);
    expect(sharePerWindow(0.1)).toBe(1);
  });
});

describe("WRITE_RESERVE", () => {
  it("follows the writes seen by default, keeping at least 10; the lookup share is a share of what reads may spend", () => {
    const result = parse({});
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.config.writeReserve).toBe("auto");
    expect(result.config.writeReserveFloor).toBe(10);
    expect(sharePerWindow(result.config.lookupShare, 50)).toBe(12);
    expect(sharePerWindow(result.config.lookupShare, 10)).toBe(22);
  });

  it.each([
    ["auto", "auto"],
    [" AUTO ", "auto"],
    ["0", 0],
    [" 30 ", 30],
  ])("reads %j as %j", (value, reserve) => {
    const result = parse({ WRITE_RESERVE: value });
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.config.writeReserve).toBe(reserve);
  });

  it.each([["-1"], ["2.5"], ["half"], ["5000"]])("refuses %j with a clear message", (value) => {
    const result = parse({ WRITE_RESERVE: value });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.join("\n")).toMatch(/WRITE_RESERVE must be/);
  });

  it.each([["-1"], ["many"], ["51"]])("refuses WRITE_RESERVE_MIN %j with a clear message", (value) => {
    const result = parse({ WRITE_RESERVE_MIN: value });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.join("\n")).toMatch(/WRITE_RESERVE_MIN must be/);
  });

  it("a reserve of the whole window still leaves every user one request", () => {
    expect(sharePerWindow(25, 100)).toBe(1);
  });
});
