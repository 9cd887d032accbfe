import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TYPING_AFTER_MS } from "../../../src/bot/crm/call.ts";
import { RESULT_TTL_MS } from "../../../src/bot/orders/saved-searches.ts";
import { KNOWN_NUM, type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { callsOf, createTestBot, type TestBot, type TestUser, textsOf } from "../../helpers/test-bot.ts";

const OPERATOR = 101;
const VIEWER = 202;

let sandbox: Sandbox;
let t: TestBot;
let op: TestUser;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  t = await createTestBot({ sandbox, operators: [OPERATOR], viewers: [VIEWER] });
  op = t.user(OPERATOR, { languageCode: "en" });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});
beforeEach(() => t.resetServiceRequests());

describe("order lookup", () => {
  for (const form of [
    String(KNOWN_NUM),
    `#${KNOWN_NUM}`,
    "А001042",
    `/order ${KNOWN_NUM}`,
    "/order А001042",
  ]) {
    it(`finds the order for "${form}" with one request and shows its card`, async () => {
      const started = performance.now();
      const calls = await op.send(form);
      const took = performance.now() - started;
      expect(t.serviceRequests()).toBe(1);
      // A quick answer comes without "typing…" first (one Telegram call less). On a
      // loaded machine the whole update may outlast the delay: then typing is right.
      if (took < TYPING_AFTER_MS) expect(callsOf(calls, "sendChatAction")).toHaveLength(0);
      const reply = op.lastReply();
      expect(reply?.text).toContain("<b>Order А001042</b>");
      expect(reply?.text).toContain("Status:");
      const buttons = reply?.replyMarkup?.inline_keyboard.flat().map((b) => b.text);
      expect(buttons?.[0]).toBe("🔄 Refresh"); // operators also get the dialogs' action buttons after it
    });
  }

  it('shows "typing…" while a slow service is answering, then the card', async () => {
    sandbox.faults.set({ latencyMs: [TYPING_AFTER_MS + 200, TYPING_AFTER_MS + 200] });
    try {
      const calls = await op.send(String(KNOWN_NUM));
      expect(callsOf(calls, "sendChatAction")[0]?.payload).toMatchObject({ action: "typing" });
      expect(op.lastReply()?.text).toContain("<b>Order А001042</b>");
    } finally {
      sandbox.faults.set({ latencyMs: null });
    }
  });

  it("refreshes a card with one request and says when nothing changed", async () => {
    await op.send(String(KNOWN_NUM));
    t.resetServiceRequests();
    const calls = await op.press("🔄 Refresh");
    expect(t.serviceRequests()).toBe(1);
    // The full record may add fields (the list record lacks some): edited, or "nothing changed".
    const answer = callsOf(calls, "answerCallbackQuery")[0]?.payload.text;
    expect(["Updated.", "Nothing changed."]).toContain(answer);
    const again = await op.press("🔄 Refresh");
    expect(callsOf(again, "answerCallbackQuery")[0]?.payload.text).toBe("Nothing changed.");
    expect(callsOf(again, "editMessageText")).toHaveLength(1);
  });

  it("lists several matches with a button per order and pages through them without a request", async () => {
    await op.send("/order А00104");
    expect(t.serviceRequests()).toBe(1);
    const list = op.lastReply();
    expect(list?.text).toContain("Found 10 orders for “<b>А00104</b>”. Page 1 of 2");
    const buttons = list?.replyMarkup?.inline_keyboard.flat() ?? [];
    expect(buttons.filter((b) => b.text.startsWith("А00104"))).toHaveLength(8);
    expect(buttons.map((b) => b.text)).toContain("Next ▶️");

    await op.press("Next ▶️");
    expect(t.serviceRequests()).toBe(1); // the saved records, no request
    const page2 = op.lastReply();
    expect(page2?.messageId).toBe(list?.messageId); // the list was edited in place
    expect(page2?.text).toContain("Page 2 of 2");
    const labels = page2?.replyMarkup?.inline_keyboard.flat().map((b) => b.text) ?? [];
    expect(labels.filter((label) => label.startsWith("А00104"))).toHaveLength(2);
    expect(labels).toContain("◀️ Back");

    await op.press("◀️ Back");
    expect(t.serviceRequests()).toBe(1);
    expect(op.lastReply()?.text).toContain("Page 1 of 2");
    expect(
      op
        .lastReply()
        ?.replyMarkup?.inline_keyboard.flat()
        .map((b) => b.text),
    ).toEqual(buttons.map((b) => b.text));
  });

  it("opens an order from a list without a request; its refresh costs one", async () => {
    await op.send("/order А00104");
    const first = op.lastReply()?.replyMarkup?.inline_keyboard[0]?.[0];
    expect(first && "callback_data" in first ? first.callback_data : "").toMatch(/^oo:[\w-]{8}:\w+$/);
    t.resetServiceRequests();
    const calls = await op.press(first?.text ?? "");
    expect(t.serviceRequests()).toBe(0);
    expect(callsOf(calls, "answerCallbackQuery")).toHaveLength(1);
    const card = op.lastReply();
    expect(card?.text).toMatch(/<b>Order А00104\d<\/b>/);
    expect(card?.text).toContain("Status:");
    expect(card?.text).toContain("Client:");
    expect(card?.replyMarkup?.inline_keyboard.flat()[0]?.text).toBe("🔄 Refresh");

    const refreshed = await op.press("🔄 Refresh");
    expect(t.serviceRequests()).toBe(1);
    expect(["Updated.", "Nothing changed."]).toContain(
      callsOf(refreshed, "answerCallbackQuery")[0]?.payload.text,
    );
  });

  it("shows the same card from a list as a lookup of that number shows", async () => {
    await op.send("/order А00104");
    const first = op.lastReply()?.replyMarkup?.inline_keyboard[0]?.[0]?.text ?? "";
    await op.press(first);
    const fromList = op.lastReply()?.text;
    await op.send(first.split(" · ")[0] ?? "");
    expect(op.lastReply()?.text).toBe(fromList);
  });

  it("searches once more for a page after the saved records expired, then pages for free again", async () => {
    await op.send("/order А00104");
    const list = op.lastReply();
    t.resetServiceRequests();
    await t.clock.advance(RESULT_TTL_MS + 1000);
    await op.press("Next ▶️");
    expect(t.serviceRequests()).toBe(1);
    expect(op.lastReply()?.messageId).toBe(list?.messageId);
    expect(op.lastReply()?.text).toContain("Page 2 of 2");
    await op.press("◀️ Back");
    expect(t.serviceRequests()).toBe(1);
    expect(op.lastReply()?.text).toContain("Page 1 of 2");
  });

  it("opens an order of an expired list with one GET", async () => {
    await op.send("/order А00104");
    const first = op.lastReply()?.replyMarkup?.inline_keyboard[0]?.[0]?.text ?? "";
    t.resetServiceRequests();
    await t.clock.advance(RESULT_TTL_MS + 1000);
    await op.press(first);
    expect(t.serviceRequests()).toBe(1);
    expect(op.lastReply()?.text).toMatch(/<b>Order А00104\d<\/b>/);
  });

  it("still opens a list button of the older form oo:<id>, with one GET", async () => {
    const order = sandbox.store.orders.find((o) => o.num === KNOWN_NUM);
    t.resetServiceRequests();
    const calls = await op.pressData(`oo:${order?.id}`);
    expect(t.serviceRequests()).toBe(1);
    expect(callsOf(calls, "answerCallbackQuery")).toHaveLength(1);
    expect(op.lastReply()?.text).toContain("<b>Order А001042</b>");
  });

  it("answers a forged token or another chat's token as outdated and shows nothing", async () => {
    await op.send("/order А00104");
    const list = op.lastReply();
    const data = list?.replyMarkup?.inline_keyboard
      .flat()
      .map((b) => ("callback_data" in b ? b.callback_data : ""));
    const open = data?.find((d) => d.startsWith("oo:")) ?? "";
    const next = data?.find((d) => d.startsWith("os:")) ?? "";
    const [, token, id] = open.split(":");
    const other = t.user(VIEWER, { languageCode: "en" }); // another chat
    await other.send("/help");
    const forged = [`oo:AAAAAAAA:${id}`, `oo:bad:${id}`, `oo:${token}:x:y`, "os:AAAAAAAA:2"];
    t.resetServiceRequests();
    for (const [user, pressed] of [
      [other, open],
      [other, next],
      ...forged.map((d) => [op, d] as const),
    ] as const) {
      const before = user.replies().length;
      const calls = await user.pressData(pressed, user === op ? list : other.lastReply());
      const answers = callsOf(calls, "answerCallbackQuery").map((c) => c.payload.text);
      expect(answers, pressed).toHaveLength(1);
      if (pressed !== `oo:${token}:x:y`)
        expect(answers[0], pressed).toBe("This list is outdated — search again.");
      expect(user.replies().length, pressed).toBe(before);
      expect(callsOf(calls, "editMessageText"), pressed).toHaveLength(0);
    }
    expect(t.serviceRequests()).toBe(0);
  });

  it("says what was searched when nothing matches an exact number", async () => {
    await op.send("/order 999999");
    expect(op.lastReply()?.text).toContain(
      "🔍 No order with the number <b>999999</b> in any workshop (exact match).",
    );
  });

  it("hints how to search by a part of the number, with a prefix seen in an order", async () => {
    const fresh = await createTestBot({ sandbox, operators: [OPERATOR, 999] });
    const known = sandbox.store.orders.find((o) => o.num === KNOWN_NUM);
    const prefix = /^\D+/.exec(known?.number ?? "")?.[0] ?? "?";
    const user = fresh.user(OPERATOR, { languageCode: "en" });
    await user.send("104");
    // No order seen yet: the hint is general.
    expect(user.lastReply()?.text).toContain("Digits alone find the exact number only");
    await user.send(String(KNOWN_NUM)); // А001042 teaches the prefix and the padding
    fresh.resetServiceRequests();
    await user.send("104");
    // The service said a moment ago that it has no 104: remembered, no request.
    expect(fresh.serviceRequests()).toBe(0);
    expect(user.lastReply()?.text).toContain(
      `A part of a number with its prefix finds every number containing it: <code>${prefix}00104</code> finds ${prefix}001040–${prefix}001049.`,
    );
    const ru = fresh.user(999, { languageCode: "ru" });
    await ru.send("/order 104");
    expect(ru.lastReply()?.text).toContain(
      `Часть номера с префиксом находит все номера, где она есть: <code>${prefix}00104</code> найдёт ${prefix}001040–${prefix}001049.`,
    );
    await fresh.close();
  });

  it("says what was searched when nothing matches a partial number", async () => {
    await op.send("Я-77");
    expect(op.lastReply()?.text).toContain("No order whose number contains “<b>Я-77</b>”");
  });

  it("explains /order without a number", async () => {
    await op.send("/order");
    expect(op.lastReply()?.text).toContain("/order 1042");
    expect(t.serviceRequests()).toBe(0);
  });

  it("does not treat ordinary text as an order number", async () => {
    const calls = await op.send("hello there");
    expect(t.serviceRequests()).toBe(0);
    expect(textsOf(calls)[0]).toContain("I did not understand that");
  });

  it("answers in Russian to a Russian user", async () => {
    const ru = t.user(VIEWER, { languageCode: "ru" });
    await ru.send(String(KNOWN_NUM));
    expect(ru.lastReply()?.text).toContain("<b>Заказ А001042</b>");
    expect(
      ru
        .lastReply()
        ?.replyMarkup?.inline_keyboard.flat()
        .map((b) => b.text),
      // A viewer prints labels and receipts and reads the client's card (that only reads) but gets no operator action.
    ).toEqual(["🔄 Обновить", "🏷 Этикетка", "🧾 Квитанция", "👤 Клиент"]);
  });

  it("searches only the configured workshop", async () => {
    const shopB = sandbox.shops[1]?.id ?? "";
    const scoped = await createTestBot({ sandbox, operators: [OPERATOR], config: { shopIds: [shopB] } });
    const user = scoped.user(OPERATOR, { languageCode: "en" });
    await scoped.services.reference.shops(); // main.ts warms the workshop list at start
    scoped.resetServiceRequests();
    await user.send(String(KNOWN_NUM));
    // The number, then (a miss, in a private chat) the clients' phones: one request each.
    expect(scoped.serviceRequests()).toBe(2);
    expect(user.lastReply()?.text).toContain("No order with the number <b>1042</b>");
    await user.send("517");
    expect(user.lastReply()?.text).toMatch(/<b>Order Б-?000517<\/b>/);
  });
});

describe("language", () => {
  it("switches with /language buttons and remembers the choice", async () => {
    const user = t.user(OPERATOR, { languageCode: "en" });
    await user.send("/language");
    expect(user.lastReply()?.text).toBe("Choose the language:");
    await user.press("🇷🇺 Русский");
    expect(user.lastReply()?.text).toBe("✅ Теперь я говорю по-русски.");
    await user.send("/help");
    expect(user.lastReply()?.text).toContain("Что я умею");
    await user.send("/language");
    await user.press("🇬🇧 English");
    await user.send("/help");
    expect(user.lastReply()?.text).toContain("What I can do");
  });
});
