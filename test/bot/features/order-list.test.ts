import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LIST_FETCH_SIZE, LIST_PAGE_SIZE } from "../../../src/bot/features/list-page.ts";
import { RESULT_TTL_MS } from "../../../src/bot/orders/saved-searches.ts";
import { commandList } from "../../../src/bot/telegram/commands.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { callsOf, createTestBot, type TestBot, type TestUser } from "../../helpers/test-bot.ts";

const OPERATOR = 101;
const VIEWER = 202;
const STRANGER = 303;
const RU_OPERATOR = 104;

let sandbox: Sandbox;
let t: TestBot;
let op: TestUser;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  t = await createTestBot({ sandbox, operators: [OPERATOR, RU_OPERATOR], viewers: [VIEWER] });
  op = t.user(OPERATOR, { languageCode: "en" });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});
beforeEach(() => t.resetServiceRequests());

type Reply = ReturnType<TestUser["lastReply"]>;
const buttonsOf = (reply: Reply) => reply?.replyMarkup?.inline_keyboard.flat() ?? [];
const labelsOf = (reply: Reply) => buttonsOf(reply).map((b) => b.text);
const dataOf = (reply: Reply) => buttonsOf(reply).map((b) => ("callback_data" in b ? b.callback_data : ""));
const orderButtons = (reply: Reply) => dataOf(reply).filter((d) => d.startsWith("oo:"));
/** The token of a list message (from its first order button). */
const tokenOf = (reply: Reply) => orderButtons(reply)[0]?.split(":")[1] ?? "";

/** What the service itself counts, asked directly (not through the bot). */
async function serviceTotal(filter: { isDeadline?: boolean; number?: string }): Promise<number> {
  const page = await t.client.orders.list({ ...filter, isVisible: true, page: 1, pageSize: 1 });
  return page.total ?? 0;
}

