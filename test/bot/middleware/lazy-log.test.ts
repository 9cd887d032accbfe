import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { lazyLog } from "../../../src/bot/middleware/lazy-log.ts";
import type { Logger } from "../../../src/logger.ts";

describe("lazyLog", () => {
  it("makes the update's logger on first use, once", () => {
    let made = 0;
    const ctx = {} as { log: Logger };
    lazyLog(ctx, () => {
      made++;
      return pino({ level: "silent" });
    });
    expect(made).toBe(0);
    const first = ctx.log;
    expect(ctx.log).toBe(first);
    expect(made).toBe(1);
  });

  it("keeps a logger set in its place, unmade", () => {
    let made = 0;
    const ctx = {} as { log: Logger };
    lazyLog(ctx, () => {
      made++;
      return pino({ level: "silent" });
    });
    const own = pino({ level: "silent" });
    ctx.log = own;
    expect(ctx.log).toBe(own);
    expect(made).toBe(0);
  });
});
