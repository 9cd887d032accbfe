/**
 * Paper with the order mirror: a receipt is printed from the mirror's copy
 * only when that copy is a full record (a list record lacks the equipment,
 * the appearance and the payments: then one GET, whose full record the
 * mirror keeps); the act always reads the order now (1 request).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Order as SandboxOrder } from "../../../../src/sandbox/model.ts";
import { createMirrorBot, type MirrorBot } from "../../../helpers/mirror-bot.ts";
import { pdfText } from "../../../helpers/pdf.ts";
import { callsOf } from "../../../helpers/test-bot.ts";

const OPERATOR = 1;
let t: MirrorBot;

beforeAll(async () => {
  t = await createMirrorBot({ operators: [OPERATOR] });
  // main.ts warms the workshop list at start: the documents' address comes from it.
  await t.services.reference.shops();
});
afterAll(() => t.close());
beforeEach(() => t.mark());

function orderIn(group: string, index = 0): SandboxOrder {
  const { store } = t.sandbox;
  const order = store.orders.filter(
    (o) => o.isVisible && o.positions.length > 0 && store.statusById.get(o.statusId)?.group === group,
  )[index];
  if (!order) throw new Error(`no ${group} order`);
  return order;
}

async function printed(calls: Awaited<ReturnType<MirrorBot["handle"]>>): Promise<string> {
  const file = callsOf(calls, "sendDocument")[0]?.payload.document as File | undefined;
  if (!file) throw new Error("no document");
  return pdfText(new Uint8Array(await file.arrayBuffer()));
}

describe("paper from the order mirror", () => {
  it("a held list record is not enough for a receipt: one GET, then the kept full record prints at no request", async () => {
    const order = orderIn("inWork");
    order.completeSet = ["Подставка"];
    order.appearance = ["Потёртости"];
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(order.number);
    expect(t.requests()).toBe(0);
    t.mark();
    const first = await printed(await op.press("🧾 Receipt"));
    expect(t.requests()).toBe(1);
    expect(first).toContain("Подставка");
    expect(first).toContain("Потёртости");
    t.mark();
    const second = await printed(await op.press("🧾 Receipt"));
    expect(t.requests()).toBe(0);
    expect(second).toContain("Подставка");
  });

  it("the act reads the order's works and parts now, every time (1 request)", async () => {
    const order = orderIn("closed");
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(order.number);
    for (const _time of [1, 2]) {
      t.mark();
      const text = await printed(await op.press("🧾 Act"));
      expect(t.requests()).toBe(1);
      for (const position of order.positions) expect(text).toContain(position.name);
    }
  });
});

describe("a receipt after the order changed in the CRM", () => {
  it("prints the equipment and appearance the service holds now, not those of an older full read", async () => {
    const order = orderIn("inWork", 1);
    order.completeSet = ["Подставка"];
    order.appearance = ["Потёртости"];
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(order.number);
    expect(await printed(await op.press("🧾 Receipt"))).toContain("Подставка");
    // Someone adds the charger and a scratch in the CRM's web page; the mirror's sync reads the list.
    await t.clock.advance(60_000);
    order.completeSet = ["Подставка", "Зарядка"];
    order.appearance = ["Потёртости", "Скол на углу"];
    order.lastAction = t.clock.now().getTime();
    await t.sync();
    const again = await printed(await op.press("🧾 Receipt"));
    // What the client signs for lists what was really left.
    expect(again).toContain("Зарядка");
    expect(again).toContain("Скол на углу");
  });
});
