import type { Context } from "grammy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "../../../src/bot/i18n.ts";
import { deadlineMark } from "../../../src/bot/ui/deadline-mark.ts";
import { KNOWN_NUM, type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import type { Order } from "../../../src/service/index.ts";
import { createTestBot, type TestBot } from "../../helpers/test-bot.ts";
import { messageUpdate, telegramUser } from "../../helpers/updates.ts";

const OPERATOR = 101;
const RU_OPERATOR = 102;
const GROUP = -100_555;

let sandbox: Sandbox;
let t: TestBot;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  t = await createTestBot({ sandbox, operators: [OPERATOR, RU_OPERATOR] });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

/** The last 4 digits of a visible order's client phone that are no order's number, and that order's number. */
function phoneTail(): { digits: string; number: string } {
  const nums = new Set(sandbox.store.orders.map((o) => o.num));
  for (const order of sandbox.store.orders) {
    if (!order.isVisible) continue;
    const phone = sandbox.store.counteragentById.get(order.counteragentId)?.phones[0];
    const digits = phone?.replace(/\D/g, "").slice(-4);
    if (!digits || digits.startsWith("0") || nums.has(Number(digits))) continue;
    const sharing = sandbox.store.orders.filter((o) =>
      sandbox.store.counteragentById
        .get(o.counteragentId)
        ?.phones.some((p) => p.replace(/\D/g, "").includes(digits)),
    );
    if (sharing.length === 1) return { digits, number: order.number };
  }
  throw new Error("no phone tail in the seed");
}

/** Digits that are no order's number and in no client's phone. */
function nothing(): string {
  for (let n = 9101; n < 9999; n++) {
    const digits = String(n);
    const used =
      sandbox.store.orders.some((o) => o.num === n) ||
      [...sandbox.store.counteragentById.values()].some((c) =>
        c.phones.some((p) => p.replace(/\D/g, "").includes(digits)),
      );
    if (!used) return digits;
  }
  throw new Error("every number is taken");
}

describe("digits in a private chat that find no order search the phones", () => {
  it("finds the client's order by the last digits of the phone, in one answer (en), for one more request", async () => {
    const { digits, number } = phoneTail();
    const op = t.user(OPERATOR, { languageCode: "en" });
    t.resetServiceRequests();
    await op.send(digits);
    expect(t.serviceRequests()).toBe(2);
    const text = op.lastReply()?.text ?? "";
    expect(text).toContain(`📞 No order with the number <b>${digits}</b>; found by the client's phone:`);
    expect(text).toContain(`<b>Order ${number}</b>`);
    expect(text).toContain(digits.slice(-2));
  });

  it("and in Russian", async () => {
    const { digits, number } = phoneTail();
    const op = t.user(RU_OPERATOR, { languageCode: "ru" });
    await op.send(digits);
    const text = op.lastReply()?.text ?? "";
    expect(text).toContain(`📞 Заказа с номером <b>${digits}</b> нет; найден по телефону клиента:`);
    expect(text).toContain(`<b>Заказ ${number}</b>`);
  });

  it("says that no phone matched either, and asks nothing more", async () => {
    const digits = nothing();
    const op = t.user(OPERATOR, { languageCode: "en" });
    t.resetServiceRequests();
    await op.send(digits);
    expect(t.serviceRequests()).toBe(2);
    expect(op.lastReply()?.text).toContain(
      "No client's phone or serial number contains these digits either.",
    );
    const ru = t.user(RU_OPERATOR, { languageCode: "ru" });
    await ru.send(digits);
    expect(ru.lastReply()?.text).toContain("Телефона клиента или серийного номера с этими цифрами тоже нет.");
  });

  it("an exact order number costs one request and no phone search; nor do 3 digits, /order or a group", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    t.resetServiceRequests();
    await op.send(String(KNOWN_NUM));
    expect(t.serviceRequests()).toBe(1);
    const { digits } = phoneTail();
    t.resetServiceRequests();
    await op.send(`/order ${digits}`);
    await op.send("999");
    // At most the two numbers (a number asked before is remembered as missing): no phone search.
    expect(t.serviceRequests()).toBeLessThanOrEqual(2);
    expect(op.lastReply()?.text).not.toContain("phone");
    t.resetServiceRequests();
    await t.handle(messageUpdate(telegramUser(OPERATOR, { languageCode: "en" }), digits, 9000, GROUP));
    // The number only (remembered as missing by now: none): a group never searches phones.
    expect(t.serviceRequests()).toBeLessThanOrEqual(1);
  });
});

