/**
 * A write the bot was interrupted in, at each point: before the request
 * reached the service, after the service did it but before its answer came
 * back, and after the answer but before the bot recorded it. The bot "dies"
 * (its handler never finishes, its dialog state stays at the confirmation)
 * and a new bot on the same store takes the chat's next update: it finds out
 * what the service did and says so, in the user's language; the sandbox's
 * orders and payments are counted. A write is never sent twice and never
 * reported as "nothing was changed" when it was.
 */
import { describe, expect, it } from "vitest";
import { StoreCorruptError } from "../../../src/bot/store/errors.ts";
import { createMemoryStore, type Store } from "../../../src/bot/store/storage.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import type { Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import {
  fillOrder,
  freshOrders,
  lastText,
  lossyBot,
  pressMatching,
  toMixedPaymentConfirm,
} from "../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../helpers/dialog-fixture.ts";
import { createTestBot, type TestBot, type TestUser } from "../../helpers/test-bot.ts";

let sandbox: Sandbox;
let shopId: string;
useDialogBot({}, (started) => ({ sandbox, shopId } = started));

const freshOrder = freshOrders(
  () => sandbox,
  () => shopId,
);
const paymentsOf = (orderId: string) => sandbox.store.transactions.filter((tr) => tr.orderId === orderId);

type Point = "before-request" | "service-did-it" | "answer-not-recorded";

/**
 * A bot that dies at `point` of its write request (`method`): its handler hangs
 * from then on. `hit` resolves once it has died.
 */
async function dyingBot(
  store: Store,
  method: "POST" | "PATCH",
  point: Point,
): Promise<{ bot: TestBot; hit: Promise<void> }> {
  let died: () => void = () => {};
  const hit = new Promise<void>((resolve) => {
    died = resolve;
  });
  const never = new Promise<never>(() => {});
  const dying: Store =
    point === "answer-not-recorded"
      ? {
          ...store,
          adapter: <T>(namespace: string, options?: { ttlSeconds?: number }) => {
            const inner = store.adapter<T>(namespace, options);
            if (namespace !== "dialog-writes") return inner;
            return {
              read: (key: string) => inner.read(key),
              delete: (key: string) => inner.delete(key),
              write: (key: string, value: T) => {
                if ((value as { state?: string }).state !== "done") return inner.write(key, value);
                died();
                return never;
              },
            };
          },
        }
      : store;
  const bot = await createTestBot({
    sandbox,
    store: dying,
    operators: [OPERATOR],
    config: { shopIds: [shopId] },
    clientOptions: {
      fetch: async (input, init) => {
        if (point === "answer-not-recorded" || init?.method !== method) return fetch(input, init);
        if (point === "service-did-it") await fetch(input, init);
        died();
        return never;
      },
    },
  });
  return { bot, hit };
}

/** The bot started again on the same store. */
const restarted = (store: Store) =>
  createTestBot({ sandbox, store, operators: [OPERATOR], config: { shopIds: [shopId] } });

const press = pressMatching;

/** `/status N` up to the confirmation: a status that takes payment, 500 cash. */
async function toPaidStatusConfirm(op: TestUser, order: SandboxOrder): Promise<void> {
  await op.send(`/status ${order.number}`);
  await press(op, /💰/);
  await press(op, /cash/);
  if (lastText(op).includes("How does the client pay")) await op.press("💵 Cash");
  await op.send("500");
  // More than is left on the order: the overpayment is confirmed (✅ in either language).
  if (lastText(op).startsWith("⚠️")) await press(op, /^✅/);
  expect(lastText(op)).toMatch(/Change the status|Сменить статус/);
}

const texts = (op: TestUser) => op.replies().map((m) => m.text);

