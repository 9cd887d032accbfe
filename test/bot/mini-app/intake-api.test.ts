/**
 * The Mini App's intake (issue 38.4): the form's lists at 0 requests once warm, a
 * wrong draft refused by the chat's rules with an error per field at 0 requests, a
 * create that sends what the chat's intake sends for the same order (the create
 * and the read of the new order; the chat's client search is the page's search of
 * the bot's copy, 0 requests), one create however often a submission arrives, the
 * card in the clerk's chat, and nothing for a forged initData or a viewer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialogStates } from "../../../src/bot/dialog-kit/plugins.ts";
import { CREATE_ORDER } from "../../../src/bot/features/order-create/take-in.ts";
import { createIntakeRecords } from "../../../src/bot/state/intake-records.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import { createMiniAppBot, type MiniAppBot } from "../../helpers/mini-app.ts";

const OPERATOR = 811;
const VIEWER = 812;
let t: MiniAppBot;
let sandbox: Sandbox;

/** The bot's own service requests (its client's fetch), the mirror's left out. */
const sent: { method: string; path: string; body?: string }[] = [];
/** While on, a POST lands in the sandbox but its answer is lost (a timeout, a dropped connection). */
let loseAnswers = false;
const recording: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = init?.method ?? (input instanceof Request ? input.method : "GET");
  sent.push({ method, path: url.pathname, body: typeof init?.body === "string" ? init.body : undefined });
  const response = await fetch(input, init);
  if (loseAnswers && method === "POST") throw new TypeError("fetch failed");
  return response;
};
const writesAndReads = () => sent.filter((r) => !r.path.includes("auth"));

