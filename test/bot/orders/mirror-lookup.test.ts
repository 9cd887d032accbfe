/**
 * Lookups, lists, search and inline from a warm order mirror: no request when
 * the mirror holds the order, one on a miss (kept), the card's freshness line,
 * 🔄 Refresh served from a fresh copy, else reading the service and updating the mirror; ru and en.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";
import { createTestBot, textsOf } from "../../helpers/test-bot.ts";

const DAY = 86_400_000;
let t: MirrorBot;

beforeAll(async () => {
  t = await createMirrorBot({
    operators: [1, 2],
    viewers: [3],
    config: { timezone: "Europe/Moscow" },
  });
});
afterAll(() => t.close());
beforeEach(() => t.mark());

function openOrders(): SandboxOrder[] {
  const { store } = t.sandbox;
  return store.orders.filter(
    (o) => o.isVisible && ["new", "inWork"].includes(store.statusById.get(o.statusId)?.group ?? ""),
  );
}
const phoneOf = (order: SandboxOrder) =>
  t.sandbox.store.counteragentById.get(order.counteragentId)?.phones[0] ?? "";
const nameOf = (order: SandboxOrder) =>
  t.sandbox.store.counteragentById.get(order.counteragentId)?.name ?? "";

/** Every text of a reply: message, list buttons. */
function shown(calls: Awaited<ReturnType<MirrorBot["handle"]>>): string {
  return calls
    .map((c) => `${String(c.payload.text ?? "")} ${JSON.stringify(c.payload.reply_markup ?? "")}`)
    .join("\n");
}

describe("lookup by number from the mirror", () => {
  it("every form of a held number shows its card with its freshness, at no request (en)", async () => {
    const order = openOrders()[0]!;
    const user = t.user(1, { languageCode: "en" });
    const digits = /\d+$/.exec(order.number)![0];
    for (const form of [order.number, `#${order.num}`, String(order.num), `/order ${digits}`]) {
      const calls = await user.send(form);
      expect(textsOf(calls).join("\n"), form).toContain(order.number);
      expect(user.lastReply()?.text, form).toMatch(/as of \d\d:\d\d/);
    }
    expect(t.requests()).toBe(0);
  });

  it("the freshness line is in Russian for a Russian user", async () => {
    const order = openOrders()[1]!;
    const user = t.user(2, { languageCode: "ru" });
    await user.send(String(order.num));
    expect(user.lastReply()?.text).toMatch(/по состоянию на \d\d:\d\d/);
    expect(t.requests()).toBe(0);
  });

  it("🔄 Refresh of a copy synced within the sync interval is served from the mirror: 0 requests", async () => {
    const order = openOrders()[4]!;
    await t.mirror.syncNow();
    const user = t.user(1, { languageCode: "en" });
    await user.send(String(order.num));
    t.mark();
    const calls = await user.press("🔄 Refresh");
    expect(t.requests()).toBe(0);
    expect(calls.some((c) => c.method === "answerCallbackQuery")).toBe(true);
    expect(user.lastReply()?.text).toContain(order.number);
  });

  it("🔄 Refresh of an older copy reads the service once and the mirror takes what it read", async () => {
    const order = openOrders()[2]!;
    const user = t.user(1, { languageCode: "en" });
    await user.send(String(order.num));
    const other = t.sandbox.store.ref.statuses.find((s) => s.group === "inWork" && s.id !== order.statusId)!;
    t.sandbox.others.changeStatus(order.id, other.id);
    // Past the sync interval (10 s here) with no sync since: the copy is not fresh.
    await t.clock.advance(11_000);
    t.mark();
    await user.press("🔄 Refresh");
    expect(t.requests()).toBe(1);
    expect(user.lastReply()?.text).toContain(other.name);
    expect(t.mirror.get(order.id)?.order.status?.id).toBe(other.id);
    // And the next lookup shows it without asking.
    t.mark();
    await user.send(String(order.num));
    expect(user.lastReply()?.text).toContain(other.name);
    expect(t.requests()).toBe(0);
  });

  it("an order the mirror does not hold costs one request, then none (kept)", async () => {
    const { store } = t.sandbox;
    const old = store.orders.find(
      (o) =>
        o.isVisible &&
        store.statusById.get(o.statusId)?.group === "closed" &&
        o.lastAction < t.clock.now().getTime() - 31 * DAY &&
        !store.orders.some((x) => x !== o && x.num === o.num),
    );
    if (!old) throw new Error("the seed has no old closed order");
    expect(t.mirror.get(old.id)).toBeUndefined();
    const user = t.user(1, { languageCode: "en" });
    await user.send(String(old.num));
    expect(user.lastReply()?.text).toContain(old.number);
    expect(t.requests()).toBe(1);
    await user.send(String(old.num));
    expect(t.requests()).toBe(1);
  });
});

