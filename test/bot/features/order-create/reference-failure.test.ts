import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import { buttons, fillOrder, GROUP, lastText, openGroup, SKIP } from "../../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../../helpers/dialog-fixture.ts";
import { takeOfferedName } from "../../../helpers/offered-name.ts";
import { createTestBot, type TestBot } from "../../../helpers/test-bot.ts";

let sandbox: Sandbox;
let t: TestBot;

let shopId: string;

// A fresh bot: the workshop's masters are not cached yet.
useDialogBot({}, (started) => ({ sandbox, t, shopId } = started));

describe("/new: reference data the service cannot give mid-dialog", () => {
  it("keeps what was typed and offers to try again instead of closing the dialog", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    await op.press("Платный ремонт");
    await op.send("Потеря Данных");
    await op.press("➕ New client");
    await takeOfferedName(op);
    await op.press("⏭ Skip"); // the new client's phone
    await op.send("Smartphone");
    await op.send("Не включается");
    await openGroup(op, GROUP.device);
    await op.send("Apple");
    await op.send("iPhone 12");
    await op.press(SKIP); // serial number
    sandbox.faults.set({ errorRate: 1 });
    await openGroup(op, GROUP.staff); // the masters' list is loaded now: the service fails
    expect(lastText(op)).not.toContain("closed");
    expect(buttons(op)).toContain("🔁 Try again");
    sandbox.faults.clear();
    await op.press("🔁 Try again");
    expect(lastText(op)).toContain("Master");
    await op.press(SKIP); // master
    await op.press("❌ No"); // urgent
    expect(lastText(op)).toContain("Потеря Данных");
    expect(lastText(op)).toContain("Apple iPhone 12");
    await op.press("✅ Create");
    const created = sandbox.store.orders.filter(
      (o) => sandbox.store.counteragentById.get(o.counteragentId)?.name === "Потеря Данных",
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.brand).toBe("Apple");
  });

  it("a list the service refuses for good (403) leaves an optional group out, not the whole intake", async () => {
    // This clerk's role may not list the workshop's staff nor its registers.
    const refusing = await createTestBot({
      sandbox,
      operators: [OPERATOR],
      config: { shopIds: [shopId] },
      clientOptions: {
        fetch: async (input, init) => {
          const path = new URL(String(input)).pathname;
          if (path.endsWith("/customers/masters") || path.endsWith("/cash-registers")) {
            return new Response(JSON.stringify({ message: "Access denied" }), {
              status: 403,
              headers: { "content-type": "application/json" },
            });
          }
          return fetch(input, init);
        },
      },
    });
    const op = refusing.user(OPERATOR, { languageCode: "en" });
    await fillOrder(op, { client: { query: "Отказ Справочника" }, brand: "Apple" });
    await openGroup(op, GROUP.staff);
    expect(
      op
        .replies()
        .map((m) => m.text)
        .join("\n"),
    ).toContain("This part is left out for now");
    await op.press("❌ No"); // urgent: the rest of the group goes on
    expect(lastText(op)).toContain("Check the order");
    await openGroup(op, GROUP.prepayment);
    expect(lastText(op)).toContain("Check the order");
    expect(lastText(op)).toContain("Apple iPhone 12");
    await op.press("✅ Create");
    expect(lastText(op)).toContain("Order created");
    const created = sandbox.store.orders.filter(
      (o) => sandbox.store.counteragentById.get(o.counteragentId)?.name === "Отказ Справочника",
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.brand).toBe("Apple");
    await refusing.close();
  });
});
