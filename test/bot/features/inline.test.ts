import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { KNOWN_NUM, type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { callsOf, createTestBot, type TestBot } from "../../helpers/test-bot.ts";

const OPERATOR = 101;
const VIEWER = 202;

let sandbox: Sandbox;
let t: TestBot;
const clock = new ManualClock(new Date(), false);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  t = await createTestBot({ sandbox, operators: [OPERATOR], viewers: [VIEWER], clock });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});
beforeEach(async () => {
  t.resetServiceRequests();
  await clock.advance(120_000); // past the per-query cache of earlier tests
});

function inlineAnswer(calls: { method: string; payload: Record<string, unknown> }[]) {
  return callsOf(calls, "answerInlineQuery")[0]?.payload as
    | {
        results: { id: string; title: string; input_message_content: { message_text: string } }[];
        is_personal: boolean;
        button?: { text: string };
      }
    | undefined;
}

describe("inline mode", () => {
  it("answers a too short query at once with a hint and no request", async () => {
    const calls = await t.user(OPERATOR, { languageCode: "en" }).inline("10");
    expect(inlineAnswer(calls)).toMatchObject({
      results: [],
      button: { text: "Type an order number (at least 3 characters)" },
    });
    expect(t.serviceRequests()).toBe(0);
  });

  it("answers with cards as personal article results", async () => {
    const pending = t.user(OPERATOR, { languageCode: "en" }).inline(String(KNOWN_NUM));
    await clock.advance(500);
    const answer = inlineAnswer(await pending);
    expect(answer?.is_personal).toBe(true);
    expect(answer?.results).toHaveLength(1);
    expect(answer?.results[0]?.title).toContain("А001042");
    expect(answer?.results[0]?.input_message_content.message_text).toContain("<b>Order А001042</b>");
  });

  it("spends one request when a number is typed key by key quickly", async () => {
    const user = t.user(OPERATOR, { languageCode: "en" });
    const typed = ["1", "10", "104", "1042"].map((query) => user.inline(query));
    await clock.advance(500);
    const answers = (await Promise.all(typed)).map(inlineAnswer);
    expect(t.serviceRequests()).toBe(1);
    expect(answers[3]?.results).toHaveLength(1);
    expect(answers[2]?.results).toEqual([]); // replaced by the newer keystroke
  });

  it("spends at most two requests when typed slowly, and serves repeats from the cache", async () => {
    const user = t.user(VIEWER, { languageCode: "ru" });
    for (const query of ["1", "10", "104", "1042"]) {
      const pending = user.inline(query);
      await clock.advance(600);
      await pending;
    }
    expect(t.serviceRequests()).toBeLessThanOrEqual(2);
    const before = t.serviceRequests();
    const repeat = await user.inline("1042"); // cached: no debounce wait, no request
    expect(inlineAnswer(repeat)?.results).toHaveLength(1);
    expect(t.serviceRequests()).toBe(before);
  });

  it("answers an unknown number with no results", async () => {
    const pending = t.user(OPERATOR, { languageCode: "en" }).inline("987654");
    await clock.advance(500);
    expect(inlineAnswer(await pending)).toMatchObject({ results: [], button: { text: "Nothing found" } });
  });

  it("returns at most 10 results", async () => {
    const pending = t.user(OPERATOR, { languageCode: "en" }).inline("А0010");
    await clock.advance(500);
    expect(inlineAnswer(await pending)?.results).toHaveLength(10);
  });
});
