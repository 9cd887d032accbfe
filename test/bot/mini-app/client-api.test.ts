/**
 * The client's page API (issue 38.5, CLIENTS=on): a client linked by their own
 * contact reads only their own orders (another client's order by id is refused),
 * nothing of staff (no names, no comments), answers an estimate with the chat's
 * once-only write (a double tap: ONE PATCH, then "already"), writes to the shop's
 * inbox; an unlinked user is told to share their contact; a forged initData costs
 * no request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MiniAppBot, serveMiniApp } from "../../helpers/mini-app.ts";
import {
  APPROVED,
  aClient,
  awaitingApproval,
  type ClientBot,
  contactUpdate,
  person,
  startClientBot,
  statusId,
} from "../features/client-side/setup.ts";
import { lastInvoice, readyOrder, startPaymentsBot } from "../features/payments/setup.ts";

const CLIENT = 7101;
const OTHER = 7102;
const STRANGER = 7103;
const INBOX = -1_007_100;
let t: ClientBot & MiniAppBot;
let mine: ReturnType<typeof aClient>;
let theirs: ReturnType<typeof aClient>;

const ids = (body: { orders: { id: string }[] }) => body.orders.map((o) => o.id).sort();

beforeAll(async () => {
  t = await serveMiniApp(
    await startClientBot({ clients: { inboxChat: INBOX }, start: new Date("2026-11-18T09:00:00Z") }),
  );
  t.telegram.state.groups.set(INBOX, { type: "supergroup", title: "Inbox", isForum: false });
  mine = aClient(t);
  theirs = aClient(t, [mine.who.id]);
  await t.handle(contactUpdate(t, person(CLIENT, "en"), mine.who.phones[0] ?? ""));
  await t.handle(contactUpdate(t, person(OTHER, "en"), theirs.who.phones[0] ?? ""));
  t.mark();
});
afterAll(() => t.close());

describe("a linked client's page", () => {
  it("lists their own orders only, at 0 requests, and says who they are", async () => {
    const me = await t.call("me", t.initDataFor(CLIENT));
    expect(me.body).toMatchObject({ role: "client", writes: false });
    t.mark();
    const { status, body } = await t.call("mine", t.initDataFor(CLIENT));
    expect(t.requests()).toBe(0);
    expect(status).toBe(200);
    expect(body.orders.length).toBeGreaterThan(0);
    const own = new Set(mine.orders.map((o) => o.id));
    for (const order of body.orders) expect(own.has(order.id)).toBe(true);
    const other = await t.call("mine", t.initDataFor(OTHER));
    expect(ids(other.body).some((id) => own.has(id))).toBe(false);
  });

  it("shows nothing of staff: no employee's name, no comment, no other client's name or phone", async () => {
    const order = mine.orders[0]!;
    const record = t.sandbox.store.orders.find((o) => o.id === order.id)!;
    record.comments.push({ date: t.clock.now().getTime(), text: "INTERNAL: client is rude", author: "Boss" });
    t.sandbox.others.change(order.id, { recommendation: "Replace the screen" });
    await t.syncAndNotify();
    const { body } = await t.call("mine", t.initDataFor(CLIENT));
    const text = JSON.stringify(body);
    expect(text).not.toContain("INTERNAL");
    for (const o of mine.orders) {
      for (const id of [o.masterId, o.managerId]) {
        const name = id ? t.sandbox.store.employeeById.get(id)?.name : undefined;
        if (name) expect(text).not.toContain(name);
      }
      for (const c of t.sandbox.store.orders.find((r) => r.id === o.id)?.comments ?? [])
        expect(text).not.toContain(c.text);
    }
    expect(text).not.toContain(theirs.who.name);
    expect(text).not.toContain(mine.who.name);
    for (const phone of mine.who.phones) expect(text).not.toContain(phone.replace(/\D/g, ""));
    // The staff's order API is not theirs.
    expect((await t.call(`order?id=${order.id}`, t.initDataFor(CLIENT))).status).toBe(403);
    expect((await t.call("board", t.initDataFor(CLIENT))).status).toBe(403);
  });

  it("refuses another client's order by id (answer, pay, write) at 0 requests", async () => {
    const foreign = theirs.orders[0]!;
    t.mark();
    const answer = await t.call("answer", t.initDataFor(CLIENT), {
      orderId: foreign.id,
      round: "0",
      s: "0",
      decision: "approved",
    });
    expect(answer.status).toBe(404);
    expect((await t.call("pay", t.initDataFor(CLIENT), { orderId: foreign.id })).status).toBe(404);
    const write = await t.call("write", t.initDataFor(CLIENT), {
      key: "write-foreign-1",
      orderId: foreign.id,
      text: "hello",
    });
    expect(write.status).toBe(404);
    expect(JSON.stringify([answer.body, write.body])).not.toContain(foreign.number);
    expect(t.requests()).toBe(0);
  });
});

describe("an estimate answered on the page", () => {
  it("is ONE PATCH for a double tap; a later tap is told it is already approved", async () => {
    const open = mine.orders.filter(
      (o) => !["closed", "finish"].includes(t.sandbox.store.statusById.get(o.statusId)?.group ?? ""),
    );
    const order = open[0]!;
    await awaitingApproval(t, order.id, "4100");
    const { body } = await t.call("mine", t.initDataFor(CLIENT));
    const shown = body.orders.find((o: { id: string }) => o.id === order.id);
    expect(shown.approval).toMatchObject({ amount: 4100 });
    const tap = {
      orderId: order.id,
      round: shown.approval.round,
      s: shown.approval.s,
      decision: "approved",
    };
    t.mark();
    const [first, second] = await Promise.all([
      t.call("answer", t.initDataFor(CLIENT), tap),
      t.call("answer", t.initDataFor(CLIENT), tap),
    ]);
    expect(t.requests()).toBe(1);
    expect(first.body).toMatchObject({ ok: true, decision: "approved" });
    expect(second.body).toMatchObject({ ok: true, decision: "approved" });
    const record = t.sandbox.store.orders.find((o) => o.id === order.id)!;
    expect(record.statusId).toBe(statusId(t, APPROVED));
    // Told in the chat too, once, as a press there tells it.
    const told = t.telegram.botMessages(CLIENT).filter((m) => m.text.includes("You approved"));
    expect(told).toHaveLength(1);
    const later = await t.call("answer", t.initDataFor(CLIENT), tap);
    expect(later.body).toMatchObject({ ok: false, outcome: "already" });
    expect(t.requests()).toBe(1);
    // The other client cannot answer it, nor learn of it.
    expect((await t.call("answer", t.initDataFor(OTHER), tap)).status).toBe(404);
    expect(t.requests()).toBe(1);
  });
});

describe("a message to the shop", () => {
  it("reaches the shop's inbox once per submission, at 0 requests", async () => {
    const body = { key: "write-shop-0001", text: "When can I come?" };
    const before = t.telegram.botMessages(INBOX).length;
    t.mark();
    const [a, b] = await Promise.all([
      t.call("write", t.initDataFor(CLIENT), body),
      t.call("write", t.initDataFor(CLIENT), body),
    ]);
    expect(a.body).toMatchObject({ ok: true });
    expect(b.body).toMatchObject({ ok: true });
    const posted = t.telegram.botMessages(INBOX).slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.text).toContain("When can I come?");
    expect(t.requests()).toBe(0);
  });
});

describe("who may not", () => {
  it("tells an unlinked user to share their contact; a forged initData is refused at 0 requests", async () => {
    const stranger = await t.call("me", t.initDataFor(STRANGER));
    expect(stranger.status).toBe(403);
    expect(stranger.body).toMatchObject({ share: true });
    expect((await t.call("mine", t.initDataFor(STRANGER))).status).toBe(403);
    const forged = t.initDataFor(CLIENT).replace(/User7101/, "User7102");
    t.mark();
    for (const path of ["me", "mine"]) expect((await t.call(path, forged)).status).toBe(401);
    const tap = { orderId: mine.orders[0]?.id, round: "0", s: "0", decision: "approved" };
    expect((await t.call("answer", forged, tap)).status).toBe(401);
    expect((await t.call("pay", forged, { orderId: mine.orders[0]?.id })).status).toBe(401);
    expect(t.requests()).toBe(0);
  });
});

describe("paying on the page (PAYMENT_PROVIDER_TOKEN set)", () => {
  it("offers 💳 for a ready order with something due, and sends the invoice into the chat at 0 requests", async () => {
    const bot = await serveMiniApp(await startPaymentsBot({ start: new Date("2026-11-18T09:00:00Z") }));
    try {
      const { record, from } = await readyOrder(bot, 7201, "en");
      const { body } = await bot.call("mine", bot.initDataFor(from.id));
      const shown = body.orders.find((o: { id: string }) => o.id === record.id);
      expect(shown.pay).toMatchObject({ kind: "full", amount: 4900 });
      bot.mark();
      const paid = await bot.call("pay", bot.initDataFor(from.id), { orderId: record.id });
      expect(paid.body).toMatchObject({ ok: true });
      expect(lastInvoice(bot, from.id).total).toBe(490000);
      expect(bot.requests()).toBe(0);
    } finally {
      await bot.close();
    }
  });
});
