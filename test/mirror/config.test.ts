/** MIRROR settings: defaults, off, and bad values named clearly. */
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/index.ts";

const TOKEN = "123456:ABC-def_ghi";

const parse = (env: Record<string, string>) => parseConfig({ BOT_TOKEN: TOKEN, ...env });

describe("mirror settings", () => {
  it("are on with documented defaults", () => {
    const result = parse({});
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.config.mirror).toEqual({
      enabled: true,
      syncSeconds: 60,
      backfillDays: 30,
      budget: 40,
      reserve: 0,
      clients: true,
      dataDir: "./data",
    });
    expect(result.config.sandboxOthersSeconds).toBe(120);
  });

  it("MIRROR=off turns it off; values are read in any case and with spaces", () => {
    const result = parse({
      MIRROR: " OFF ",
      MIRROR_SYNC_SECONDS: "5",
      DATA_DIR: "/var/bot",
      SANDBOX_OTHERS_SECONDS: "0",
      MIRROR_CLIENTS: "Off",
    });
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.config.mirror).toMatchObject({
      enabled: false,
      syncSeconds: 5,
      dataDir: "/var/bot",
      clients: false,
    });
    expect(result.config.sandboxOthersSeconds).toBe(0);
  });

  it.each([
    [{ MIRROR: "maybe" }, /MIRROR must be on or off/],
    [{ MIRROR_CLIENTS: "yes" }, /MIRROR_CLIENTS must be on or off/],
    [{ MIRROR_SYNC_SECONDS: "0" }, /MIRROR_SYNC_SECONDS must be a positive integer/],
    [{ MIRROR_BACKFILL_DAYS: "-1" }, /MIRROR_BACKFILL_DAYS must be a positive integer/],
    [{ MIRROR_BUDGET: "lots" }, /MIRROR_BUDGET/],
    [{ MIRROR_RESERVE: "1.5" }, /MIRROR_RESERVE/],
    [{ SANDBOX_OTHERS_SECONDS: "-5" }, /SANDBOX_OTHERS_SECONDS must be 0/],
  ])("%o is refused with its name", (env, message) => {
    const result = parse(env);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.errors.join("\n")).toMatch(message);
  });
});
