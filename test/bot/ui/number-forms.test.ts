import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KNOWN_NUM, type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { callsOf, createTestBot, type TestBot } from "../../helpers/test-bot.ts";

const OPERATOR = 101;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

/** The orders of the sandbox whose number starts with `prefix` (the truth a list is checked against). */
const numbersStartingWith = (prefix: string) =>
  sandbox.store.orders
    .map((o) => o.number)
    .filter((n) => n.startsWith(prefix))
    .sort();

describe("a number typed with Latin look-alike letters or a separator finds the order", () => {
  // A Latin A (most keyboards), lower case, a hyphen, a space, a dash; with and without /order.
  const forms = ["A001042", "A-001042", "a001042", "А-001042", "А 001042", "/order A–001042"];

  for (const learned of [false, true]) {
    describe(learned ? "after the bot has seen a number of the workshop" : "in a fresh bot", () => {
      let t: TestBot;
      beforeAll(async () => {
        t = await createTestBot({ sandbox, operators: [OPERATOR] });
        if (learned) await t.user(OPERATOR, { languageCode: "en" }).send(String(KNOWN_NUM));
      });
      afterAll(() => t.close());

      for (const form of forms) {
        it(`"${form}": the card of А001042, one request`, async () => {
          const op = t.user(OPERATOR, { languageCode: "en" });
          t.resetServiceRequests();
          await op.send(form);
          expect(t.serviceRequests()).toBe(1);
          expect(op.lastReply()?.text).toContain("<b>Order А001042</b>");
        });
      }

      it('a part "a-00104" lists exactly the orders whose number starts with А00104', async () => {
        const op = t.user(OPERATOR, { languageCode: "en" });
        await op.send("/order a-00104");
        const expected = numbersStartingWith("А00104");
        expect(expected.length).toBeGreaterThan(1);
        const list = op.lastReply();
        expect(list?.text).toContain(`Found ${expected.length} orders for “<b>a-00104</b>”`);
        const shown = (list?.replyMarkup?.inline_keyboard ?? [])
          .flat()
          .map((b) => b.text.split(" · ")[0] ?? "")
          .filter((label) => label.startsWith("А"));
        expect(shown.length).toBeGreaterThan(0);
        for (const number of shown) expect(expected).toContain(number);
      });
    });
  }

  it('a word and a short number ("до 12") is no order number: no request', async () => {
    const t = await createTestBot({ sandbox, operators: [OPERATOR] });
    try {
      const op = t.user(OPERATOR, { languageCode: "en" });
      await op.send("до 12");
      expect(t.serviceRequests()).toBe(0);
      expect(op.lastReply()?.text).toContain("I did not understand that");
    } finally {
      await t.close();
    }
  });

  it("a miss names the prefix as the workshop's numbers have it", async () => {
    const t = await createTestBot({ sandbox, operators: [OPERATOR, 999] });
    try {
      const op = t.user(OPERATOR, { languageCode: "en" });
      await op.send(String(KNOWN_NUM)); // teaches how the first workshop writes its numbers
      await op.send("A-999999");
      expect(op.lastReply()?.text).toContain("No order whose number contains “<b>A-999999</b>”");
      expect(op.lastReply()?.text).toContain("Numbers here are written like <code>А999999</code>.");
      await op.send("a1042");
      // Not zero-padded: nothing contains it, and the hint shows the number as written here.
      expect(op.lastReply()?.text).toContain("<code>А001042</code>");
      const ru = t.user(999, { languageCode: "ru" });
      await ru.send("A-1042");
      expect(ru.lastReply()?.text).toContain("Номера здесь пишутся так: <code>А001042</code>.");
    } finally {
      await t.close();
    }
  });

  it("inline: a Latin A-0010 lists the same orders as the Cyrillic А0010", async () => {
    const clock = new ManualClock(new Date(), false);
    const t = await createTestBot({ sandbox, operators: [OPERATOR], clock });
    try {
      const user = t.user(OPERATOR, { languageCode: "en" });
      const titles = async (query: string) => {
        const pending = user.inline(query);
        await clock.advance(500);
        const answer = callsOf(await pending, "answerInlineQuery")[0]?.payload as {
          results: { title: string }[];
        };
        await clock.advance(120_000); // past the per-query cache
        return answer.results.map((r) => r.title);
      };
      const cyrillic = await titles("А0010");
      expect(cyrillic.length).toBeGreaterThan(1);
      expect(await titles("A-0010")).toEqual(cyrillic);
      expect(await titles("a0010")).toEqual(cyrillic);
    } finally {
      await t.close();
    }
  });
});
