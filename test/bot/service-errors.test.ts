import { afterEach, describe, expect, it } from "vitest";
import { KNOWN_NUM, type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { callsOf, createTestBot, type TestBot, textsOf } from "../helpers/test-bot.ts";
import { messageUpdate } from "../helpers/updates.ts";

const OPERATOR = 101;
let sandbox: Sandbox | undefined;
let t: TestBot | undefined;

afterEach(async () => {
  await t?.close();
  await sandbox?.close();
  t = undefined;
  sandbox = undefined;
});

describe("service errors", () => {
  it("tells when the quota is spent and when it resets, without further requests", async () => {
    sandbox = await startSandbox({ port: 0, quota: { limit: 2, windowMs: 15 * 60_000 } });
    // The reset time's zone is asserted (UTC+3): Moscow, whatever TEST_TIMEZONE the suite runs in.
    t = await createTestBot({ sandbox, operators: [OPERATOR], config: { timezone: "Europe/Moscow" } });
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(String(KNOWN_NUM));
    await op.send(String(KNOWN_NUM));
    expect(op.lastReply()?.text).toContain("Order А001042");
    await op.send(String(KNOWN_NUM)); // the service answers 429
    expect(op.lastReply()?.text).toMatch(
      /request limit is reached\. It resets at (?:\S+ \S+, )?\d{2}:\d{2} \(UTC\+3, in \d+ min\)/,
    );
    expect(
      op
        .lastReply()
        ?.replyMarkup?.inline_keyboard.flat()
        .map((b) => b.text),
    ).toEqual(["🔁 Try again"]);
    const spent = t.serviceRequests();
    await op.send(String(KNOWN_NUM)); // the client knows: fails fast, sends nothing
    expect(t.serviceRequests()).toBe(spent);
    expect(op.lastReply()?.text).toMatch(/resets at/);
  });

  it("shows the quota and the connection in /status", async () => {
    sandbox = await startSandbox({ port: 0, quota: { limit: 50, windowMs: 15 * 60_000 } });
    // UTC+3 asserted below: Moscow, whatever TEST_TIMEZONE the suite runs in.
    t = await createTestBot({ sandbox, operators: [OPERATOR], config: { timezone: "Europe/Moscow" } });
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/status");
    const text = op.lastReply()?.text ?? "";
    expect(text).toContain("Connection: ✅ working (built-in sandbox)");
    expect(text).toContain("Requests left: <b>49</b>");
    expect(text).toMatch(/Resets at: (?:\S+ \S+, )?\d{2}:\d{2} \(UTC\+3, in \d+ min\)/);
    expect(t.serviceRequests()).toBe(1);
  });

  it("offers a retry when the service is down, and the retry works", async () => {
    sandbox = await startSandbox({ port: 0 });
    t = await createTestBot({ sandbox, operators: [OPERATOR] });
    const op = t.user(OPERATOR, { languageCode: "en" });
    sandbox.faults.set({ errorRate: 1 });
    await op.send(String(KNOWN_NUM));
    const failed = op.lastReply();
    expect(failed?.text).toContain("The service is not answering right now");
    sandbox.faults.clear();
    await op.press("🔁 Try again");
    expect(op.lastReply()?.messageId).toBe(failed?.messageId);
    expect(op.lastReply()?.text).toContain("Order А001042");
  });

  it("keeps the card when a refresh fails and says why", async () => {
    sandbox = await startSandbox({ port: 0 });
    t = await createTestBot({ sandbox, operators: [OPERATOR] });
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(String(KNOWN_NUM));
    sandbox.faults.set({ errorRate: 1 });
    const calls = await op.press("🔄 Refresh");
    expect(callsOf(calls, "answerCallbackQuery")[0]?.payload).toMatchObject({ show_alert: true });
    expect(String(callsOf(calls, "answerCallbackQuery")[0]?.payload.text)).toContain("not answering");
    expect(callsOf(calls, "editMessageText")).toHaveLength(0);
  });
});

describe("robustness", () => {
  it("apologizes in the user's language when a handler fails, and goes on working", async () => {
    sandbox = await startSandbox({ port: 0 });
    t = await createTestBot({
      sandbox,
      operators: [OPERATOR],
      cardActions: [
        {
          label: "btn-retry",
          data: () => {
            throw new Error("a bug in a plugged-in button");
          },
        },
      ],
    });
    const op = t.user(OPERATOR, { languageCode: "ru" });
    const calls = await op.send(String(KNOWN_NUM));
    expect(textsOf(calls)).toContain("😔 Простите, у нас что-то пошло не так. Попробуйте ещё раз.");
    await op.send("/help");
    expect(op.lastReply()?.text).toContain("Что я умею");
  });

  it("ignores a redelivered update (crash safety)", async () => {
    sandbox = await startSandbox({ port: 0 });
    t = await createTestBot({ sandbox, operators: [OPERATOR] });
    const op = t.user(OPERATOR, { languageCode: "en" });
    const update = messageUpdate(op.from, "/help", t.telegram.nextMessageId(OPERATOR));
    expect(textsOf(await t.handle(update))).toHaveLength(1);
    expect(await t.handle(structuredClone(update))).toEqual([]);
    // A new bot on the same storage (a restart) ignores it too.
    const restarted = await createTestBot({ sandbox, operators: [OPERATOR], store: t.store });
    expect(await restarted.handle(structuredClone(update))).toEqual([]);
  });

  it("retries Telegram's 429 with retry_after", async () => {
    sandbox = await startSandbox({ port: 0 });
    t = await createTestBot({ sandbox, operators: [OPERATOR] });
    const op = t.user(OPERATOR, { languageCode: "en" });
    t.telegram.failNext("sendMessage", {
      error_code: 429,
      description: "Too Many Requests: retry after 1",
      parameters: { retry_after: 1 },
    });
    const calls = await op.send("/help");
    expect(callsOf(calls, "sendMessage")).toHaveLength(2);
    expect(op.lastReply()?.text).toContain("What I can do");
  });
});
