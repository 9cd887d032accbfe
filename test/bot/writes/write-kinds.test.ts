/**
 * The write core's guarantees, shown for every order kind alike (create; a
 * change: status with payment, master, a diagnosis' fields with a deadline;
 * comment), on bots with a warm order mirror:
 * - a double press (or the same update twice) sends once;
 * - a bot killed while the request travels (marker "sending", no answer) is
 *   resolved at the chat's next update on a restarted bot: landed, it says so
 *   in the kind's words and never sends again; not landed, it says nothing
 *   reached the CRM;
 * - the resolved write is written through to that bot's mirror at once, and
 *   its own change is noted for the notifier (not echoed to its author).
 * The kind "payment" has no chat: the same, resolved by the payments' retry of
 * the restarted bot (features/payments/retry.ts) once the dead attempt's claim
 * has lapsed.
 */
import type { Update } from "grammy/types";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { isOwnChange } from "../../../src/bot/state/own-changes.ts";
import { paymentOf } from "../../../src/bot/state/payments.ts";
import { createMemoryStore, type Store } from "../../../src/bot/store/storage.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import type { Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import type { Order } from "../../../src/service/index.ts";
import {
  buttonData,
  fillOrder,
  lastText,
  pressDeadline,
  pressMatching,
} from "../../helpers/dialog-driver.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";
import { payInvoice } from "../../helpers/payments.ts";
import type { TestUser } from "../../helpers/test-bot.ts";
import type { ClientBot } from "../features/client-side/setup.ts";
import {
  anotherInstance,
  bankPayments,
  invoiced,
  PAID,
  retryOf,
  startPaymentsBot,
} from "../features/payments/setup.ts";

const OP = 7;
const clock = new ManualClock(new Date());
let sandbox: Sandbox;
let shopId: string;
const bots: MirrorBot[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, orders: 300, clock: { now: () => clock.now().getTime() } });
  shopId = sandbox.shops[0]?.id ?? "";
});
afterAll(() => sandbox.close());
afterEach(async () => {
  for (const bot of bots.splice(0)) await bot.close();
});

type Point = "service-did-it" | "before-request";

/** A mirror bot on the shared sandbox; `dying`: its write request (method) hangs for good at `point`. */
async function mirrorBot(
  store: Store,
  dying?: { method: string; point: Point; hit: () => void },
): Promise<MirrorBot> {
  const bot = await createMirrorBot({
    sandbox,
    clock,
    store,
    operators: [OP],
    config: { shopIds: [shopId] },
    clientOptions: dying && {
      fetch: async (input, init) => {
        if (init?.method !== dying.method) return fetch(input, init);
        if (dying.point === "service-did-it") await fetch(input, init);
        dying.hit();
        return new Promise<never>(() => {});
      },
    },
  });
  bots.push(bot);
  return bot;
}

const used = new Set<string>();
function openOrder(
  pick: (o: SandboxOrder) => boolean = () => true,
  groups = ["new", "inWork"],
): SandboxOrder {
  const order = sandbox.store.orders.find(
    (o) =>
      o.shopId === shopId &&
      o.isVisible &&
      !used.has(o.id) &&
      groups.includes(sandbox.store.statusById.get(o.statusId)?.group ?? "") &&
      pick(o),
  );
  if (!order) throw new Error("no open order");
  used.add(order.id);
  return order;
}

interface KindCase {
  name: string;
  method: "POST" | "PATCH";
  /** Drives `op` up to the write; returns the write's trigger (a press, a text) and the order it concerns. */
  prepare(
    op: TestUser,
    tag: string,
  ): Promise<{ write: () => Promise<unknown>; order: () => SandboxOrder | undefined }>;
  /** How many times the write is in the service (orders, payments, comments, the values set). */
  landed(order: SandboxOrder | undefined, tag: string): number;
  /** The restarted bot's words (en) at the next update: landed, and not landed. */
  said: { landed: string; notLanded: string };
  /** The mirror's record shows the write. */
  through(held: Order | undefined, tag: string): boolean;
  /** The own change noted for the author, when the kind notes one. */
  own?(order: SandboxOrder): { kind: "created" | "status" | "master"; to?: string };
}

