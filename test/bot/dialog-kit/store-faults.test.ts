/**
 * Dialogs on a store that fails (a full DATA_DIR, a torn marker): an answer
 * typed while the store refuses it is kept and the dialog goes on afterwards; a
 * Create is not sent while its exactly-once marker cannot be stored; a marker
 * cut in half is checked against the service, never taken for "nothing sent".
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createFileStore, type FaultSwitch } from "../../../src/bot/store/storage.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import { buttons, fillOrder, lastText } from "../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../helpers/dialog-fixture.ts";
import { takeOfferedName } from "../../helpers/offered-name.ts";
import { createTestBot, type TestBot, type TestUser } from "../../helpers/test-bot.ts";

const RU_OPERATOR = 103;
const dataDir = await mkdtemp(join(tmpdir(), "dialog-store-faults-"));
const faults: FaultSwitch = {};
let sandbox: Sandbox;
let t: TestBot;
let shopId: string;

useDialogBot(
  { operators: [OPERATOR, RU_OPERATOR], bot: () => ({ store: createFileStore(dataDir, { faults }) }) },
  (started) => {
    ({ sandbox, t, shopId } = started);
  },
);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const ordersOf = (name: string) =>
  sandbox.store.orders.filter((o) => sandbox.store.counteragentById.get(o.counteragentId)?.name === name);
/** The buttons of the newest message that has any (a warning may follow the prompt). */
const lastButtons = (op: TestUser) =>
  op
    .replies()
    .findLast((m) => m.replyMarkup)
    ?.replyMarkup?.inline_keyboard.flat()
    .map((b) => b.text) ?? [];
const texts = (op: TestUser, from: number) =>
  op
    .replies()
    .slice(from)
    .map((m) => m.text ?? "");

describe("a full DATA_DIR during a dialog", () => {
  it("an answer typed while the disk is full is kept, and the dialog goes on once it has room", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    await op.press("Платный ремонт");
    expect(lastText(op)).toContain("Client:");
    faults.writes = "full";
    const before = op.replies().length;
    await op.send("Диск Полный");
    expect(texts(op, before).join("\n")).toContain("Your answer could not be saved");
    expect(lastButtons(op)).toContain("➕ New client");
    faults.writes = undefined;
    // The prompt's button still works: the step was kept in the process and is stored now.
    await op.press("➕ New client");
    await takeOfferedName(op);
    await op.press("⏭ Skip"); // the new client's phone
    expect(lastText(op)).toContain("Device type");
    expect(texts(op, before).join("\n")).not.toContain("This button no longer works");
    await op.send("Smartphone");
    await op.send("Не включается");
    expect(lastText(op)).toContain("Check the order");
    await op.press("✅ Create");
    expect(ordersOf("Диск Полный")).toHaveLength(1);
    expect(lastText(op)).toContain("Order created");
  });

  it("says so in Russian to a Russian-speaking clerk", async () => {
    const op = t.user(RU_OPERATOR, { languageCode: "ru" });
    await op.send("/new");
    await op.press("Платный ремонт");
    faults.writes = "full";
    const before = op.replies().length;
    await op.send("Полный Диск");
    faults.writes = undefined;
    expect(texts(op, before).join("\n")).toContain("Не удалось сохранить ваш ответ");
    await op.send("/cancel");
  });

  it("a Create press is not sent while its marker cannot be stored, and works once the disk has room", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await fillOrder(op, { client: { query: "Маркер Негде" } });
    const requests = t.serviceRequests();
    faults.writes = "full";
    const before = op.replies().length;
    await op.press("✅ Create");
    expect(ordersOf("Маркер Негде")).toHaveLength(0);
    expect(texts(op, before).join("\n")).toContain("storage is not available");
    expect(t.serviceRequests()).toBe(requests);
    faults.writes = undefined;
    expect(lastButtons(op)).toContain("🔁 Retry");
    await op.press("🔁 Retry");
    expect(ordersOf("Маркер Негде")).toHaveLength(1);
    expect(lastText(op)).toContain("Order created");
  });
});