beforeAll(async () => {
  t = await createMiniAppBot({
    operators: [OPERATOR],
    viewers: [VIEWER],
    orders: 120,
    start: new Date("2026-11-18T09:00:00Z"),
    clientOptions: { fetch: recording },
  });
  sandbox = t.sandbox;
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read field by field.
async function options(): Promise<any> {
  return (await t.call("intake-options", t.initDataFor(OPERATOR))).body;
}

// biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read field by field.
function draftOf(o: any, client: unknown, extra: Record<string, unknown> = {}) {
  const type = o.types.find((x: { name: string }) => x.name === "Платный ремонт");
  return {
    shopId: o.shops[0].id,
    typeId: type.id,
    client,
    device: { typeDevice: "Smartphone", problem: "Не включается\nТрещина на экране" },
    ...extra,
  };
}

describe("the form's lists", () => {
  it("gives types with their required fields, staff, registers, learned devices: 0 requests warm", async () => {
    await options();
    t.mark();
    const o = await options();
    expect(t.requests()).toBe(0);
    const warranty = o.types.find((x: { name: string }) => x.name === "Гарантийный ремонт");
    expect(warranty.fields.map((f: { name: string }) => f.name)).toEqual(["Номер гарантийного талона"]);
    const visit = o.types.find((x: { name: string }) => x.name === "Выездной ремонт");
    expect(visit.fields.find((f: { kind: string }) => f.kind === "choice").items).toHaveLength(3);
    expect(o.shops[0].masters.length).toBeGreaterThan(0);
    expect(o.shops[0].managers.length).toBeGreaterThan(0);
    expect(o.shops[0].registers.length).toBeGreaterThan(0);
    expect(o.phoneCountry).toBe(t.config.phoneCountry);
    expect(Array.isArray(o.devices)).toBe(true);
  });

  it("searches the clients of the bot's copy at 0 requests", async () => {
    const held = t.mirror.searchClients("а", 1).items[0]?.client;
    const name = held?.name ?? "?";
    t.mark();
    const found = await t.call(`clients?q=${encodeURIComponent(name)}`, t.initDataFor(OPERATOR));
    expect(t.requests()).toBe(0);
    expect(found.body.clients.map((c: { id: string }) => c.id)).toContain(held?.id);
    expect(found.body.complete).toBe(true);
  });

  it("asks the CRM itself, 1 request, only when asked and the copy does not hold every client", async () => {
    const mirror = t.services.config.mirror as { clients: boolean };
    mirror.clients = false;
    try {
      const client = sandbox.store.counteragents.at(-1);
      const q = encodeURIComponent(client?.name ?? "?");
      t.mark();
      const typed = await t.call(`clients?q=${q}`, t.initDataFor(OPERATOR));
      expect(typed.body.complete).toBe(false);
      expect(t.requests()).toBe(0);
      const asked = await t.call(`clients?q=${q}&full=1`, t.initDataFor(OPERATOR));
      expect(t.requests()).toBe(1);
      expect(asked.body.clients.map((c: { id: string }) => c.id)).toContain(client?.id);
    } finally {
      mirror.clients = true;
    }
  });
});

describe("a wrong draft", () => {
  it("is refused by the chat's rules with an error per field, at 0 requests", async () => {
    const o = await options();
    const warranty = o.types.find((x: { name: string }) => x.name === "Гарантийный ремонт");
    t.mark();
    const answer = await t.call("intake", t.initDataFor(OPERATOR), {
      key: "intake-bad-0001",
      draft: {
        ...draftOf(o, { name: "+7 912 000-77-01", phone: "8 903 555-1-22" }),
        typeId: warranty.id,
        device: { typeDevice: "", problem: "x" },
        price: "abc",
        deadline: "2026-11-01",
        masterId: "nobody",
        prepayment: { registerId: o.shops[0].registers[0].id, money: "-5" },
      },
    });
    expect(t.requests()).toBe(0);
    expect(answer.body.ok).toBe(false);
    expect(answer.body.outcome).toBe("invalid");
    expect(answer.body.errors).toMatchObject({
      "client.name": "That is a phone number: type the client's name here.",
      "client.phone": expect.stringContaining("not a phone number"),
      "device.typeDevice": "Fill this in.",
      "device.problem": expect.stringContaining("at least 2"),
      price: expect.stringContaining("1500"),
      deadline: "The deadline must be in the future.",
      master: "Pick one from the list.",
      "prepayment.money": expect.stringContaining("1500"),
      [`field.${warranty.fields[0].id}`]: "Fill this in.",
    });
  });

  it("speaks the clerk's language", async () => {
    const o = await options();
    const answer = await t.call("intake", t.initDataFor(OPERATOR, { languageCode: "ru" }), {
      key: "intake-bad-0002",
      draft: draftOf(o, { name: "" }),
    });
    expect(answer.body.errors["client.name"]).toBe("Заполните поле.");
  });
});

describe("the create", () => {
  it("sends what the chat's intake sends for the same order", async () => {
    const o = await options();
    // The chat's intake: a new client found by nobody's phone, the same device and faults.
    const op = t.user(OPERATOR, { languageCode: "en" });
    sent.length = 0;
    await op.send("/new");
    await op.press(o.shops[0].name);
    await op.press("Платный ремонт");
    await op.send("+7 912 000-88-01");
    await op.send("Чат Клиент");
    await op.send("Smartphone");
    await op.send("Не включается\nТрещина на экране");
    expect(t.telegram.botMessages(OPERATOR).at(-1)?.text).toContain("Check the order");
    await op.press("✅ Create");
    const chat = writesAndReads();
    sent.length = 0;
    const answer = await t.call("intake", t.initDataFor(OPERATOR), {
      key: "intake-same-0001",
      draft: draftOf(o, { name: "Чат Клиент", phone: "+7 912 000-88-01" }),
    });
    expect(answer.body.ok).toBe(true);
    const web = writesAndReads();
    // The same calls (the new order's id aside) and the same create body, field by field.
    const shape = (r: { method: string; path: string }) =>
      `${r.method} ${r.path.replace(/[0-9a-f]{24}$/, "<id>")}`;
    expect(web.map(shape)).toEqual(chat.map(shape));
    expect(web.map(shape)).toEqual([`POST /shops/${o.shops[0].id}/orders`, "GET /orders/<id>"]);
    expect(JSON.parse(web[0]?.body ?? "{}")).toEqual(JSON.parse(chat[0]?.body ?? "{}"));
    expect(answer.body.number).toMatch(/\d/);
    const created = sandbox.store.orders.find((x) => x.id === answer.body.id);
    expect(created?.typeDevice).toBe("Smartphone");
    expect(created?.problem).toEqual(["Не включается", "Трещина на экране"]);
    expect(sandbox.store.counteragentById.get(created?.counteragentId ?? "")?.phones).toEqual([
      "+7 912 000-88-01",
    ]);
    // The card in the clerk's chat with the bot, as after the chat's intake.
    expect(t.telegram.botMessages(OPERATOR).at(-1)?.text).toContain("Order created");
    expect(t.telegram.botMessages(OPERATOR).at(-1)?.text).toContain(answer.body.number);
    // The record kept for 🧾 on that card (no request to print it), with the clerk, as the chat keeps it.
    const kept = await createIntakeRecords(t.store).get(answer.body.id);
    expect(kept?.clerk).toBe(`User${OPERATOR}`);
    expect(kept?.order.number).toBe(answer.body.number);
  });

  it("creates once for a double submit and a retry after a lost answer", async () => {
    const o = await options();
    const holder = t.mirror.searchClients("а", 1).items[0]?.client;
    const body = {
      key: "intake-twice-0001",
      draft: draftOf(o, { id: holder?.id }, { price: "2500", urgent: true, sn: undefined }),
    };
    const count = sandbox.store.orders.length;
    t.mark();
    const [first, second] = await Promise.all([
      t.call("intake", t.initDataFor(OPERATOR), body),
      t.call("intake", t.initDataFor(OPERATOR), body),
    ]);
    const spent = t.requests();
    const retry = await t.call("intake", t.initDataFor(OPERATOR), body);
    expect(t.requests()).toBe(spent);
    expect(sandbox.store.orders.length).toBe(count + 1);
    expect(first.body).toEqual(second.body);
    expect(retry.body).toEqual(first.body);
    const created = sandbox.store.orders.find((x) => x.id === first.body.id);
    expect(created?.counteragentId).toBe(holder?.id);
    expect(created?.isUrgent).toBe(true);
    expect(Number(created?.approximatePrice)).toBe(2500);
  });
});

describe("the chat's /new the form was opened from", () => {
  it("ends once the form creates the order, so the chat's next text is no answer to its question", async () => {
    const o = await options();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    // The workshop is remembered from the creates above: the chat asks for the type.
    expect(
      t.telegram
        .botMessages(OPERATOR)
        .at(-1)
        ?.replyMarkup?.inline_keyboard.flat()
        .map((b) => b.text),
    ).toContain("Платный ремонт");
    const dialogs = () => t.store.open(dialogStates).read(String(OPERATOR));
    expect(Object.keys((await dialogs())?.state ?? {})).toEqual([CREATE_ORDER]);
    const answer = await t.call("intake", t.initDataFor(OPERATOR), {
      key: "intake-from-chat-0001",
      draft: draftOf(o, { name: "Форма Клиент", phone: "+7 912 000-88-02" }),
    });
    expect(answer.body.ok).toBe(true);
    expect(await dialogs()).toBeUndefined();
    // The type the chat was asking for, typed now, is no intake's answer: no second order.
    const count = sandbox.store.orders.length;
    await op.send("Платный ремонт");
    expect(sandbox.store.orders.length).toBe(count);
    // A search, as any text outside a dialog.
    expect(t.telegram.botMessages(OPERATOR).at(-1)?.text).toContain("Nothing found");
  });

  it("leaves a dialog the clerk started since (another than the intake)", async () => {
    await t.store.open(dialogStates).write(String(OPERATOR), {
      version: [1, 1],
      state: { "status-change": [{ replay: { send: [], receive: [] }, interrupts: [] }] },
    } as never);
    const o = await options();
    const answer = await t.call("intake", t.initDataFor(OPERATOR), {
      key: "intake-from-chat-0002",
      draft: draftOf(o, { name: "Форма Клиент", phone: "+7 912 000-88-03" }),
    });
    expect(answer.body.ok).toBe(true);
    expect(Object.keys((await t.store.open(dialogStates).read(String(OPERATOR)))?.state ?? {})).toEqual([
      "status-change",
    ]);
    await t.store.open(dialogStates).delete(String(OPERATOR));
  });
});

describe("an answer lost", () => {
  it("is told as unknown; the retry with the same key finds the order instead of creating again", async () => {
    const o = await options();
    const body = { key: "intake-lost-0001", draft: draftOf(o, { name: "Потерянный Ответ" }) };
    const count = sandbox.store.orders.length;
    loseAnswers = true;
    const lost = await t.call("intake", t.initDataFor(OPERATOR), body);
    loseAnswers = false;
    expect(lost.body).toMatchObject({ ok: false, outcome: "unknown" });
    expect(sandbox.store.orders.length).toBe(count + 1);
    const retry = await t.call("intake", t.initDataFor(OPERATOR), body);
    expect(retry.body.ok).toBe(true);
    expect(sandbox.store.orders.length).toBe(count + 1);
    const made = sandbox.store.orders.at(-1);
    expect(retry.body.id).toBe(made?.id);
    expect(sandbox.store.counteragentById.get(made?.counteragentId ?? "")?.name).toBe("Потерянный Ответ");
  });
});

describe("who may", () => {
  it("refuses a forged initData and a viewer at 0 requests", async () => {
    const forged = t.initDataFor(OPERATOR).replace(/User811/, "User812");
    t.mark();
    for (const path of ["intake-options", "clients?q=ab"])
      expect((await t.call(path, forged)).status).toBe(401);
    expect((await t.call("intake", forged, { key: "intake-forged-01", draft: {} })).status).toBe(401);
    for (const path of ["intake-options", "clients?q=ab"])
      expect((await t.call(path, t.initDataFor(VIEWER))).status).toBe(403);
    expect(
      (await t.call("intake", t.initDataFor(VIEWER), { key: "intake-viewer-1", draft: {} })).status,
    ).toBe(403);
    expect(t.requests()).toBe(0);
  });
});