describe("search by anything from the mirror", () => {
  it("a client's name, or part of it, lists their orders at no request; open ones before closed", async () => {
    const order = openOrders()[3]!;
    const surname = nameOf(order).split(" ")[0]!;
    const user = t.user(1, { languageCode: "en" });
    const calls = await user.send(surname.slice(0, Math.max(4, surname.length - 2)));
    expect(shown(calls)).toContain(order.number);
    expect(t.requests()).toBe(0);
  });

  it("ranks open orders before closed ones, newest first, for a client with both (ru)", async () => {
    const { store } = t.sandbox;
    const groupOf = (id: string) =>
      store.statusById.get(store.orders.find((o) => o.id === id)?.statusId ?? "")?.group;
    const held = store.orders.filter((o) => o.isVisible && t.mirror.get(o.id));
    const client = [...store.counteragentById.values()].find((c) => {
      const mine = held.filter((o) => o.counteragentId === c.id);
      return mine.some((o) => groupOf(o.id) === "closed") && mine.some((o) => groupOf(o.id) !== "closed");
    });
    if (!client) throw new Error("the seed has no client with open and closed orders");
    const user = t.user(2, { languageCode: "ru" });
    await user.send(client.name);
    const ids = (user.lastReply()?.replyMarkup?.inline_keyboard.flat() ?? [])
      .map((b) => ("callback_data" in b ? b.callback_data : undefined))
      .filter((d): d is string => d?.startsWith("oo:") === true)
      .map((d) => d.split(":")[2] ?? "");
    const theirs = ids.filter((id) => store.orders.find((o) => o.id === id)?.counteragentId === client.id);
    expect(theirs.length).toBeGreaterThan(1);
    const closedAt = theirs.findIndex((id) => groupOf(id) === "closed");
    expect(closedAt).toBeGreaterThan(0);
    expect(theirs.slice(closedAt).every((id) => groupOf(id) === "closed")).toBe(true);
    const created = (id: string) => store.orders.find((o) => o.id === id)?.dateCreate ?? 0;
    const open = theirs.slice(0, closedAt).map(created);
    expect(open).toEqual([...open].sort((a, b) => b - a));
    expect(t.requests()).toBe(0);
  });

  it("an exact number comes first in a search that also matches other fields", async () => {
    const order = openOrders()[6]!;
    const results = t.mirror.list({ text: String(order.num) }).items;
    expect(results[0]?.order.id).toBe(order.id);
    const user = t.user(1, { languageCode: "en" });
    const calls = await user.inline(String(order.num));
    const answer = calls.find((c) => c.method === "answerInlineQuery");
    expect((answer?.payload.results as { id: string }[] | undefined)?.[0]?.id).toBe(order.id);
    expect(t.requests()).toBe(0);
  });

  it.each([
    ["as stored", (p: string) => p],
    ["digits only", (p: string) => p.replace(/\D/g, "")],
    ["with 8 instead of +7", (p: string) => `8${p.replace(/\D/g, "").slice(1)}`],
    ["spaced", (p: string) => p.replace(/\D/g, "").replace(/(\d{3})(?=\d)/g, "$1 ")],
    [
      "the last 7 digits with dashes",
      (p: string) =>
        p
          .replace(/\D/g, "")
          .slice(-7)
          .replace(/(\d{3})(\d{2})/, "$1-$2-"),
    ],
  ])("a phone %s finds the order", async (_name, format) => {
    const order = openOrders()[4]!;
    const phone = phoneOf(order);
    expect(phone).not.toBe("");
    const user = t.user(2, { languageCode: "ru" });
    const calls = await user.send(format(phone));
    expect(shown(calls), format(phone)).toContain(order.number);
    expect(t.requests()).toBe(0);
  });

  it("a device or a serial number finds the order", async () => {
    const order = openOrders().find((o) => o.sn.length >= 6)!;
    const user = t.user(1, { languageCode: "en" });
    expect(shown(await user.send(order.sn))).toContain(order.number);
    expect(t.requests()).toBe(0);
  });

  it("nothing found says what the bot searched in (ru, en)", async () => {
    const en = t.user(1, { languageCode: "en" });
    await en.send("Zzyzxqwv");
    expect(en.lastReply()?.text).toContain("Nothing found");
    const ru = t.user(2, { languageCode: "ru" });
    await ru.send("Ъъъщщщ");
    expect(ru.lastReply()?.text).toContain("ничего не найдено");
    expect(t.requests()).toBe(0);
  });

  it("a search's pages and the cards opened from it cost nothing", async () => {
    const user = t.user(1, { languageCode: "en" });
    // A common word of the faults: more than one page of orders.
    const words = t.sandbox.store.orders.flatMap((o) =>
      o.problem
        .join(" ")
        .toLowerCase()
        .split(/[^\p{L}]+/u),
    );
    const word = words.find((w) => w.length >= 4 && t.mirror.list({ text: w }).total > 8);
    if (!word) throw new Error("no common fault word in the seed");
    await user.send(word);
    expect(user.lastReply()?.text).toMatch(/page 1 of \d/);
    await user.press("Next ▶️");
    expect(user.lastReply()?.text).toMatch(/page 2 of \d/);
    const first = user.lastReply()?.replyMarkup?.inline_keyboard[0]?.[0];
    const data = first && "callback_data" in first ? first.callback_data : undefined;
    expect(data).toMatch(/^oo:/);
    await user.press(data!);
    expect(user.lastReply()?.text).toMatch(/as of/);
    expect(t.requests()).toBe(0);
  });
});

describe("inline mode from the mirror", () => {
  it("typing a client's name key by key costs no request and finds the order", async () => {
    const order = openOrders()[5]!;
    const name = nameOf(order);
    const user = t.user(1, { languageCode: "en" });
    let last: Awaited<ReturnType<MirrorBot["handle"]>> = [];
    for (let i = 3; i <= name.length; i++) last = await user.inline(name.slice(0, i));
    const answer = last.find((c) => c.method === "answerInlineQuery");
    expect(JSON.stringify(answer?.payload.results)).toContain(order.number);
    expect(t.requests()).toBe(0);
  });
});

describe("MIRROR=off", () => {
  it("plain text that is no number gets the usual hint, as before", async () => {
    const off = await createTestBot({ operators: [1], sandbox: t.sandbox });
    const user = off.user(1, { languageCode: "en" });
    await user.send("Иванов");
    const hint = off.services.i18n.t("en", "unhandled");
    expect(user.lastReply()?.text).toBe(hint);
    await off.close();
  });
});
