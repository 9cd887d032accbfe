import { describe, expect, it } from "vitest";
import { createLiveness, POLLING_STALE_AFTER_MS, watchGetUpdates } from "../../../src/bot/http/health.ts";

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("liveness for /health", () => {
  it("polling: live while getUpdates succeeds, 503 once it has not for too long", () => {
    const time = clock();
    const live = createLiveness({ mode: "polling", now: time.now });
    expect(live.report().ok).toBe(true);
    time.advance(POLLING_STALE_AFTER_MS + 1);
    // Never got going: the time since start counts.
    expect(live.report()).toMatchObject({
      ok: false,
      body: { ok: false, telegram: { lastUpdatesAgoS: null } },
    });
    live.updatesArrived();
    time.advance(30_000);
    expect(live.report()).toMatchObject({ ok: true, body: { telegram: { lastUpdatesAgoS: 30 } } });
    time.advance(POLLING_STALE_AFTER_MS);
    expect(live.report().ok).toBe(false);
  });

  it("webhook: live whatever the time since the last update (Telegram may have nothing to send)", () => {
    const time = clock();
    const live = createLiveness({ mode: "webhook", now: time.now });
    time.advance(POLLING_STALE_AFTER_MS * 10);
    expect(live.report()).toMatchObject({
      ok: true,
      body: { mode: "webhook", telegram: { lastUpdatesAgoS: null } },
    });
  });

  it("reports whether the service answered its last request, without judging the bot by it", () => {
    const time = clock();
    const live = createLiveness({ mode: "polling", now: time.now });
    live.updatesArrived();
    expect(live.report().body.service).toEqual({
      lastAnswerAgoS: null,
      lastFailureAgoS: null,
      answering: null,
    });
    live.serviceExchange(true);
    time.advance(5_000);
    expect(live.report().body.service).toEqual({ lastAnswerAgoS: 5, lastFailureAgoS: null, answering: true });
    live.serviceExchange(false);
    time.advance(2_000);
    expect(live.report()).toMatchObject({
      ok: true,
      body: { service: { lastAnswerAgoS: 7, lastFailureAgoS: 2, answering: false } },
    });
  });

  it("counts only successful getUpdates calls", async () => {
    const time = clock();
    const live = createLiveness({ mode: "polling", now: time.now });
    const transformer = watchGetUpdates(live);
    const answer = (ok: boolean) => async () =>
      ok
        ? { ok: true as const, result: [] }
        : { ok: false as const, error_code: 502, description: "Bad Gateway" };
    time.advance(POLLING_STALE_AFTER_MS + 1);
    // biome-ignore lint/suspicious/noExplicitAny: the transformer's generic payload type is irrelevant here
    const call = (ok: boolean, method: string) => transformer(answer(ok) as any, method as any, {} as any);
    await call(false, "getUpdates");
    await call(true, "sendMessage");
    expect(live.report().ok).toBe(false);
    await call(true, "getUpdates");
    expect(live.report().ok).toBe(true);
  });
});