describe("/overdue", () => {
  it("lists the overdue open orders with one request, 8 per page, each opening its card for free", async () => {
    const total = await serviceTotal({ isDeadline: true });
    expect(total).toBeGreaterThan(LIST_PAGE_SIZE); // the demo data has enough to page
    t.resetServiceRequests();
    await op.send("/overdue");
    expect(t.serviceRequests()).toBe(1);
    const list = op.lastReply();
    const pages = Math.ceil(total / LIST_PAGE_SIZE);
    expect(list?.text).toBe(`⏰ Overdue open orders: ${total}. Page 1 of ${pages}:`);
    expect(orderButtons(list)).toHaveLength(LIST_PAGE_SIZE);
    expect(labelsOf(list)).toContain("Next ▶️");
    expect(labelsOf(list)).not.toContain("◀️ Back");

    const first = labelsOf(list)[0] ?? "";
    await op.press(first);
    expect(t.serviceRequests()).toBe(1); // the saved record, no request
    const card = op.lastReply();
    // The button: the deadline mark first ("❗ 2 d overdue"), then number · status · client · device.
    expect(first).toMatch(/^❗ (\d+ d overdue|overdue today) · /);
    expect(card?.text).toContain(`<b>Order ${first.split(" · ")[1]}</b>`);
    expect(card?.text).toContain("Overdue"); // the card's own overdue mark agrees
  });

  it("pages forward and back without a request", async () => {
    await op.send("/overdue");
    const list = op.lastReply();
    const page1 = orderButtons(list); // the message is edited in place: keep what it showed
    await op.press("Next ▶️", { message: list });
    const page2 = op.lastReply();
    expect(page2?.messageId).toBe(list?.messageId);
    expect(page2?.text).toMatch(/Page 2 of \d+:$/);
    expect(orderButtons(page2)).toHaveLength(LIST_PAGE_SIZE);
    expect(orderButtons(page2).some((d) => page1.includes(d))).toBe(false);
    await op.press("◀️ Back", { message: page2 });
    expect(orderButtons(op.lastReply())).toEqual(page1);
    expect(t.serviceRequests()).toBe(1);
  });

  it("answers in Russian", async () => {
    const ru = t.user(RU_OPERATOR, { languageCode: "ru" });
    await ru.send("/overdue");
    expect(ru.lastReply()?.text).toMatch(/^⏰ Просроченных открытых заказов: \d+\. Страница 1 из \d+:$/);
    expect(labelsOf(ru.lastReply())).toContain("Далее ▶️");
  });

  it("says so when no open order is overdue, naming the workshops", async () => {
    const empty = await createTestBot({ sandboxOptions: { orders: 0 }, operators: [OPERATOR] });
    const shop = empty.sandbox.shops[0];
    const scoped = await createTestBot({
      sandbox: empty.sandbox,
      operators: [OPERATOR],
      config: { shopIds: [shop?.id ?? ""] },
    });
    try {
      const user = scoped.user(OPERATOR, { languageCode: "en" });
      await scoped.services.reference.shops(); // main.ts warms the workshop list at start
      scoped.resetServiceRequests();
      await user.send("/overdue");
      expect(scoped.serviceRequests()).toBe(1);
      expect(user.lastReply()?.text).toBe(
        `✅ No open order is past its deadline in the workshop ${shop?.name}.`,
      );
      expect(labelsOf(user.lastReply())).toEqual([]);
    } finally {
      await scoped.close();
      await empty.close();
    }
  });

  it("is in every staff member's /help and command menu, capitalised like the other entries", async () => {
    await op.send("/help");
    expect(op.lastReply()?.text).toContain("/overdue — open orders past their deadline");
    const ru = t.user(RU_OPERATOR, { languageCode: "ru" });
    await ru.send("/help");
    expect(ru.lastReply()?.text).toContain("/overdue — открытые заказы с истёкшим сроком");
    const viewer = t.user(VIEWER, { languageCode: "en" });
    await viewer.send("/help");
    expect(viewer.lastReply()?.text).toContain("/overdue");
    expect(commandList(t.services.i18n, "en", "viewer")).toContainEqual({
      command: "overdue",
      description: "Overdue open orders",
    });
    expect(commandList(t.services.i18n, "ru", "operator")).toContainEqual({
      command: "overdue",
      description: "Просроченные открытые заказы",
    });
  });

  it("is shown to a viewer (it only reads) and refused to a stranger without a request", async () => {
    const viewer = t.user(VIEWER, { languageCode: "en" });
    await viewer.send("/overdue");
    expect(viewer.lastReply()?.text).toMatch(/^⏰ Overdue open orders: \d+\. Page 1 of \d+:$/);
    expect(viewer.lastReply()?.text).not.toContain("operators only");
    t.resetServiceRequests();
    const stranger = t.user(STRANGER, { languageCode: "en" });
    await stranger.send("/overdue");
    expect(stranger.lastReply()?.text).toContain(String(STRANGER));
    expect(stranger.lastReply()?.text).not.toContain("Overdue");
    expect(t.serviceRequests()).toBe(0);
  });

  it("pages for a viewer pressing an operator's list (a shared chat): reading is theirs too", async () => {
    await op.send("/overdue");
    const list = op.lastReply();
    const viewer = t.user(VIEWER, { languageCode: "en" });
    const calls = await viewer.pressData(dataOf(list)[0] ?? "", list);
    expect(JSON.stringify(callsOf(calls, "answerCallbackQuery"))).not.toContain("operators only");
  });

  it("asks the service again for a page of an expired list, with the same query", async () => {
    await op.send("/overdue");
    const list = op.lastReply();
    t.resetServiceRequests();
    await t.clock.advance(RESULT_TTL_MS + 1000);
    await op.press("Next ▶️", { message: list });
    expect(t.serviceRequests()).toBe(1);
    expect(op.lastReply()?.text).toMatch(/^⏰ Overdue open orders: \d+\. Page 2 of \d+:$/);
  });

  it("keeps the list when the service fails, with a retry that works", async () => {
    sandbox.faults.set({ errorRate: 1 });
    try {
      await op.send("/overdue");
    } finally {
      sandbox.faults.set({ errorRate: 0 });
    }
    const failed = op.lastReply();
    expect(labelsOf(failed)).toEqual(["🔁 Try again"]);
    await op.press("🔁 Try again", { message: failed });
    expect(op.lastReply()?.messageId).toBe(failed?.messageId);
    expect(op.lastReply()?.text).toMatch(/^⏰ Overdue open orders: \d+\. Page 1 of \d+:$/);
  });
});