describe("a create interrupted", () => {
  it("before the request reached the service: /cancel says it was not created, and nothing was (en)", async () => {
    const store = createMemoryStore();
    const { bot, hit } = await dyingBot(store, "POST", "before-request");
    const before = sandbox.store.orders.length;
    const client = "Прерванов Антон";
    await fillOrder(bot.user(OPERATOR, { languageCode: "en" }), { client: { query: client } });
    void bot.user(OPERATOR, { languageCode: "en" }).press("✅ Create");
    await hit;

    const again = await restarted(store);
    const op = again.user(OPERATOR, { languageCode: "en" });
    await op.send("/cancel");
    expect(texts(op)).toEqual([
      "The order was not created: the request did not reach the CRM. Nothing was changed there.",
      "Dialog cancelled. Nothing was changed.",
    ]);
    expect(sandbox.store.orders.length).toBe(before);
    await again.close();
  });

  it("after the service created it (answer lost): /cancel shows the order with its card, once (ru)", async () => {
    const store = createMemoryStore();
    const { bot, hit } = await dyingBot(store, "POST", "service-did-it");
    const before = sandbox.store.orders.length;
    await fillOrder(bot.user(OPERATOR, { languageCode: "en" }), { client: { query: "Потерянов Олег" } });
    void bot.user(OPERATOR, { languageCode: "en" }).press("✅ Create");
    await hit;
    expect(sandbox.store.orders.length).toBe(before + 1);
    const created = sandbox.store.orders.at(-1);
    if (!created) throw new Error("no order");

    const again = await restarted(store);
    const op = again.user(OPERATOR, { languageCode: "ru" });
    again.resetServiceRequests();
    await op.send("/cancel");
    const [said, ...rest] = texts(op);
    expect(said).toContain(`✅ Заказ ${created.number} был создан до того, как бот прервался`);
    expect(said).toContain(`<b>Заказ ${created.number}</b>`);
    expect(rest).toEqual([]);
    expect(texts(op).join("\n")).not.toContain("Ничего не изменено");
    // One request found it (by the client, type and faults the intake sent).
    expect(again.serviceRequests()).toBe(1);
    // The dialog is over: /new starts a new intake, and nothing was created twice.
    await op.send("/new");
    expect(lastText(op)).not.toContain("Сначала завершите текущий диалог");
    expect(sandbox.store.orders.length).toBe(before + 1);
    await again.close();
  });

  it("after the answer, before the bot recorded it: the next message shows the order, no second create (en)", async () => {
    const store = createMemoryStore();
    const { bot, hit } = await dyingBot(store, "POST", "answer-not-recorded");
    const before = sandbox.store.orders.length;
    await fillOrder(bot.user(OPERATOR, { languageCode: "en" }), { client: { query: "Незаписанов Ян" } });
    void bot.user(OPERATOR, { languageCode: "en" }).press("✅ Create");
    await hit;
    const created = sandbox.store.orders.at(-1);
    if (!created) throw new Error("no order");

    const again = await restarted(store);
    const op = again.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    expect(texts(op)[0]).toContain(`✅ Order ${created.number} was created before the bot was interrupted`);
    expect(texts(op)[0]).toContain(`<b>Order ${created.number}</b>`);
    await op.send("/cancel");
    expect(lastText(op)).toBe("There is nothing to cancel.");
    expect(sandbox.store.orders.length).toBe(before + 1);
    await again.close();
  });
});

/** `store` with every exactly-once marker unreadable, as a kill mid-write of an in-place store leaves one. */
function tornMarkers(store: Store): Store {
  return {
    ...store,
    adapter: <T>(namespace: string, options?: Parameters<Store["adapter"]>[1]) => {
      const inner = store.adapter<T>(namespace, options);
      if (namespace !== "dialog-writes") return inner;
      return {
        ...inner,
        read: (key: string) => Promise.reject(new StoreCorruptError(namespace, key)),
        write: (key: string, value: T) => inner.write(key, value),
        delete: (key: string) => inner.delete(key),
      };
    },
  };
}

