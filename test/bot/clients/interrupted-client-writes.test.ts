/**
 * kill -9 around a client's fix and around a delete: the bot dies before its
 * request reached the service, or after the service did it but before the
 * answer came back; a new bot on the same store takes the chat's next update,
 * finds out what the service did (one read) and says so truly, in the user's
 * language. Nothing is sent twice; a delete that landed is then said by every
 * lookup of the number with no request.
 */
import { describe, expect, it } from "vitest";
import { createMemoryStore, type Store } from "../../../src/bot/store/storage.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import type { Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import { lastText } from "../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../helpers/dialog-fixture.ts";
import { createTestBot, type TestBot, type TestUser } from "../../helpers/test-bot.ts";

let sandbox: Sandbox;
let shopId: string;
useDialogBot({}, (started) => ({ sandbox, shopId } = started));

type Point = "before-request" | "service-did-it";

/** A bot whose `method` request dies at `point` (its handler hangs from then on); `hit` resolves then. */
async function dyingBot(store: Store, method: "PATCH" | "DELETE", point: Point) {
  let died: () => void = () => {};
  const hit = new Promise<void>((resolve) => {
    died = resolve;
  });
  const never = new Promise<never>(() => {});
  const bot = await createTestBot({
    sandbox,
    store,
    operators: [OPERATOR],
    config: { shopIds: [shopId] },
    clientOptions: {
      fetch: async (input, init) => {
        if (init?.method !== method) return fetch(input, init);
        if (point === "service-did-it") await fetch(input, init);
        died();
        return never;
      },
    },
  });
  return { bot, hit };
}

const restarted = (store: Store): Promise<TestBot> =>
  createTestBot({ sandbox, store, operators: [OPERATOR], config: { shopIds: [shopId] } });

const used = new Set<string>();
function unpaidOrder(): SandboxOrder {
  const { store } = sandbox;
  const order = store.orders.find(
    (o) =>
      o.shopId === shopId &&
      o.isVisible &&
      !used.has(o.id) &&
      !used.has(o.counteragentId) &&
      o.paidCash + o.paidBank === 0 &&
      ["new", "inWork"].includes(store.statusById.get(o.statusId)?.group ?? "") &&
      store.counteragentById.get(o.counteragentId)?.typeCounteragentId === store.ref.typeCounteragents[0]?.id,
  );
  if (!order) throw new Error("no order");
  used.add(order.id);
  used.add(order.counteragentId);
  return order;
}

/** Up to ✅ Save of a phone fix of the order's client. */
async function toPhoneSave(
  op: TestUser,
  order: SandboxOrder,
  phone: string,
  lang: "en" | "ru",
): Promise<void> {
  await op.send(order.number);
  await op.press(lang === "en" ? "👤 Client" : "👤 Клиент");
  await op.press(lang === "en" ? "✏️ Edit" : "✏️ Изменить");
  await op.press(lang === "en" ? "📞 Phones" : "📞 Телефоны");
  await op.send(phone);
}

const texts = (op: TestUser) => op.replies().map((m) => m.text);

describe("a client's fix interrupted", () => {
  it("before the PATCH reached the service: the next message says nothing was saved, and nothing was (en)", async () => {
    const store = createMemoryStore();
    const order = unpaidOrder();
    const client = sandbox.store.counteragentById.get(order.counteragentId);
    const phones = [...(client?.phones ?? [])];
    const { bot, hit } = await dyingBot(store, "PATCH", "before-request");
    const op = bot.user(OPERATOR, { languageCode: "en" });
    await toPhoneSave(op, order, "8 903 000 11 22", "en");
    void op.press("✅ Save");
    await hit;

    const again = await restarted(store);
    const user = again.user(OPERATOR, { languageCode: "en" });
    again.resetServiceRequests();
    await user.send("/cancel");
    expect(texts(user)[0]).toContain("did not reach the CRM: nothing was saved");
    expect(again.serviceRequests()).toBe(1);
    expect(client?.phones).toEqual(phones);
    await again.close();
  });

  it("after the service saved it (answer lost): the next message says it was saved, once, with no second PATCH (ru)", async () => {
    const store = createMemoryStore();
    const order = unpaidOrder();
    const client = sandbox.store.counteragentById.get(order.counteragentId);
    const { bot, hit } = await dyingBot(store, "PATCH", "service-did-it");
    const op = bot.user(OPERATOR, { languageCode: "ru" });
    await toPhoneSave(op, order, "8 903 000 33 44", "ru");
    void op.press("✅ Сохранить");
    await hit;
    expect(client?.phones).toEqual(["+7 903 000-33-44"]);
    const before = client?.lastAction;

    const again = await restarted(store);
    const user = again.user(OPERATOR, { languageCode: "ru" });
    again.resetServiceRequests();
    await user.send("/cancel");
    expect(texts(user)[0]).toContain("был сохранён до того, как бот прервался");
    expect(texts(user).join("\n")).not.toContain("Ничего не изменено");
    // One read found it; no PATCH again.
    expect(again.serviceRequests()).toBe(1);
    expect(client?.lastAction).toBe(before);
    await user.send("/cancel");
    expect(lastText(user)).toContain("нечего отменять");
    await again.close();
  });
});

describe("a delete interrupted", () => {
  it("after the service deleted it (answer lost): told it was deleted; the lookup then says so with no request (en)", async () => {
    const store = createMemoryStore();
    const order = unpaidOrder();
    const { bot, hit } = await dyingBot(store, "DELETE", "service-did-it");
    const op = bot.user(OPERATOR, { languageCode: "en", firstName: "Boris" });
    await op.send(order.number);
    await op.press("🗑 Delete");
    void op.press("✅ Yes");
    await hit;
    expect(sandbox.store.orderById.get(order.id)?.isVisible).toBe(false);

    const again = await restarted(store);
    const user = again.user(OPERATOR, { languageCode: "en", firstName: "Boris" });
    again.resetServiceRequests();
    await user.send(order.number);
    expect(texts(user)[0]).toContain(
      `Order <b>${order.number}</b> was deleted before the bot was interrupted`,
    );
    expect(again.serviceRequests()).toBe(1);
    again.resetServiceRequests();
    await user.send(order.number);
    expect(lastText(user)).toContain(`Order <b>${order.number}</b> was deleted by Boris`);
    expect(again.serviceRequests()).toBe(0);
    await again.close();
  });

  it("before the DELETE reached the service: told it is still there, and it is (ru)", async () => {
    const store = createMemoryStore();
    const order = unpaidOrder();
    const { bot, hit } = await dyingBot(store, "DELETE", "before-request");
    const op = bot.user(OPERATOR, { languageCode: "ru" });
    await op.send(order.number);
    await op.press("🗑 Удалить");
    void op.press("✅ Да");
    await hit;

    const again = await restarted(store);
    const user = again.user(OPERATOR, { languageCode: "ru" });
    await user.send("/cancel");
    expect(texts(user)[0]).toContain(`Заказ <b>${order.number}</b> не удалён: CRM не получила запрос`);
    expect(sandbox.store.orderById.get(order.id)?.isVisible).toBe(true);
    await again.close();
  });
});