describe("a list longer than one fetch", () => {
  const query = "А00";

  it("says how many were found, offers every page, and fetches the next 48 only when asked", async () => {
    const total = await serviceTotal({ number: query });
    expect(total).toBeGreaterThan(LIST_FETCH_SIZE);
    const pages = Math.ceil(total / LIST_PAGE_SIZE);
    t.resetServiceRequests();
    await op.send(`/order ${query}`);
    const list = op.lastReply();
    expect(list?.text).toContain(`Found ${total} orders for “<b>${query}</b>”. Page 1 of ${pages}`);
    expect(list?.text).not.toContain("first");
    const token = tokenOf(list);
    const lastOfFetch = LIST_FETCH_SIZE / LIST_PAGE_SIZE;
    await op.pressData(`os:${token}:${lastOfFetch}`, list);
    expect(t.serviceRequests()).toBe(1);
    const page6 = op.lastReply();
    expect(page6?.text).toContain(`Page ${lastOfFetch} of ${pages}`);
    await op.press("Next ▶️", { message: page6 });
    expect(t.serviceRequests()).toBe(2); // records 49-96
    const page7 = op.lastReply();
    expect(page7?.text).toContain(`Page ${lastOfFetch + 1} of ${pages}`);
    expect(orderButtons(page7)).toHaveLength(Math.min(LIST_PAGE_SIZE, total - LIST_FETCH_SIZE));
    // An order of the new fetch opens from its saved record.
    const label = labelsOf(page7)[0] ?? "";
    await op.press(label, { message: page7 });
    expect(t.serviceRequests()).toBe(2);
    expect(op.lastReply()?.text).toContain(`<b>Order ${label.split(" · ")[0]}</b>`);
  });

  it("shows the last page with what is left on it", async () => {
    const total = await serviceTotal({ number: query });
    const pages = Math.ceil(total / LIST_PAGE_SIZE);
    await op.send(`/order ${query}`);
    const list = op.lastReply();
    t.resetServiceRequests();
    await op.pressData(`os:${tokenOf(list)}:${pages}`, list);
    expect(t.serviceRequests()).toBe(1);
    const last = op.lastReply();
    expect(last?.text).toContain(`Page ${pages} of ${pages}`);
    expect(orderButtons(last)).toHaveLength(total - (pages - 1) * LIST_PAGE_SIZE);
    expect(labelsOf(last)).toContain("◀️ Back");
    expect(labelsOf(last)).not.toContain("Next ▶️");
    // A page past the end (an old or forged button) is the last page, from the saved records.
    await op.pressData(`os:${tokenOf(list)}:${pages + 5}`, last);
    expect(t.serviceRequests()).toBe(1);
    expect(op.lastReply()?.text).toContain(`Page ${pages} of ${pages}`);
  });

  it("narrowed to several workshops here, says how many of the service's matches it checked", async () => {
    const shopIds = sandbox.shops.slice(0, 2).map((shop) => shop.id);
    expect(sandbox.shops.length).toBeGreaterThan(2); // otherwise nothing is narrowed
    const scoped = await createTestBot({ sandbox, operators: [OPERATOR], config: { shopIds } });
    const user = scoped.user(OPERATOR, { languageCode: "en" });
    try {
      // A number seen first: the bot asks the service in the workshop's own spelling of the prefix.
      await user.send("1042");
      const total = await serviceTotal({ number: query });
      await user.send(`/order ${query}`);
      const list = user.lastReply();
      expect(list?.text).toMatch(
        new RegExp(
          `^🔍 “<b>${query}</b>”: (\\d+) orders? of the configured workshops among matches 1–${LIST_FETCH_SIZE} of ${total} in all workshops\\. Shown: 1–\\d+\\.$`,
        ),
      );
      const kept = Number(/: (\d+) order/.exec(list?.text ?? "")?.[1]);
      expect(orderButtons(list)).toHaveLength(Math.min(kept, LIST_PAGE_SIZE));
      expect(labelsOf(list)).toContain("Next ▶️");
    } finally {
      await scoped.close();
    }
  });
});

