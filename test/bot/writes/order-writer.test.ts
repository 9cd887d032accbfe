/**
 * The order writer (src/bot/writes/order-writer.ts, over the write core), one test per kind of write,
 * on a bot with a warm order mirror: the exactly-once marker is claimed, the
 * author's own change is noted before the request, only the written fields go
 * onto the mirror's record (what others changed meanwhile stays), the card
 * comes back, a double press sends once, and a store that cannot keep the
 * marker sends nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Persisted, RecordAdapter, StorageAdapter, Store } from "../../../src/bot/store/storage.ts";
import type { Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import { buttonData } from "../../helpers/dialog-driver.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";
import { takeOfferedName } from "../../helpers/offered-name.ts";
import type { TestUser } from "../../helpers/test-bot.ts";

const OPERATOR = 1;
let t: MirrorBot;
/** What happened, in order: store writes of the writer's namespaces and the requests the bot sent. */
let events: string[] = [];

beforeAll(async () => {
  t = await createMirrorBot({
    operators: [OPERATOR],
    clientOptions: {
      fetch: (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        events.push(`${init?.method ?? "GET"} ${url.pathname}`);
        return fetch(input, init);
      },
    },
  });
  recordStore(t);
});
afterAll(() => t.close());

/** Records the writes of the marker and own-change namespaces into `events`. */
function recordStore(bot: MirrorBot): void {
  const store = bot.services.store;
  const adapter = store.adapter.bind(store);
  const open = store.open.bind(store);
  const recorded = <A extends StorageAdapter<T>, T>(namespace: string, inner: A): A => {
    if (namespace !== "dialog-writes" && namespace !== "own-changes") return inner;
    return {
      ...inner,
      read: (key: string) => inner.read(key),
      delete: (key: string) => inner.delete(key),
      write: (key: string, value: T) => {
        const state = (value as { state?: string }).state;
        events.push(
          namespace === "own-changes" ? `own ${key.split(":").slice(2).join(":")}` : `marker ${state}`,
        );
        return inner.write(key, value);
      },
    };
  };
  bot.services.store = {
    ...store,
    adapter: <T>(namespace: string, options?: { ttlSeconds?: number }) =>
      recorded<StorageAdapter<T>, T>(namespace, adapter<T>(namespace, options)),
    open: <T>(record: Persisted<T>) => recorded<RecordAdapter<T>, T>(record.namespace, open(record)),
  } satisfies Store;
}

const text = (op: TestUser) => op.lastReply()?.text ?? "";

async function press(op: TestUser, pattern: RegExp): Promise<void> {
  const label = op
    .lastReply()
    ?.replyMarkup?.inline_keyboard.flat()
    .find((b) => pattern.test(b.text))?.text;
  if (!label) throw new Error(`no button ${pattern} in: ${text(op)}`);
  await op.press(label);
}

function openOrder(pick: (o: SandboxOrder) => boolean = () => true): SandboxOrder {
  const { store } = t.sandbox;
  const order = store.orders.find(
    (o) =>
      o.isVisible &&
      store.statusById.get(o.statusId)?.group === "new" &&
      t.mirror.get(o.id) !== undefined &&
      !used.has(o.id) &&
      pick(o),
  );
  if (!order) throw new Error("no open order held by the mirror");
  used.add(order.id);
  return order;
}
const used = new Set<string>();

