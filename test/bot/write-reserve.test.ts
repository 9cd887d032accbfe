/**
 * The write reserve (WRITE_RESERVE) as staff meet it: with the company's
 * quota down to the reserve, a lookup and /cash are told
 * clearly (with the reset time) at no request, while a status change still
 * goes through; ru and en.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { freshOrders, lastText } from "../helpers/dialog-driver.ts";
import { createTestBot, type TestBot, textsOf } from "../helpers/test-bot.ts";

const OPERATOR = 101;
const OTHER_OPERATOR = 102;
const OWNER = 301;
const RESERVE = 50;

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quota: { limit: 100, windowMs: 15 * 60_000 } });
  shopId = sandbox.shops[0]?.id ?? "";
  t = await createTestBot({
    sandbox,
    operators: [OPERATOR, OTHER_OPERATOR],
    config: { shopIds: [shopId], ownerIds: [OWNER], writeReserve: RESERVE },
  });
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const freshOrder = freshOrders(
  () => sandbox,
  () => shopId,
);
const statusName = (id: string) => sandbox.store.statusById.get(id)?.name;
/** An order whose card another operator holds from before the reserve. */
let cardOrder: ReturnType<typeof freshOrder>;

/** Others' reads spend the window down to the reserve (the client stops them there). */
async function drainToReserve(): Promise<void> {
  while (t.client.readAllowance() > 0) await t.client.statuses.list();
  expect(t.client.quota?.remaining).toBe(RESERVE);
}

describe("at the write reserve", () => {
  it("a lookup is refused at no request, while a status change opened before still goes through", async () => {
    const order = freshOrder();
    cardOrder = freshOrder();
    const other = freshOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await t.services.reference.shops();
    await op.send(`/status ${order.number}`);
    await op.press("Диагностика");
    expect(lastText(op)).toContain("Диагностика");
    // A card shown before the reserve was reached, for the later tests.
    await t.user(OTHER_OPERATOR, { languageCode: "en" }).send(`/order ${cardOrder.number}`);
    await drainToReserve();

    t.resetServiceRequests();
    const reader = t.user(OTHER_OPERATOR, { languageCode: "en" });
    const refused = textsOf(await reader.send(`/order ${other.number}`)).join("\n");
    expect(refused).toContain("Lookups are paused until");
    expect(refused).toContain("last 50 requests of this window are kept for saving changes");
    expect(refused).toMatch(/\d\d:\d\d/);
    expect(t.serviceRequests()).toBe(0);

    const before = order.statusId;
    await op.press("✅ Yes");
    expect(statusName(order.statusId)).toBe("Диагностика");
    expect(order.statusId).not.toBe(before);
    expect(lastText(op)).toContain("Status changed");
    expect(t.serviceRequests()).toBe(1);
    expect(t.client.quota?.remaining).toBe(RESERVE - 1);
  });

  it("says it in Russian with the right plural", async () => {
    const order = freshOrder();
    const reader = t.user(OPERATOR, { languageCode: "ru" });
    t.resetServiceRequests();
    const text = textsOf(await reader.send(`/order ${order.number}`)).join("\n");
    expect(text).toContain("Поиск приостановлен до");
    expect(text).toMatch(/последние 50 запросов к сервису/);
    expect(t.serviceRequests()).toBe(0);
  });

  it("/cash reads nothing and says until when", async () => {
    const owner = t.user(OWNER, { languageCode: "en" });
    t.resetServiceRequests();
    const text = textsOf(await owner.send("/cash")).join("\n");
    expect(text).toContain("/cash needs 3 requests");
    expect(text).toContain("only those kept for saving changes are left");
    expect(t.serviceRequests()).toBe(0);
    const ru = textsOf(await t.user(OWNER, { languageCode: "ru" }).send("/cash")).join("\n");
    expect(ru).toContain("Для /cash нужно 3 запроса");
    expect(t.serviceRequests()).toBe(0);
  });

  it("/status says what is kept for writes, its own check refused at no request", async () => {
    t.resetServiceRequests();
    const text = textsOf(await t.user(OPERATOR, { languageCode: "en" }).send("/status")).join("\n");
    expect(text).toContain("Lookups are paused until");
    // Nothing was sent: the connection is not known to be down.
    expect(text).not.toContain("Connection: ❌");
    expect(text).toContain("Requests left: <b>49</b>");
    expect(text).toContain("Kept for saving changes: the last 50; lookups may spend 0 more");
    expect(t.serviceRequests()).toBe(0);
  });

  it("a card's 🔄 Refresh is refused at no request; 🩺 Diagnosis opens, its read being part of the write", async () => {
    const other = t.user(OTHER_OPERATOR, { languageCode: "en" });
    t.resetServiceRequests();
    const refreshed = await other.press("🔄 Refresh");
    const alert = refreshed.find((c) => c.method === "answerCallbackQuery");
    expect(String(alert?.payload.text)).toContain("Lookups are paused until");
    expect(t.serviceRequests()).toBe(0);
    await other.press("🩺 Diagnosis");
    expect(lastText(other)).not.toContain("Lookups are paused");
    expect(lastText(other)).toContain(cardOrder.number);
    // The full record the diagnosis starts from: one GET, taken from the reserve.
    expect(t.serviceRequests()).toBe(1);
    await other.send("/cancel");
  });
});
