/**
 * Faults: the sandbox answers 20% of calls with 5xx, holds 5% without an
 * answer, adds latency, expires every token mid-run and spends the quota with
 * a 429 burst; Telegram answers some calls with 429 retry_after or 5xx. Every
 * user action still gets an answer (a result or a clear message), the process
 * never dies, nothing is created twice, and every dialog can be finished once
 * the faults stop.
 */
import { describe, expect, it } from "vitest";
import { serverError, tooManyRequests } from "./fake-telegram/errors.ts";
import { OPERATOR, SECOND_OPERATOR, useStack, VIEWER } from "./harness/stack.ts";
import { changeStatusScript } from "./scenarios/change-status.ts";
import { createOrderScript } from "./scenarios/create-order.ts";
import { nextMove, walk } from "./scenarios/walker.ts";

const stack = useStack({
  controllableSandbox: true,
  // A short quota window: the 429 burst blocks the bot for ~2 s, not 15 minutes.
  sandboxArgs: ["--quota", "100000", "--window", "2"],
  // A timed-out GET waits the whole timeout before its retry; 1.5 s keeps 5% timeouts cheap.
  // Debug logs: every service call with its duration, printed with the Telegram calls on a failure.
  botEnv: { SERVICE_TIMEOUT_MS: "1500", LOG_LEVEL: "debug" },
});

/** A result, or a message that tells the user what happened and what to do. */
const CLEAR_ANSWER = /<b>Order А\d|Found \d+ orders|📡|⏳/;
const NOT_CLEAR = /Sorry, something went wrong|🔐|cannot log in/;

// Where the time went before (>100 s, now ~15 s): every dialog step replayed the Telegram retries of
// all earlier steps (auto-retry sat above the conversation's replay log, see src/bot/telegram/api.ts).
describe("under service and Telegram faults", () => {
  it("answers every action, creates nothing twice and finishes every dialog after the faults stop", async () => {
    const { telegram, sandbox, api, bot } = stack();
    const before = await api.orderCount();
    await sandbox.control({ faults: "error=0.2,timeout=0.05,latency=20-80" });
    telegram.state.faults.failRandomly({
      rate: 0.04,
      failures: [tooManyRequests(1), serverError(502), serverError(500)],
    });

    const viewer = telegram.user(VIEWER);
    const lookups = (async () => {
      for (let i = 0; i < 4; i++) {
        if (i === 1) await sandbox.control({ expireTokens: true });
        if (i === 2) await sandbox.control({ burst429: 3 });
        const answer = await viewer.say(i % 2 === 0 ? "1042" : "/order А00104");
        expect(answer.text).toMatch(CLEAR_ANSWER);
        expect(answer.text).not.toMatch(NOT_CLEAR);
        const inline = await viewer.inline(`10${40 + i}`);
        expect(inline.results.length > 0 || inline.button !== undefined).toBe(true);
      }
    })();
    const first = createOrderScript({
      client: "Сбоев Андрей",
      phone: "+79002220001",
      problem: "Faults: full",
    });
    const second = createOrderScript({
      client: "Сбоева Анна",
      phone: "+79002220002",
      problem: "Faults: half",
    });
    const status = changeStatusScript(1042, {
      status: /^Согласовано, предоплата/,
      cash: "100",
      bank: "200",
      note: "faults",
    });
    const op = telegram.user(OPERATOR);
    const other = telegram.user(SECOND_OPERATOR);
    const full = walk(op, first, first.start);
    const half = walk(other, second, second.start, { stopAt: /Check the order/ });
    const [, , stopped] = await Promise.all([lookups, full, half]);

    await sandbox.control({ clear: true });
    telegram.state.faults.clear();
    const move = nextMove(second, stopped.last)?.move ?? second.start;
    expect((await walk(other, second, move)).last.text).toContain("Order created");
    expect((await walk(op, status, status.start)).last.text).toContain("Status changed");

    expect(telegram.state.faults.injected).toBeGreaterThan(0);
    expect(await api.orderCount()).toBe(before + 2);
    for (const client of ["Сбоев Андрей", "Сбоева Анна"]) {
      expect((await api.orders({ filter: client })).total).toBe(1);
    }
    const [order] = (await api.orders({ num: "1042" })).data;
    expect(order?.status?.name).toBe("Согласовано, предоплата");

    // Every button press and inline query was answered; no message was an apology or a login failure.
    expect([...telegram.state.openCallbacks]).toEqual([]);
    expect([...telegram.state.openInlineQueries]).toEqual([]);
    const unclear = telegram.state.chats.outputs.filter((o) => NOT_CLEAR.test(o.text));
    expect(unclear.map((o) => o.text)).toEqual([]);
    // The process lived through it: no death, no unhandled rejection or exception, no failed update.
    expect(bot.runs).toHaveLength(1);
    expect(bot.runs.at(-1)?.exit).toBeUndefined();
    expect(bot.unexpectedExits()).toEqual([]);
    expect(bot.crashes()).toEqual([]);
    expect(bot.errors()).toEqual([]);
    // The service faults reached the bot: retried 5xx and timeouts, the quota burst, a new token.
    const log = bot.current.lines.map((l) => l.text);
    expect(log.some((l) => l.includes('"msg":"service retry"'))).toBe(true);
    expect(log.some((l) => l.includes('"kind":"quota"'))).toBe(true);
    const logins = log.filter((l) => l.includes('"method":"POST","path":"/auth","status":200'));
    expect(logins.length).toBeGreaterThanOrEqual(2);
  });
});