let seq = 0;
const CASES: KindCase[] = [
  {
    name: "create",
    method: "POST",
    async prepare(op, tag) {
      await fillOrder(op, { client: { query: `Видов ${tag}` } });
      const summary = op.lastReply();
      if (!summary) throw new Error("no summary");
      const data = buttonData(summary, "✅ Create");
      const order = () =>
        sandbox.store.orders.find(
          (o) => sandbox.store.counteragentById.get(o.counteragentId)?.name === `Видов ${tag}`,
        );
      return { write: () => op.pressData(data, summary), order };
    },
    landed: (_order, tag) =>
      sandbox.store.orders.filter(
        (o) => sandbox.store.counteragentById.get(o.counteragentId)?.name === `Видов ${tag}`,
      ).length,
    said: { landed: "was created before the bot was interrupted", notLanded: "The order was not created" },
    through: (held, tag) => held?.counteragent?.name === `Видов ${tag}`,
    own: () => ({ kind: "created" }),
  },
  {
    name: "change: status with payment",
    method: "PATCH",
    async prepare(op) {
      const order = openOrder(undefined, ["new"]);
      await op.send(`/status ${order.number}`);
      await pressMatching(op, /💰/);
      await pressMatching(op, /cash/);
      if (lastText(op).includes("How does the client pay")) await op.press("💵 Cash");
      await op.send("500");
      if (lastText(op).startsWith("⚠️")) await pressMatching(op, /^✅/);
      const confirm = op.lastReply();
      if (!confirm) throw new Error("no confirmation");
      const data = buttonData(confirm, "✅ Yes");
      return { write: () => op.pressData(data, confirm), order: () => order };
    },
    landed: (order) => sandbox.store.transactions.filter((tr) => tr.orderId === order?.id).length,
    said: { landed: "• 500 ₽ taken", notLanded: "did not reach the CRM: nothing was changed there" },
    through: (held) => held?.status?.name !== undefined && held.status.type !== "new",
    own: (order) => ({ kind: "status", to: order.statusId }),
  },
  {
    name: "change: master",
    method: "PATCH",
    async prepare(op) {
      const order = openOrder((o) =>
        sandbox.store.employeesOfShop(o.shopId).some((e) => e.isMaster && e.id !== o.masterId),
      );
      const person = sandbox.store
        .employeesOfShop(order.shopId)
        .find((e) => e.isMaster && e.id !== order.masterId);
      if (!person) throw new Error("no master");
      await op.send(order.number);
      await op.press("🔧 Master");
      const prompt = op.lastReply();
      if (!prompt) throw new Error("no prompt");
      const data = buttonData(prompt, person.name);
      masters.set(order.id, person.id);
      return { write: () => op.pressData(data, prompt), order: () => order };
    },
    landed: (order) => (order && order.masterId === masters.get(order.id) ? 1 : 0),
    said: { landed: "• the master is now", notLanded: "did not reach the CRM: nothing was changed there" },
    through: (held) => held !== undefined && held.master?.id === masters.get(held.id),
    own: (order) => ({ kind: "master", to: order.masterId ?? "" }),
  },
  {
    name: "change: a diagnosis' fields with a deadline",
    method: "PATCH",
    async prepare(op, tag) {
      const order = openOrder();
      await op.send(order.number);
      await op.press("🩺 Diagnosis");
      await op.press("🩺 Verdict");
      await op.send(`Замена платы ${tag}`);
      await op.press("📅 Deadline");
      await pressDeadline(op, 1);
      const summary = op.lastReply();
      if (!summary) throw new Error("no summary");
      const data = buttonData(summary, "✅ Save");
      return { write: () => op.pressData(data, summary), order: () => order };
    },
    landed: (order, tag) => (order?.recommendation === `Замена платы ${tag}` && order.deadline ? 1 : 0),
    said: { landed: "• 2 fields saved", notLanded: "did not reach the CRM: nothing was changed there" },
    through: (held, tag) => held?.recommendation === `Замена платы ${tag}` && held.deadline instanceof Date,
  },
  {
    name: "comment",
    method: "PATCH",
    async prepare(op, tag) {
      const order = openOrder();
      await op.send(order.number);
      await op.press("💬 Comment");
      const text = `Перезвонить ${tag}`;
      const update = op.messageUpdate(text);
      return { write: () => current.handle(update), order: () => order };
    },
    // Signed with the clerk's name (state/comment-author.ts).
    landed: (order, tag) =>
      order?.comments.filter((c) => c.text.endsWith(`: Перезвонить ${tag}`)).length ?? 0,
    said: {
      landed: "was added before the bot was interrupted",
      notLanded: "did not reach the CRM: nothing was added",
    },
    through: (held, tag) => held?.comments?.some((c) => c.text?.endsWith(`: Перезвонить ${tag}`)) === true,
  },
];
const masters = new Map<string, string>();
/** The bot a case's `write` goes to (the comment's update is handled by it directly). */
let current: MirrorBot;

