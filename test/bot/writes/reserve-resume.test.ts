/**
 * A write's own reads may use the write reserve: a status change the bot was
 * interrupted in (the service took it, its answer never came back) is found
 * out after a restart with the quota down to WRITE_RESERVE, where every
 * lookup is refused: the check is part of the write, so it goes, and the
 * clerk is told the truth.
 */
import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../../src/bot/store/storage.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import { createMemoryTokenStore as createServiceStore } from "../../../src/service/index.ts";
import { freshOrders, lastText, pressMatching } from "../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../helpers/dialog-fixture.ts";
import { createTestBot } from "../../helpers/test-bot.ts";

let sandbox: Sandbox;
let shopId: string;
useDialogBot({}, (started) => ({ sandbox, shopId } = started));

const freshOrder = freshOrders(
  () => sandbox,
  () => shopId,
);

describe("at the write reserve, after an interrupted status change", () => {
  it("the check whether it landed still goes; a lookup does not", async () => {
    const store = createMemoryStore();
    let died: () => void = () => {};
    const hit = new Promise<void>((resolve) => {
      died = resolve;
    });
    const dying = await createTestBot({
      sandbox,
      store,
      operators: [OPERATOR],
      config: { shopIds: [shopId] },
      clientOptions: {
        // The PATCH reaches the service; its answer never comes back (the bot "dies").
        fetch: async (input, init) => {
          if (init?.method !== "PATCH") return fetch(input, init);
          await fetch(input, init);
          died();
          return new Promise<never>(() => {});
        },
      },
    });
    const order = freshOrder();
    const from = order.statusId;
    const op = dying.user(OPERATOR, { languageCode: "en" });
    await op.send(`/status ${order.number}`);
    await pressMatching(op, /^Диагностика/);
    expect(lastText(op)).toContain("Диагностика");
    void op.press("✅ Yes");
    await hit;
    expect(order.statusId).not.toBe(from);

    // Restarted with the company's quota down to the reserve (another process spent it).
    const quota = createServiceStore();
    await quota.setQuota({ remaining: 40, resetAt: Date.now() + 10 * 60_000 });
    const again = await createTestBot({
      sandbox,
      store,
      operators: [OPERATOR, OPERATOR + 1],
      config: { shopIds: [shopId], writeReserve: 50 },
      clientOptions: { store: quota },
    });
    again.resetServiceRequests();
    // A lookup by another operator is a read: refused at no request.
    const other = again.user(OPERATOR + 1, { languageCode: "en" });
    await other.send(`/order ${freshOrder().number}`);
    expect(lastText(other)).toContain("Lookups are paused");
    expect(again.serviceRequests()).toBe(0);
    // The clerk's next message resolves the write: its check is part of the write, so it goes.
    const clerk = again.user(OPERATOR, { languageCode: "en" });
    await clerk.send("/cancel");
    const said = clerk
      .replies()
      .map((m) => m.text)
      .join("\n");
    expect(said).toContain("went through before the bot was interrupted");
    expect(said).not.toContain("Lookups are paused");
    expect(again.serviceRequests()).toBe(1);
    await again.close();
  });
});