describe("/new while a create's answer was lost", () => {
  it("does not start a second intake; /cancel then shows the order the CRM made, once (en, ru)", async () => {
    for (const [lang, busy, created] of [
      ["en", "A dialog is in progress", "was created after all"],
      ["ru", "Сейчас идёт диалог", "всё-таки создан"],
    ] as const) {
      const { bot, answer } = await lossyBot(sandbox, { operators: [OPERATOR], shopId, method: "POST" });
      const clerk = bot.user(OPERATOR, { languageCode: "en" });
      const client = `Новый Поверх ${lang}`;
      const ordersOf = () =>
        sandbox.store.orders.filter(
          (o) => sandbox.store.counteragentById.get(o.counteragentId)?.name === client,
        );
      await fillOrder(clerk, { client: { query: client } });
      await press(clerk, /^✅/);
      expect(ordersOf()).toHaveLength(1);
      answer();
      const op = bot.user(OPERATOR, { languageCode: lang });
      const before = texts(op).length;
      await op.send("/new");
      expect(lastText(op)).toContain(busy);
      await op.send("/cancel");
      const said = texts(op).slice(before).join("\n");
      expect(said).toContain(`${ordersOf()[0]?.number} ${created}`);
      expect(said).not.toMatch(/Nothing was changed|Ничего не изменено/);
      expect(ordersOf()).toHaveLength(1);
      await bot.close();
    }
  });
});

describe("a create interrupted, its marker torn", () => {
  it("/cancel checks the service and shows the order, never 'nothing was changed' (en, ru)", async () => {
    for (const [lang, created, nothing] of [
      ["en", "was created before the bot was interrupted", "Nothing was changed"],
      ["ru", "был создан до того, как бот прервался", "Ничего не изменено"],
    ] as const) {
      const store = createMemoryStore();
      const { bot, hit } = await dyingBot(store, "POST", "answer-not-recorded");
      const before = sandbox.store.orders.length;
      await fillOrder(bot.user(OPERATOR, { languageCode: "en" }), { client: { query: `Рванов ${lang}` } });
      void bot.user(OPERATOR, { languageCode: "en" }).press("✅ Create");
      await hit;
      const order = sandbox.store.orders.at(-1);
      if (!order) throw new Error("no order");

      const again = await restarted(tornMarkers(store));
      const op = again.user(OPERATOR, { languageCode: lang });
      await op.send("/cancel");
      expect(texts(op).join("\n")).toContain(`${order.number} ${created}`);
      expect(texts(op).join("\n")).not.toContain(nothing);
      await op.send("/new");
      expect(sandbox.store.orders.length).toBe(before + 1);
      await again.close();
    }
  });
});

