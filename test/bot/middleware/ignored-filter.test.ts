import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KNOWN_NUM, type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { callsOf, createTestBot, type TestBot } from "../../helpers/test-bot.ts";

const OPERATOR = 101;

/** A service that ignores the number filters (as one integration reported): the newest orders, whatever was asked. */
const ignoringNumbers: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  for (const key of ["num", "number", "numer"]) url.searchParams.delete(key);
  return fetch(url, init);
};

let sandbox: Sandbox;
let t: TestBot;
const clock = new ManualClock(new Date(), false);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  t = await createTestBot({
    sandbox,
    operators: [OPERATOR],
    clock,
    clientOptions: { fetch: ignoringNumbers },
  });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

/** Every order title ("Order X") in a text. */
const titles = (text: string | undefined) =>
  [...(text ?? "").matchAll(/<b>Order ([^<]+)<\/b>/g)].map((m) => m[1]);

describe("a service that ignores the number filter never makes the bot show a wrong order", () => {
  const newest = () => {
    const order = sandbox.store.orders.at(-1);
    if (!order) throw new Error("no orders");
    return order;
  };

  it("a number the service's answer holds: its card, and only it", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(String(newest().num));
    expect(titles(op.lastReply()?.text)).toEqual([newest().number]);
  });

  it("a number the answer does not hold: not found, not some other order's card", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    const old = sandbox.store.orders.find((o) => o.num === KNOWN_NUM);
    expect(sandbox.store.orders.slice(-50)).not.toContain(old); // the service's answer leaves it out
    await op.send(String(KNOWN_NUM));
    const reply = op.lastReply()?.text;
    expect(titles(reply)).toEqual([]);
    expect(reply).toContain(`No order with the number <b>${KNOWN_NUM}</b>`);
  });

  it("a textual number: only orders whose number contains it", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${newest().number}`);
    expect(titles(op.lastReply()?.text)).toEqual([newest().number]);
  });

  it("/status <number> opens no other order's status change", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/status ${KNOWN_NUM}`);
    expect(op.lastReply()?.text).toContain(String(KNOWN_NUM));
    expect(op.lastReply()?.text).not.toMatch(/Order [АБВ]\d{6}/);
  });

  it("inline: only the order asked for", async () => {
    const user = t.user(OPERATOR, { languageCode: "en" });
    const pending = user.inline(String(newest().num));
    await clock.advance(500);
    const answer = callsOf(await pending, "answerInlineQuery")[0]?.payload as {
      results: { title: string }[];
    };
    expect(answer.results.map((r) => r.title.split(" ")[0])).toEqual([newest().number]);
  });
});