describe("change: status with payment", () => {
  it("claims, notes the own change before the PATCH, writes through only its fields and answers with the card", async () => {
    const order = openOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/status ${order.number}`);
    await press(op, /💰/);
    await press(op, /cash/);
    // A register taking cash and bank asks how: cash.
    if (text(op).includes("How")) await op.press("💵 Cash");
    await op.send("500");
    // More than is left on this order: the overpayment is confirmed.
    if (text(op).includes("overpayment")) await op.press("✅ Yes");
    // Meanwhile another user assigns a manager; the mirror learns it before the clerk confirms.
    const manager = t.sandbox.store.employeesOfShop(order.shopId).find((e) => e.id !== order.managerId);
    if (!manager) throw new Error("no other manager");
    t.sandbox.others.assign(order.id, { managerId: manager.id });
    await t.clock.advance(60_000);
    await t.sync();
    const paidBefore = t.mirror.get(order.id)?.order.cash?.summ ?? 0;
    const confirm = op.lastReply();
    if (!confirm) throw new Error("no confirmation");
    const yes = buttonData(confirm, "✅ Yes");
    events = [];
    t.mark();
    await op.press("✅ Yes");
    // A second press of the same Yes (a double tap) sends nothing more.
    await op.pressData(yes, confirm);

    const status = t.sandbox.store.orders.find((o) => o.id === order.id)?.statusId ?? "";
    expect(t.sandbox.store.statusById.get(status)?.group).not.toBe("new");
    expect(t.sandbox.store.transactions.filter((tr) => tr.orderId === order.id)).toHaveLength(1);
    expect(t.requests()).toBe(1);
    expect(events).toEqual([
      "marker sending",
      `own status:${status}`,
      `PATCH /orders/${order.id}`,
      "marker done",
    ]);
    const held = t.mirror.get(order.id)?.order;
    expect(held?.status?.id).toBe(status);
    expect(held?.cash?.summ).toBe(paidBefore + 500);
    // Not turned back to the record the dialog started from.
    expect(held?.manager?.id).toBe(manager.id);
    const reply = op.replies().find((m) => m.text.includes("Status changed"));
    expect(reply?.text).toContain(`Order ${order.number}`);
    expect(reply?.replyMarkup?.inline_keyboard.flat().length).toBeGreaterThan(0);
  });
});

/** An open order of the mirror and a master of its workshop who is not on it. */
function orderWithOtherMaster() {
  const { store } = t.sandbox;
  const order = openOrder((o) =>
    store.employeesOfShop(o.shopId).some((e) => e.isMaster && e.id !== o.masterId),
  );
  const person = store.employeesOfShop(order.shopId).find((e) => e.isMaster && e.id !== order.masterId);
  if (!person) throw new Error("no master");
  return { order, person };
}

describe("change: master", () => {
  it("one PATCH, the own change noted first, the card with the master", async () => {
    const { order, person } = orderWithOtherMaster();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(order.number);
    await op.press("🔧 Master");
    events = [];
    t.mark();
    await op.press(person.name);
    expect(t.requests()).toBe(1);
    expect(events).toEqual([
      "marker sending",
      `own master:${person.id}`,
      `PATCH /orders/${order.id}`,
      "marker done",
    ]);
    expect(t.mirror.get(order.id)?.order.master?.id).toBe(person.id);
    expect(text(op)).toContain("Master assigned");
    expect(text(op)).toContain(person.name);
  });
});

describe("change: master, the service failing", () => {
  it("offers a retry with the pick kept; the retry assigns once (en)", async () => {
    const { store } = t.sandbox;
    const { order, person } = orderWithOtherMaster();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(order.number);
    await op.press("🔧 Master");
    t.sandbox.faults.set({ errorRate: 1 });
    await op.press(person.name);
    t.sandbox.faults.clear();
    expect(
      op
        .replies()
        .map((m) => m.text ?? "")
        .join("\n"),
    ).toContain("The service did not accept the change");
    expect(text(op)).toContain("Try again?");
    await press(op, /^✅/);
    expect(store.orders.find((o) => o.id === order.id)?.masterId).toBe(person.id);
    expect(text(op)).toContain("Master assigned");
  });
});

describe("comment", () => {
  it("one PATCH, no own change to note, the mirror's copy lists the comment", async () => {
    const order = openOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(order.number);
    await op.press("💬 Comment");
    events = [];
    t.mark();
    await op.send("Позвонить после обеда");
    expect(t.requests()).toBe(1);
    expect(events).toEqual(["marker sending", `PATCH /orders/${order.id}`, "marker done"]);
    expect(t.mirror.get(order.id)?.order.comments?.at(-1)?.text).toBe("User1: Позвонить после обеда");
    expect(order.comments.filter((c) => c.text === "User1: Позвонить после обеда")).toHaveLength(1);
    expect(text(op)).toContain("Comment added");
  });
});

/** /new up to the summary: the first workshop (when asked), the first order type, a new client. */
async function intake(op: TestUser, client: string): Promise<void> {
  await op.send("/new");
  if (text(op).includes("Workshop:")) await press(op, /./);
  await op.press("Платный ремонт");
  await op.send(client);
  await op.press("➕ New client");
  await takeOfferedName(op);
  await op.press("⏭ Skip"); // the new client's phone
  await op.send("Smartphone");
  await op.send("Не включается");
  expect(text(op)).toContain("Check the order");
}

describe("create", () => {
  it("claims, sends the create and the read of its number (2 requests), notes it as own, the mirror holds it", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await intake(op, "Писарев Глеб");
    const summary = op.lastReply();
    if (!summary) throw new Error("no summary");
    const create = buttonData(summary, "✅ Create");
    const before = t.sandbox.store.orders.length;
    events = [];
    t.mark();
    await op.press("✅ Create");
    await op.pressData(create, summary);
    expect(t.sandbox.store.orders.length).toBe(before + 1);
    const created = t.sandbox.store.orders.at(-1);
    if (!created) throw new Error("no order");
    expect(t.requests()).toBe(2);
    expect(events).toEqual([
      "marker sending",
      expect.stringMatching(/^POST \/shops\/.+\/orders$|^POST \/orders/),
      "own created:-",
      "marker done",
      `GET /orders/${created.id}`,
    ]);
    expect(t.mirror.get(created.id)?.order.number).toBe(created.number);
    const reply = op.replies().find((m) => m.text.includes("Order created"));
    expect(reply?.text).toContain(created.number);
  });
});

describe("a store that cannot keep the marker", () => {
  it("sends nothing, says so, and the dialog keeps what was typed", async () => {
    const order = openOrder();
    const from = order.statusId;
    const op = t.user(OPERATOR, { languageCode: "ru" });
    await op.send(`/status ${order.number}`);
    // A status that takes no payment: straight to the confirmation.
    await press(op, /^(?!•|💰|✖)/u);
    expect(text(op)).toContain("Сменить статус");
    const store = t.services.store;
    const adapter = store.adapter.bind(store);
    t.services.store = {
      ...store,
      adapter: <T>(namespace: string, options?: { ttlSeconds?: number }) => {
        if (namespace !== "dialog-writes") return adapter<T>(namespace, options);
        const broken = async (): Promise<never> => {
          throw new Error("disk full");
        };
        return { read: broken, write: broken, delete: broken };
      },
    };
    t.mark();
    try {
      await op.press("✅ Да");
    } finally {
      t.services.store = store;
    }
    expect(t.requests()).toBe(0);
    expect(order.statusId).toBe(from);
    expect(op.replies().at(-2)?.text).toContain("в CRM ничего не отправлено");
    // The dialog is still there: the retry sends once the store is back.
    expect(text(op)).toContain("Повторить?");
    await op.press("✅ Да");
    expect(t.requests()).toBe(1);
    expect(order.statusId).not.toBe(from);
  });
});
