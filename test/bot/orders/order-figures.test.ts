/**
 * MIRROR=off (the test config's default) against a service whose full records
 * (GET /orders/{id}) carry no positions and no cash amounts: the bot keeps the
 * price and paid it knew from list records and from its own writes (issue 9).
 */
import { describe, expect, it } from "vitest";
import { orderFigures } from "../../../src/bot/orders/figures.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import type { Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import { freshOrders, lastText, priceAt3000 } from "../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../helpers/dialog-fixture.ts";
import type { TestBot } from "../../helpers/test-bot.ts";

const bareFullRecords: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  if ((init?.method ?? "GET") !== "GET" || !/\/orders\/[^/]+$/.test(url.pathname) || !response.ok) {
    return response;
  }
  const body = (await response.json()) as { data: Record<string, unknown> };
  delete body.data.positions;
  delete body.data.cash;
  return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
};

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;

useDialogBot(
  { bot: () => ({ clientOptions: { fetch: bareFullRecords } }) },
  (started) => ({ sandbox, t, shopId } = started),
);

const freshOrder = freshOrders(
  () => sandbox,
  () => shopId,
);
/** A fresh order priced 3000 with 1000 paid in cash. */
const partlyPaid = (): SandboxOrder => priceAt3000(freshOrder(), 1000);

const moneyLines = (text: string | undefined) =>
  (text ?? "").split("\n").filter((line) => line.includes("₽"));
const LIST_MONEY = ["💰 Price: 3,000 ₽", "Paid: 1,000 ₽", "To pay: 2,000 ₽"];

describe("a full record without the figures keeps those the bot knew (MIRROR=off)", () => {
  it("🔄 Refresh of a card from a list record still shows its price, paid and balance, with one request", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(String(partlyPaid().num));
    expect(moneyLines(lastText(op))).toEqual(LIST_MONEY);
    t.resetServiceRequests();
    await op.press("🔄 Refresh");
    expect(t.serviceRequests()).toBe(1);
    expect(moneyLines(lastText(op))).toEqual(LIST_MONEY);
  });

  it("after a payment the bot took, a refresh shows the total paid, not the list's older figure", async () => {
    const order = partlyPaid();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(String(order.num));
    await op.send(`/status ${order.number}`);
    await op.press("Выдан 💰");
    await op.press("Касса Ленина (cash, bank)");
    await op.press("💵 Cash");
    await op.press("💰 2,000 ₽: all that is left");
    await op.press("✅ Yes");
    expect(lastText(op)).toContain("Status changed");
    expect(moneyLines(lastText(op))).toEqual(["💰 Price: 3,000 ₽", "Paid: 3,000 ₽"]);
    await op.press("🔄 Refresh");
    expect(moneyLines(lastText(op))).toEqual(["💰 Price: 3,000 ₽", "Paid: 3,000 ₽"]);
  });

  it("figures it never knew are not made up, and a broken kept entry reads as none", async () => {
    const order = partlyPaid();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(String(order.num));
    await t.store.adapter(orderFigures.namespace).write(order.id, { paid: "a lot", summ: 5 });
    await op.press("🔄 Refresh");
    expect(moneyLines(lastText(op))).toEqual([]);
  });
});