describe("a fetch with none of the configured workshops' orders", () => {
  it("says none are here among the matches checked (no 'Shown: 1–0') and offers the next ones", async () => {
    // Two workshops the service has no orders of: every company-wide match is narrowed away here.
    const shopIds = ["5a01000000000000000000fe", "5a01000000000000000000ff"];
    const scoped = await createTestBot({
      sandbox,
      operators: [OPERATOR, OPERATOR + 50],
      config: { shopIds },
    });
    const user = scoped.user(OPERATOR, { languageCode: "en" });
    try {
      await user.send("/order А00");
      const list = user.lastReply();
      expect(list?.text).toMatch(
        new RegExp(
          `^🔍 “<b>А00</b>”: no order of the configured workshops among matches 1–${LIST_FETCH_SIZE} of \\d+ in all workshops; “Next” checks the following ones\\.$`,
        ),
      );
      expect(Number(/ of (\d+) in all/.exec(list?.text ?? "")?.[1])).toBeGreaterThan(LIST_FETCH_SIZE);
      expect(labelsOf(list)).toEqual(["Next ▶️"]);
      const ru = scoped.user(OPERATOR + 50, { languageCode: "ru" });
      await ru.send("/order А00");
      expect(ru.lastReply()?.text).toContain(
        ": в выбранных мастерских заказов нет среди совпадений 1–48 из ",
      );
    } finally {
      await scoped.close();
    }
  });
});

describe("bad or stale list buttons", () => {
  it("are answered, change nothing and cost nothing", async () => {
    await op.send("/overdue");
    const list = op.lastReply();
    const token = tokenOf(list);
    const id = orderButtons(list)[0]?.split(":")[2] ?? "";
    t.resetServiceRequests();
    const before = op.replies().length;
    for (const data of [
      `os:${token}:0`,
      `os:${token}:abc`,
      `os:${token}:99999`,
      `os:${token}`,
      "os:AAAAAAAA:1",
      "os:bad:1",
      `os:${token}:1:1`,
      `oo:AAAAAAAA:${id}`,
      `oo:${token}:`,
      "oo:%E0%A4%A:1",
    ]) {
      const calls = await op.pressData(data, list);
      expect(callsOf(calls, "answerCallbackQuery"), data).toHaveLength(1);
      expect(callsOf(calls, "editMessageText"), data).toHaveLength(0);
      expect(op.replies().length, data).toBe(before);
    }
    expect(t.serviceRequests()).toBe(0);
  });

  it("of a staff filter's token do not open as an order list", async () => {
    await op.send("/masters а");
    const staffData = dataOf(op.lastReply()).find((d) => d.startsWith("sl:") || d.startsWith("sw:")) ?? "";
    const token = staffData.split(":")[3] ?? "";
    expect(token).toMatch(/^[\w-]{8}$/);
    t.resetServiceRequests();
    const calls = await op.pressData(`os:${token}:1`);
    expect(callsOf(calls, "answerCallbackQuery")[0]?.payload.text).toBe(
      "This list is outdated — search again.",
    );
    expect(t.serviceRequests()).toBe(0);
  });
});