describe.each(CASES)("kind $name", (kind) => {
  it("a double press (or the same update twice) sends once", async () => {
    const tag = `d${++seq}`;
    current = await mirrorBot(createMemoryStore());
    const op = current.user(OP, { languageCode: "en" });
    const { write, order } = await kind.prepare(op, tag);
    const before = sandbox.requestCount();
    await write();
    await write();
    expect(kind.landed(order(), tag)).toBe(1);
    // The write and, for a create, the read of its number: never a second write.
    expect(sandbox.requestCount() - before).toBeLessThanOrEqual(kind.method === "POST" ? 2 : 1);
  });

  for (const point of ["service-did-it", "before-request"] as const) {
    it(`killed ${point === "service-did-it" ? "after the service did it" : "before the request left"}: resolved at the next update, once`, async () => {
      const tag = `k${++seq}`;
      const store = createMemoryStore();
      let hit: () => void = () => {};
      const died = new Promise<void>((resolve) => {
        hit = resolve;
      });
      const dying = await mirrorBot(store, { method: kind.method, point, hit });
      // The restarted bot's mirror is synced before the write: what it shows after is the write-through.
      const again = await mirrorBot(store);
      current = dying;
      const { write, order } = await kind.prepare(dying.user(OP, { languageCode: "en" }), tag);
      void write();
      await died;
      const landed = point === "service-did-it" ? 1 : 0;
      expect(kind.landed(order(), tag)).toBe(landed);

      const op = again.user(OP, { languageCode: "en" });
      again.mark();
      await op.send("/cancel");
      const said = op
        .replies()
        .map((m) => m.text)
        .join("\n");
      // One read found out; nothing was sent again.
      expect(again.requests()).toBe(1);
      expect(kind.landed(order(), tag)).toBe(landed);
      if (point === "before-request") {
        expect(said).toContain(kind.said.notLanded);
        return;
      }
      expect(said).toContain(kind.said.landed);
      expect(said).not.toContain("Nothing was changed");
      const target = order();
      if (!target) throw new Error("no order");
      expect(kind.through(again.mirror.get(target.id)?.order, tag)).toBe(true);
      const own = kind.own?.(target);
      if (own) {
        const change = {
          id: "x",
          kind: own.kind,
          order: { id: target.id } as Order,
          to: own.to === undefined ? undefined : { id: own.to },
          detectedAt: clock.now(),
          source: "sync" as const,
        };
        // Read by a sync as someone else's change, it is still the author's own: not echoed to them.
        expect(await isOwnChange(store, OP, change)).toBe(true);
        expect(await isOwnChange(store, OP + 1, change)).toBe(false);
      }
    });
  }
});

