/**
 * An inline result can be posted into any chat (a group, a chat with a
 * client): its card carries no phone numbers unless GROUP_PHONES=on, as cards
 * in groups; the same order's card in the bot's own chat still has them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderRefresh } from "../../../src/bot/ui/callbacks.ts";
import { KNOWN_NUM, type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { callsOf, createTestBot, type TestBot, textsOf } from "../../helpers/test-bot.ts";
import { callbackUpdate, telegramUser } from "../../helpers/updates.ts";

const OPERATOR = 101;

let sandbox: Sandbox;
const bots: TestBot[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  for (const t of bots) await t.close();
  await sandbox.close();
});

async function botWith(groupPhones: boolean): Promise<{ t: TestBot; clock: ManualClock }> {
  const clock = new ManualClock(new Date(), false);
  const t = await createTestBot({ sandbox, operators: [OPERATOR], clock, config: { groupPhones } });
  bots.push(t);
  return { t, clock };
}

async function inlineCard(t: TestBot, clock: ManualClock, lang: string): Promise<string> {
  const pending = t.user(OPERATOR, { languageCode: lang }).inline(String(KNOWN_NUM));
  await clock.advance(500);
  const answer = callsOf(await pending, "answerInlineQuery")[0]?.payload as {
    results: { input_message_content: { message_text: string } }[];
  };
  expect(answer.results).toHaveLength(1);
  return answer.results[0]?.input_message_content.message_text ?? "";
}

const PHONE = /\d{3}-\d{2}-\d{2}/;

describe("phones in inline cards", () => {
  it.each(["en", "ru"])(
    "none with GROUP_PHONES=off (%s), though the private card shows them",
    async (lang) => {
      const { t, clock } = await botWith(false);
      const privateCard = textsOf(
        await t.user(OPERATOR, { languageCode: lang }).send(String(KNOWN_NUM)),
      ).join("\n");
      expect(privateCard).toMatch(PHONE);
      const card = await inlineCard(t, clock, lang);
      expect(card).toContain("А001042");
      expect(card).not.toMatch(PHONE);
    },
  );

  it("shown with GROUP_PHONES=on", async () => {
    const { t, clock } = await botWith(true);
    expect(await inlineCard(t, clock, "en")).toMatch(PHONE);
  });

  it("a refresh of a card posted inline still shows none", async () => {
    const { t } = await botWith(false);
    const order = sandbox.store.orders.find((o) => o.num === KNOWN_NUM);
    const press = callbackUpdate(
      telegramUser(OPERATOR, { languageCode: "en" }),
      orderRefresh.encode({ id: order?.id ?? "" }),
      undefined,
      "inline-1",
    );
    const edits = callsOf(await t.handle(press), "editMessageText");
    expect(edits).toHaveLength(1);
    expect(String(edits[0]?.payload.text)).toContain("А001042");
    expect(String(edits[0]?.payload.text)).not.toMatch(PHONE);
  });
});
