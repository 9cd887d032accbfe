/**
 * The write core's outcomes as the operator's figures count them
 * (repairbot_writes_total by kind and result), at its one outcome point: a
 * comment sent; refused by the service (a 400); no clear answer (the service
 * took it, the answer was lost: unknown); and a write the bot was killed in,
 * found landed by the check at the chat's next update (landed_after_check).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type BotMetrics, createMetrics } from "../../../src/bot/metrics/index.ts";
import { createMemoryStore, type Store } from "../../../src/bot/store/storage.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import type { Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";
import { parseMetrics, sampleValue } from "../../helpers/prometheus.ts";

const OP = 7;
const clock = new ManualClock(new Date());
let sandbox: Sandbox;
let shopId: string;
const bots: MirrorBot[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, orders: 200, clock: { now: () => clock.now().getTime() } });
  shopId = sandbox.shops[0]?.id ?? "";
});
afterAll(() => sandbox.close());
afterEach(async () => {
  for (const bot of bots.splice(0)) await bot.close();
});

type PatchFate = "answered" | "refused" | "answer-lost" | "hangs";

/** A bot whose PATCHes meet `fate`: answered as usual, a 400, taken but the answer lost, or taken and never answered. */
async function botWith(metrics: BotMetrics, fate: PatchFate, store: Store = createMemoryStore()) {
  const bot = await createMirrorBot({
    sandbox,
    clock,
    store,
    operators: [OP],
    config: { shopIds: [shopId] },
    deps: { metrics },
    clientOptions: {
      onRequest: metrics.serviceRequest,
      fetch: async (input, init) => {
        if (init?.method !== "PATCH" || fate === "answered") return fetch(input, init);
        if (fate === "refused")
          return new Response(JSON.stringify({ error: { statusCode: 400, message: "Incorrect field" } }), {
            status: 400,
            headers: { "content-type": "application/json" },
          });
        await fetch(input, init);
        if (fate === "answer-lost") throw new TypeError("fetch failed");
        return new Promise<never>(() => {});
      },
    },
  });
  bots.push(bot);
  return bot;
}

const used = new Set<string>();
function openOrder(): SandboxOrder {
  const order = sandbox.store.orders.find(
    (o) =>
      o.shopId === shopId &&
      o.isVisible &&
      !used.has(o.id) &&
      ["new", "inWork"].includes(sandbox.store.statusById.get(o.statusId)?.group ?? ""),
  );
  if (!order) throw new Error("no open order");
  used.add(order.id);
  return order;
}

async function writes(metrics: BotMetrics, result: string): Promise<number> {
  return (
    sampleValue(parseMetrics(await metrics.scrape()), "repairbot_writes_total", {
      kind: "comment",
      result,
    }) ?? 0
  );
}

/** The clerk opens the order's 💬 Comment and types the text: the comment's write. */
async function comment(bot: MirrorBot, text: string) {
  const op = bot.user(OP, { languageCode: "en" });
  const order = openOrder();
  await op.send(order.number);
  await op.press("💬 Comment");
  return { op, order, write: () => bot.handle(op.messageUpdate(text)) };
}

describe("writes by kind and result", () => {
  it("a comment the service took counts as sent, once", async () => {
    const metrics = createMetrics();
    const bot = await botWith(metrics, "answered");
    const { write } = await comment(bot, "Перезвонить (metrics)");
    await write();
    expect(await writes(metrics, "sent")).toBe(1);
    for (const result of ["refused", "unknown", "not_sent", "landed_after_check"])
      expect(await writes(metrics, result)).toBe(0);
  });

  it("a 400 from the service counts as refused", async () => {
    const metrics = createMetrics();
    const bot = await botWith(metrics, "refused");
    const { write } = await comment(bot, "Отказано (metrics)");
    await write();
    expect(await writes(metrics, "refused")).toBe(1);
    expect(await writes(metrics, "sent")).toBe(0);
  });

  it("a lost answer counts as unknown (the service may have it)", async () => {
    const metrics = createMetrics();
    const bot = await botWith(metrics, "answer-lost");
    const { write } = await comment(bot, "Потерян ответ (metrics)");
    await write();
    expect(await writes(metrics, "unknown")).toBe(1);
    expect(await writes(metrics, "sent")).toBe(0);
  });

  it("a write the bot was killed in, found by the check at the next update, counts as landed_after_check", async () => {
    const store = createMemoryStore();
    const dying = await botWith(createMetrics(), "hangs", store);
    const { write, order } = await comment(dying, "Убит в полёте (metrics)");
    void write();
    const deadline = Date.now() + 10_000;
    while (
      !sandbox.store.orders
        .find((o) => o.id === order.id)
        ?.comments.some((c) => c.text.includes("Убит в полёте"))
    ) {
      if (Date.now() > deadline) throw new Error("the comment never reached the sandbox");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const metrics = createMetrics();
    const again = await botWith(metrics, "answered", store);
    await again.user(OP, { languageCode: "en" }).send("/cancel");
    expect(await writes(metrics, "landed_after_check")).toBe(1);
    // The check is a read of the write's own (it may use the write reserve).
    expect(
      sampleValue(parseMetrics(await metrics.scrape()), "repairbot_service_requests_total", { use: "write" }),
    ).toBeGreaterThanOrEqual(1);
  });
});