describe("a status change with payment interrupted", () => {
  it("after the service took it: /cancel says the status is now X and 500 ₽ were taken (en)", async () => {
    const store = createMemoryStore();
    const { bot, hit } = await dyingBot(store, "PATCH", "service-did-it");
    const order = freshOrder();
    const from = order.statusId;
    await toPaidStatusConfirm(bot.user(OPERATOR, { languageCode: "en" }), order);
    void bot.user(OPERATOR, { languageCode: "en" }).press("✅ Yes");
    await hit;
    expect(order.statusId).not.toBe(from);
    const status = sandbox.store.statusById.get(order.statusId)?.name ?? "";

    const again = await restarted(store);
    const op = again.user(OPERATOR, { languageCode: "en" });
    await op.send("/cancel");
    const said = texts(op).join("\n");
    expect(said).toContain(
      `✅ The change of order ${order.number} went through before the bot was interrupted:`,
    );
    expect(said).toContain(`• the status is now “${status}”`);
    expect(said).toContain("• 500 ₽ taken");
    expect(said).not.toContain("Nothing was changed");
    expect(paymentsOf(order.id)).toHaveLength(1);
    await again.close();
  });

  it("a mixed payment, then /new after the restart: the change and 500 ₽ reported once, a new intake starts (ru)", async () => {
    const store = createMemoryStore();
    const { bot, hit } = await dyingBot(store, "PATCH", "service-did-it");
    const order = freshOrder();
    await toMixedPaymentConfirm(bot.user(OPERATOR, { languageCode: "en" }), order.number);
    void bot.user(OPERATOR, { languageCode: "en" }).press("✅ Yes");
    await hit;
    const status = sandbox.store.statusById.get(order.statusId)?.name ?? "";

    const again = await restarted(store);
    const op = again.user(OPERATOR, { languageCode: "ru" });
    await op.send("/new");
    const [report] = texts(op);
    expect(report).toContain(`✅ Изменение заказа ${order.number} прошло до того, как бот прервался:`);
    expect(report).toContain(`• статус теперь «${status}»`);
    expect(report).toContain("• принято 500 ₽");
    expect(texts(op).join("\n")).not.toContain("Ничего не изменено");
    // The status dialog is over: /new opens an intake instead of "finish the current dialog".
    await op.send("/new");
    expect(lastText(op)).not.toContain("Сначала завершите текущий диалог");
    expect(
      paymentsOf(order.id)
        .map((tr) => tr.money)
        .sort(),
    ).toEqual([200, 300]);
    await again.close();
  });

  it("after the answer, before it was recorded: a press on the old prompt reports it in Russian, nothing twice", async () => {
    const store = createMemoryStore();
    const { bot, hit } = await dyingBot(store, "PATCH", "answer-not-recorded");
    const order = freshOrder();
    await toPaidStatusConfirm(bot.user(OPERATOR, { languageCode: "en" }), order);
    void bot.user(OPERATOR, { languageCode: "en" }).press("✅ Yes");
    await hit;

    const again = await restarted(store);
    const op = again.user(OPERATOR, { languageCode: "ru" });
    await op.send("1");
    const said = texts(op).join("\n");
    expect(said).toContain(`✅ Изменение заказа ${order.number} прошло до того, как бот прервался:`);
    expect(said).toContain("• принято 500 ₽");
    expect(paymentsOf(order.id)).toHaveLength(1);
    await again.close();
  });

  it("before the request: /cancel says the change did not reach the CRM; no status, no payment (ru)", async () => {
    const store = createMemoryStore();
    const { bot, hit } = await dyingBot(store, "PATCH", "before-request");
    const order = freshOrder();
    const from = order.statusId;
    await toPaidStatusConfirm(bot.user(OPERATOR, { languageCode: "en" }), order);
    void bot.user(OPERATOR, { languageCode: "en" }).press("✅ Yes");
    await hit;

    const again = await restarted(store);
    const op = again.user(OPERATOR, { languageCode: "ru" });
    await op.send("/cancel");
    expect(texts(op)).toEqual([
      `Изменение заказа ${order.number} не дошло до CRM: там ничего не изменилось.`,
      "Диалог отменён. Ничего не изменено.",
    ]);
    expect(order.statusId).toBe(from);
    expect(paymentsOf(order.id)).toHaveLength(0);
    await again.close();
  });

  it("while the service cannot be asked: nothing is sent, the dialog stays, the next message resolves it (en)", async () => {
    const store = createMemoryStore();
    const { bot, hit } = await dyingBot(store, "PATCH", "service-did-it");
    const order = freshOrder();
    await toPaidStatusConfirm(bot.user(OPERATOR, { languageCode: "en" }), order);
    void bot.user(OPERATOR, { languageCode: "en" }).press("✅ Yes");
    await hit;

    const again = await restarted(store);
    const op = again.user(OPERATOR, { languageCode: "en" });
    sandbox.faults.set("error=1");
    await op.send("/cancel");
    expect(lastText(op)).toContain("cannot check now whether the change went through");
    expect(lastText(op)).toContain("the dialog is kept");
    sandbox.faults.clear();
    await op.send("/cancel");
    expect(texts(op).join("\n")).toContain("• 500 ₽ taken");
    expect(paymentsOf(order.id)).toHaveLength(1);
    await again.close();
  });
});
