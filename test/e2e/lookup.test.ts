/**
 * Lookup and inline mode end to end: the bot process (`node src/main.ts`) long-polls
 * the fake Telegram server over HTTP and asks the sandbox process over HTTP.
 */
import { describe, expect, it } from "vitest";
import { TelegramUser } from "./fake-telegram/user.ts";
import { OPERATOR, STRANGER, useStack, VIEWER } from "./harness/stack.ts";

const stack = useStack();
const buttons = TelegramUser.buttons;

describe("lookup over real HTTP (long polling)", () => {
  it("shows the card for /order 1042, a bare number and #1042", async () => {
    const op = stack().telegram.user(OPERATOR, { languageCode: "en" });
    for (const text of ["/order 1042", "1042", "#1042"]) {
      const card = await op.say(text);
      expect(card.text).toContain("<b>Order А001042</b>");
      expect(buttons(card)).toContain("🔄 Refresh");
    }
  });

  it("refreshes a card, and says so when nothing changed", async () => {
    const op = stack().telegram.user(OPERATOR);
    await op.say("1042");
    expect(["Updated.", "Nothing changed."]).toContain((await op.press("🔄 Refresh")).text);
    expect((await op.press("🔄 Refresh")).text).toBe("Nothing changed.");
  });

  it("lists several matches, pages through them and opens one", async () => {
    const op = stack().telegram.user(OPERATOR);
    const list = await op.say("/order А00104");
    expect(list.text).toContain("Found 10 orders for “<b>А00104</b>”. Page 1 of 2");

    await op.press("Next ▶️");
    const page2 = await op.reply();
    expect(page2.kind).toBe("edited");
    expect(page2.messageId).toBe(list.messageId);
    expect(page2.text).toContain("Page 2 of 2");

    const first = buttons(page2)[0] ?? "";
    await op.press(first);
    const card = await op.reply((o) => o.kind === "sent");
    expect(card.text).toContain("<b>Order А0010");
  });

  it("says what was searched when nothing matches", async () => {
    const op = stack().telegram.user(OPERATOR);
    expect((await op.say("/order 999999")).text).toContain("No order with the number <b>999999</b>");
  });

  it("lets a viewer look orders up", async () => {
    const viewer = stack().telegram.user(VIEWER);
    expect((await viewer.say("1042")).text).toContain("А001042");
  });

  it("gives a stranger the refusal and nothing else", async () => {
    const stranger = stack().telegram.user(STRANGER);
    const refusal = await stranger.say("1042");
    expect(refusal.text).toContain(`<code>${STRANGER}</code>`);
    expect(refusal.text).not.toContain("А001042");
    const answer = await stranger.inline("1042");
    expect(answer.results).toEqual([]);
    const card = stack().telegram.user(OPERATOR).lastMessage();
    const pressed = await stranger.pressData("or:x", card);
    expect(pressed.showAlert).toBe(true);
    expect(pressed.text).toContain(String(STRANGER));
    expect(
      stranger
        .messages()
        .map((m) => m.text)
        .join("\n"),
    ).not.toContain("А0010");
  });
});

describe("inline mode over real HTTP", () => {
  it("answers a short query at once with a hint and no results", async () => {
    const op = stack().telegram.user(OPERATOR);
    const answer = await op.inline("10");
    expect(answer.results).toEqual([]);
    expect(answer.button?.text).toContain("at least 3");
  });

  it("finds an order; the shared card refreshes in place", async () => {
    const op = stack().telegram.user(OPERATOR);
    const answer = await op.inline("1042");
    expect(answer.isPersonal).toBe(true);
    expect(String(answer.results[0]?.title)).toContain("А001042");
    const shared = op.chooseInlineResult(answer);
    const refreshed = await op.pressInline(shared.id, "🔄 Refresh");
    expect(["Updated.", "Nothing changed."]).toContain(refreshed.text);
  });
});

describe("the bot process", () => {
  it("long-polls with offsets and a timeout, and registered its commands", () => {
    const { telegram } = stack();
    const polls = telegram.callsOf("getUpdates");
    expect(polls.length).toBeGreaterThan(3);
    expect(polls.every((c) => Number(c.payload.timeout) > 0)).toBe(true);
    expect(polls.some((c) => Number(c.payload.offset) > 0)).toBe(true);
    expect(telegram.callsOf("setMyCommands").length).toBeGreaterThan(0);
  });

  it("handled everything without an error or a crash", () => {
    const { bot } = stack();
    expect(bot.crashes()).toEqual([]);
    expect(bot.errors()).toEqual([]);
    expect(bot.unexpectedExits()).toEqual([]);
  });
});