describe("a comment whose text the order already holds from earlier", () => {
  it("killed before the request left: told not sent (yesterday's same words are not this write)", async () => {
    const store = createMemoryStore();
    let hit: () => void = () => {};
    const died = new Promise<void>((resolve) => {
      hit = resolve;
    });
    const dying = await mirrorBot(store, { method: "PATCH", point: "before-request", hit });
    const again = await mirrorBot(store);
    current = dying;
    const order = openOrder(undefined, ["new", "inWork", "wait", "finish", "closed"]);
    const text = "Позвонил клиенту, не отвечает";
    order.comments.push({ date: clock.now().getTime() - 86_400_000, text, author: "Сотрудник" });
    const first = dying.user(OP, { languageCode: "en" });
    await first.send(order.number);
    await first.press("💬 Comment");
    void dying.handle(first.messageUpdate(text));
    await died;

    const op = again.user(OP, { languageCode: "en" });
    again.mark();
    await op.send("/cancel");
    const said = op
      .replies()
      .map((m) => m.text)
      .join("\n");
    expect(again.requests()).toBe(1);
    expect(said).toContain("did not reach the CRM: nothing was added");
    expect(said).not.toContain("was added before the bot was interrupted");
    expect(order.comments.filter((c) => c.text === text)).toHaveLength(1);
  });
});

describe("kind payment (no chat: the retry resolves it)", () => {
  let t: ClientBot | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await t?.close();
    t = undefined;
  });

  /** A payments bot whose PATCH hangs for good at `point`; the payment delivered, the attempt dead. */
  async function diedPaying(point: Point) {
    let hit: () => void = () => {};
    const died = new Promise<void>((resolve) => {
      hit = resolve;
    });
    t = await startPaymentsBot({
      clientOptions: {
        fetch: async (input, init) => {
          if (init?.method !== "PATCH") return fetch(input, init);
          if (point === "service-did-it") await fetch(input, init);
          hit();
          return new Promise<never>(() => {});
        },
      },
    });
    const bot = t;
    const { order, from, invoice } = await invoiced(bot, 7701, "en");
    const paid = await payInvoice(
      bot.telegram,
      async (update: Update) => {
        if (!update.message?.successful_payment) return bot.handle(update);
        void bot.handle(update);
        await died;
      },
      from,
      invoice,
    );
    return { bot, order, charge: paid.chargeId ?? "" };
  }

  /** The restarted bot's retry, once the dead attempt's claim (5 minutes, the store's own time) lapsed. */
  async function retryAfterRestart(bot: ClientBot) {
    const again = await anotherInstance(bot);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 6 * 60_000 });
    bot.mark();
    const retry = retryOf(again);
    await retry.kick();
    await retry.kick();
    await retry.stop();
    return again;
  }

  it("the same successful_payment twice sends once", async () => {
    t = await startPaymentsBot();
    const { order, from, invoice } = await invoiced(t, 7702, "en");
    const paid = await payInvoice(t.telegram, t.handle, from, invoice);
    await t.handle(paid.update as Update);
    expect(bankPayments(t, order.id)).toHaveLength(1);
    expect(t.requests()).toBe(1);
  });

  it("killed after the service did it: the restarted bot's retry finds it (one read), never sends again", async () => {
    const { bot, order, charge } = await diedPaying("service-did-it");
    expect(bankPayments(bot, order.id)).toHaveLength(1);
    const again = await retryAfterRestart(bot);
    expect(bot.requests()).toBe(1);
    expect(bankPayments(bot, order.id)).toHaveLength(1);
    expect((await paymentOf(again.store, charge))?.state).toBe("recorded");
    expect(bot.mirror.get(order.id)?.order.status?.name).toBe(PAID);
  });

  it("killed before the request left: the restarted bot's retry sends it once", async () => {
    const { bot, order, charge } = await diedPaying("before-request");
    expect(bankPayments(bot, order.id)).toEqual([]);
    const again = await retryAfterRestart(bot);
    // The read that finds it not landed, then the PATCH.
    expect(bot.requests()).toBe(2);
    expect(bankPayments(bot, order.id)).toHaveLength(1);
    expect((await paymentOf(again.store, charge))?.state).toBe("recorded");
  });
});
