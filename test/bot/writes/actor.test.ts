/**
 * The write core for an actor that is not a Telegram update (a web page's request,
 * a payment's retry, a timed job): built here from plain data, no grammY. The same
 * guarantees as in a chat: a double run sends once; a run killed while its request
 * travels (the service did it, the answer never came) is resolved by the next run
 * of the same nonce (one check, no second PATCH) or, with a chat, by the chat's
 * open write, told through the actor's sink in the kind's words; a refused
 * authorization sends nothing.
 */
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../../src/bot/context.ts";
import { createMemoryStore, type Store } from "../../../src/bot/store/storage.ts";
import { runOnce, type WriteActor, type WriteReply } from "../../../src/bot/writes/index.ts";
import { WRITE_KINDS } from "../../../src/bot/writes/kinds/index.ts";
import { orderWriter } from "../../../src/bot/writes/order-writer.ts";
import { resolveOpenWrite } from "../../../src/bot/writes/resume.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import type { Order } from "../../../src/service/index.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";

const clock = new ManualClock(new Date("2026-11-18T09:00:00Z"));
let sandbox: Sandbox;
let shopId: string;
const bots: MirrorBot[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, orders: 120, clock: { now: () => clock.now().getTime() } });
  shopId = sandbox.shops[0]?.id ?? "";
});
afterAll(() => sandbox.close());
afterEach(async () => {
  for (const bot of bots.splice(0)) await bot.close();
});

/** A bot's services on the shared sandbox and `store`; `dying`: its PATCH reaches the service, then hangs. */
async function services(store: Store, dying?: () => void) {
  const bot = await createMirrorBot({
    sandbox,
    clock,
    store,
    config: { shopIds: [shopId] },
    clientOptions: dying && {
      fetch: async (input, init) => {
        if (init?.method !== "PATCH") return fetch(input, init);
        await fetch(input, init);
        dying();
        return new Promise<never>(() => {});
      },
    },
  });
  bots.push(bot);
  return bot.services;
}

/** An actor as a web page or a job builds it: plain data, a sink that keeps what it is told. */
function plainActor(
  svc: WriteActor["services"],
  options: { chat?: string; role?: Role; allowed?: boolean } = {},
): WriteActor & { told: WriteReply[] } {
  const told: WriteReply[] = [];
  return {
    told,
    userId: 4242,
    chat: options.chat,
    role: options.role ?? "operator",
    authorize: async () => options.allowed ?? true,
    sink: { tell: async (reply) => void told.push(reply), settle: async () => {} },
    services: svc,
    log: pino({ level: "silent" }),
    t: (key, vars) => svc.i18n.t("en", key, vars),
    locale: "en",
  };
}

const used = new Set<string>();
/** An open order of the workshop and another status of an open group to move it to. */
function target(): { order: Order; status: { id: string; name: string } } {
  const raw = sandbox.store.orders.find(
    (o) =>
      o.shopId === shopId &&
      o.isVisible &&
      !used.has(o.id) &&
      ["new", "inWork"].includes(sandbox.store.statusById.get(o.statusId)?.group ?? ""),
  );
  const to = [...sandbox.store.statusById.values()].find((s) => s.group === "wait");
  if (!raw || !to) throw new Error("no order to move");
  used.add(raw.id);
  const order = {
    id: raw.id,
    number: raw.number,
    status: { id: raw.statusId, name: "" },
  } as unknown as Order;
  return { order, status: { id: to.id, name: to.name } };
}

describe("a write for an actor built without grammY", () => {
  it("runs once: a double run with the same nonce sends one PATCH and gets the first result", async () => {
    const svc = await services(createMemoryStore());
    const actor = plainActor(svc);
    const { order, status } = target();
    sandbox.resetCounts();
    const first = await orderWriter.change(runOnce(actor, "form-1"), order, { status });
    const second = await orderWriter.change(runOnce(actor, "form-1"), order, { status });
    expect(first.kind).toBe("done");
    expect(second.kind).toBe("done");
    expect(sandbox.requestCount()).toBe(1);
    expect(sandbox.store.orders.find((o) => o.id === order.id)?.statusId).toBe(status.id);
  });

  it("killed mid-request (no chat): the next run of the nonce checks, finds it landed, sends nothing again", async () => {
    const store = createMemoryStore();
    let hit!: () => void;
    const reached = new Promise<void>((resolve) => {
      hit = resolve;
    });
    const dyingSvc = await services(store, () => hit());
    const { order, status } = target();
    void orderWriter.change(runOnce(plainActor(dyingSvc), "form-2"), order, { status });
    await reached;
    expect(sandbox.store.orders.find((o) => o.id === order.id)?.statusId).toBe(status.id);

    const svc = await services(store);
    sandbox.resetCounts();
    const again = await orderWriter.change(runOnce(plainActor(svc), "form-2"), order, { status });
    expect(again.kind).toBe("done");
    // One read (the check), no PATCH.
    expect(sandbox.requestCount()).toBe(1);
  });

  it("killed mid-request (with a chat): the chat's open write is resolved and told through the sink", async () => {
    const store = createMemoryStore();
    let hit!: () => void;
    const reached = new Promise<void>((resolve) => {
      hit = resolve;
    });
    const dyingSvc = await services(store, () => hit());
    const { order, status } = target();
    void orderWriter.change(runOnce(plainActor(dyingSvc, { chat: "job:7" }), "run-3"), order, { status });
    await reached;

    const svc = await services(store);
    const actor = plainActor(svc, { chat: "job:7" });
    sandbox.resetCounts();
    const dialog = { openRun: async () => undefined, leaving: false, end: async () => {} };
    expect(await resolveOpenWrite(actor, WRITE_KINDS, dialog)).toBe("handled");
    expect(actor.told).toHaveLength(1);
    expect(actor.told[0]?.text).toContain(`the status is now “${status.name}”`);
    expect(sandbox.requestCount()).toBe(1);
    // Resolved once: nothing is left open for the chat.
    expect(await resolveOpenWrite(actor, WRITE_KINDS, dialog)).toBe("next");
    expect(actor.told).toHaveLength(1);
    expect(sandbox.requestCount()).toBe(1);
  });

  it("an actor refused at the moment of writing sends nothing", async () => {
    const svc = await services(createMemoryStore());
    const { order, status } = target();
    sandbox.resetCounts();
    const outcome = await orderWriter.change(runOnce(plainActor(svc, { allowed: false }), "form-4"), order, {
      status,
    });
    expect(outcome.kind).toBe("refused");
    expect(sandbox.requestCount()).toBe(0);
  });
});
