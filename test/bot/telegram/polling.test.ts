import { Bot } from "grammy";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { startPolling } from "../../../src/bot/telegram/polling.ts";
import { type FakeTelegram, startFakeTelegram } from "../../e2e/fake-telegram/server.ts";

const TOKEN = "123456:polling-test-token";
const CONFLICT = {
  error_code: 409,
  description:
    "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
};

/** A logger that keeps what it wrote, to count the warnings. */
function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe("long polling against Telegram's refusals", () => {
  let telegram: FakeTelegram;
  const stops: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
    await telegram?.close();
  });

  async function pollingBot(onFatal: (error: unknown) => void = () => {}) {
    telegram = await startFakeTelegram({ token: TOKEN });
    const bot = new Bot(TOKEN, { client: { apiRoot: telegram.apiRoot } });
    bot.on("message:text", (ctx) => ctx.reply(`got ${ctx.message.text}`));
    const { logger, lines } = recordingLogger();
    const runner = startPolling(bot, { logger, allowedUpdates: ["message"], retryMs: 20, onFatal });
    stops.push(async () => {
      if (runner.isRunning()) await runner.stop();
    });
    return { runner, lines };
  }

  it("keeps polling after 409 conflicts (a killed instance's long poll) and logs the outage once", async () => {
    const fatal: unknown[] = [];
    const { runner, lines } = await pollingBot((error) => fatal.push(error));
    telegram.state.faults.failNext("getUpdates", CONFLICT, 3);

    const reply = await telegram.user(1001).say("1042");

    expect(reply.text).toBe("got 1042");
    expect(telegram.callsOf("getUpdates").filter((c) => c.status === 409)).toHaveLength(3);
    expect(lines.filter((l) => l.msg.startsWith("getUpdates failed"))).toHaveLength(1);
    expect(fatal).toEqual([]);
    expect(runner.isRunning()).toBe(true);
  });

  it("keeps polling after a server error and answers the next message", async () => {
    const { runner } = await pollingBot();
    telegram.state.faults.failNext("getUpdates", { error_code: 502, description: "Bad Gateway" }, 2);

    expect((await telegram.user(1001).say("first")).text).toBe("got first");
    expect((await telegram.user(1001).say("second")).text).toBe("got second");
    expect(runner.isRunning()).toBe(true);
  });

  it("hands a refused token (401) to onFatal instead of an unhandled rejection", async () => {
    const fatal: unknown[] = [];
    await pollingBot((error) => fatal.push(error));
    telegram.state.faults.failNext("getUpdates", { error_code: 401, description: "Unauthorized" });

    await expect.poll(() => fatal.length).toBe(1);
    expect(String(fatal[0])).toContain("Unauthorized");
  });

  it("stops cleanly while waiting to ask again", async () => {
    const { runner } = await pollingBot();
    telegram.state.faults.failNext("getUpdates", CONFLICT, 1000);
    await expect.poll(() => telegram.callsOf("getUpdates").length).toBeGreaterThan(1);

    await runner.stop();

    expect(runner.isRunning()).toBe(false);
  });
});