describe("the miss hint: one rule, natural wording", () => {
  it("1102 suggests the part that finds its ten neighbours, and that part gets no contradicting hint (en)", async () => {
    const fresh = await createTestBot({ sandbox, operators: [OPERATOR, RU_OPERATOR] });
    try {
      const prefix =
        /^\D+/.exec(sandbox.store.orders.find((o) => o.num === KNOWN_NUM)?.number ?? "")?.[0] ?? "";
      const en = fresh.user(OPERATOR, { languageCode: "en" });
      await en.send(String(KNOWN_NUM)); // learns the prefix and the padding
      const absent = [1102, 8102, 9102].find((n) => !sandbox.store.orders.some((o) => o.num === n)) ?? 1102;
      const part = `${prefix}${String(absent).padStart(5, "0")}`;
      await en.send(`/order ${absent}`);
      const hint = en.lastReply()?.text ?? "";
      expect(hint).toContain(`<code>${part}</code> finds ${part}0–${part}9.`);
      await en.send(part);
      const second = en.lastReply()?.text ?? "";
      expect(second).not.toContain("written like");
      expect(second).not.toContain(`${prefix}00${absent}`);
      // The same digits with Latin letters: only the letters are put right.
      await en.send(`A${String(absent).padStart(5, "0")}`);
      expect(en.lastReply()?.text ?? "").not.toMatch(/written like <code>\D+00/);

      const ru = fresh.user(RU_OPERATOR, { languageCode: "ru" });
      await ru.send(`/order ${absent}`);
      const ruText = ru.lastReply()?.text ?? "";
      expect(ruText).toContain(`<code>${part}</code> найдёт ${part}0–${part}9.`);
      expect(ruText).toContain("нет во всех мастерских (искали точное совпадение)");
      expect(ruText).not.toContain("нет: все мастерские");
      // "0" is no number: the shape of numbers, not "А00000".
      await ru.send("/order 0");
      expect(ru.lastReply()?.text).toContain(`Номера здесь — это ${prefix} и 6 цифр`);
      expect(ru.lastReply()?.text).not.toContain(`${prefix}00000<`);
      await en.send("/order 0");
      expect(en.lastReply()?.text).toContain(`Numbers here are ${prefix} and 6 digits`);
    } finally {
      await fresh.close();
    }
  });

  it("a whole number in another form is shown as the workshops write it", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(String(KNOWN_NUM));
    await op.send("A-9999");
    expect(op.lastReply()?.text).toMatch(/written like <code>\D+009999<\/code>/);
  });
});

describe("deadline marks on list buttons", () => {
  const i18n = createI18n<Context>("ru");
  const now = new Date("2026-11-25T10:00:00Z");
  const order = (deadline: string, extra: Partial<Order> = {}): Order => ({
    id: "1",
    number: "А000001",
    deadline: new Date(deadline),
    ...extra,
  });
  const mark = (o: Order, locale: "ru" | "en") =>
    deadlineMark(o, { t: (key, vars) => i18n.t(locale, key, vars), now, timezone: "Europe/Moscow" });

  it("shows the due date, short", () => {
    expect(mark(order("2026-11-26T16:00:00Z"), "en")).toBe("⏰ 26.11");
    expect(mark(order("2026-11-26T16:00:00Z"), "ru")).toBe("⏰ 26.11");
  });

  it("counts overdue calendar days in the workshop's time zone", () => {
    expect(mark(order("2026-11-23T16:00:00Z"), "en")).toBe("❗ 2 d overdue");
    expect(mark(order("2026-11-23T16:00:00Z"), "ru")).toBe("❗ просрочен на 2 дн.");
    expect(mark(order("2026-11-25T06:00:00Z"), "en")).toBe("❗ overdue today");
  });

  it("leaves out orders without a deadline and those ready or handed over", () => {
    expect(mark({ id: "1", number: "А000001" }, "en")).toBeUndefined();
    expect(mark(order("2026-11-20T16:00:00Z", { dateFinish: new Date("2026-11-21") }), "en")).toBeUndefined();
    expect(
      mark(order("2026-11-20T16:00:00Z", { status: { id: "s", name: "Готов", type: "finish" } }), "ru"),
    ).toBeUndefined();
  });
});