describe("a store down (reads and writes) during a dialog", () => {
  it("a press is answered 'storage unavailable' and works once the store is back (ru)", async () => {
    const order = sandbox.store.orders.find(
      (o) => o.shopId === shopId && o.isVisible && sandbox.store.statusById.get(o.statusId)?.group === "new",
    );
    if (!order) throw new Error("no open order");
    const from = order.statusId;
    const op = t.user(RU_OPERATOR, { languageCode: "ru" });
    await op.send(`/status ${order.number}`);
    faults.writes = "unavailable";
    faults.reads = "unavailable";
    const before = op.replies().length;
    const calls = await op.press("В работе");
    expect(calls.find((c) => c.method === "answerCallbackQuery")?.payload.text).toContain(
      "Хранилище бота сейчас недоступно",
    );
    // Typed while the store is down: said plainly, never a crash's apology.
    await op.send("В работе");
    expect(lastText(op)).toContain("Если это был ответ в диалоге, пришлите его ещё раз");
    faults.writes = undefined;
    faults.reads = undefined;
    const said = texts(op, before).join("\n");
    expect(said).not.toContain("Эта кнопка больше не работает");
    expect(said).not.toContain("что-то пошло не так");
    await op.press("В работе");
    expect(lastText(op)).toContain("Сменить статус");
    await op.press("✅ Да");
    expect(order.statusId).not.toBe(from);
    expect(texts(op, before).join("\n")).not.toContain("Эта кнопка больше не работает");
  });
});

describe("a torn exactly-once marker", () => {
  it("is checked against the service on retry: the order made before is shown, no second one", async () => {
    const dir = await mkdtemp(join(tmpdir(), "torn-marker-"));
    let lose = true;
    const lossy = await createTestBot({
      sandbox,
      operators: [OPERATOR],
      config: { shopIds: [shopId] },
      store: createFileStore(dir),
      clientOptions: {
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          if (lose && init?.method === "POST") throw new TypeError("fetch failed");
          return response;
        },
      },
    });
    try {
      const op = lossy.user(OPERATOR, { languageCode: "en" });
      await fillOrder(op, { client: { query: "Рваный Маркер" } });
      await op.press("✅ Create");
      expect(ordersOf("Рваный Маркер")).toHaveLength(1);
      expect(buttons(op)).toContain("🔁 Retry");
      // The "sending" marker, cut in half as an in-place write killed midway left it.
      const markers = join(dir, "dialog-writes");
      const [sub] = await readdir(markers);
      const [name] = await readdir(join(markers, sub ?? ""));
      const path = join(markers, sub ?? "", name ?? "");
      const text = await readFile(path, "utf8");
      await writeFile(path, text.slice(0, Math.floor(text.length / 2)));
      lose = false;
      await op.press("🔁 Retry");
      expect(ordersOf("Рваный Маркер")).toHaveLength(1);
      expect(lastText(op)).toContain("Order created");
    } finally {
      await lossy.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
  it("a retry after a torn marker of a create that never left is sent: an older order of the same client is not taken for it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "torn-unsent-"));
    let refuse = false;
    const bot = await createTestBot({
      sandbox,
      operators: [OPERATOR],
      config: { shopIds: [shopId] },
      store: createFileStore(dir),
      clientOptions: {
        fetch: (input, init) =>
          refuse && init?.method === "POST"
            ? Promise.reject(new TypeError("fetch failed"))
            : fetch(input, init),
      },
    });
    try {
      const client = "Повторов Пётр";
      const op = bot.user(OPERATOR, { languageCode: "en" });
      // The same client brought the same device with the same faults an hour ago.
      await fillOrder(op, { client: { query: client } });
      await op.press("✅ Create");
      const [earlier] = ordersOf(client);
      if (!earlier) throw new Error("no earlier order");
      earlier.dateCreate -= 60 * 60 * 1000;
      await fillOrder(op, { client: { query: client } });
      refuse = true;
      await op.press("✅ Create");
      expect(buttons(op)).toContain("🔁 Retry");
      const markers = join(dir, "dialog-writes");
      for (const sub of await readdir(markers)) {
        for (const name of await readdir(join(markers, sub))) {
          const path = join(markers, sub, name);
          const text = await readFile(path, "utf8");
          if (text.includes('"sending"')) await writeFile(path, text.slice(0, Math.floor(text.length / 2)));
        }
      }
      refuse = false;
      await op.press("🔁 Retry");
      expect(lastText(op)).toContain("Order created");
      expect(ordersOf(client)).toHaveLength(2);
    } finally {
      await bot.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
