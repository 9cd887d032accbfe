/**
 * /board without the mirror: a status page is read from the service (one
 * request). A forged press naming a workshop outside SHOP_IDS must not list
 * that workshop's orders (SHOP_IDS is what the bot may show).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { createTestBot, type TestBot } from "../../helpers/test-bot.ts";

const OPERATOR = 711;
let sandbox: Sandbox;
let t: TestBot;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  const configured = sandbox.shops[0]?.id ?? "";
  t = await createTestBot({ sandbox, operators: [OPERATOR], config: { shopIds: [configured] } });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

describe("/board status page without the mirror", () => {
  it("a forged press for a workshop outside SHOP_IDS lists none of its orders, at no request (en)", async () => {
    const [configured, other] = sandbox.shops;
    expect(other).toBeDefined();
    const open = sandbox.store.orders.find(
      (o) =>
        o.isVisible && o.shopId === other?.id && sandbox.store.statusById.get(o.statusId)?.group !== "closed",
    );
    expect(open).toBeDefined();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/board");
    const board = op.lastReply();
    t.resetServiceRequests();
    await op.pressData(`bs:${open?.statusId}:0:${other?.id}`, board);
    const reply = op.lastReply();
    expect(reply).not.toBe(board);
    expect(reply?.text).toContain("No open orders");
    const shown = reply?.replyMarkup?.inline_keyboard
      .flat()
      .filter((b) => "callback_data" in b && b.callback_data.startsWith("oo:"));
    expect(shown ?? []).toHaveLength(0);
    expect(reply?.text ?? "").not.toContain(other?.name ?? "?");
    expect(t.serviceRequests()).toBe(0);
    expect(configured).toBeDefined();
  });
});
