/**
 * A bare number that is an order's number opens its card even when a client's
 * phone ends in the same digits: the phones' clients are a button under the
 * card (issue 32.11); digits typed from a serial number find that order. The
 * mirror holds orders and clients; the clock is the test's own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import type { Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import { buttons, lastText } from "../../helpers/dialog-driver.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";

const OPERATOR = 1;
const clock = new ManualClock(new Date("2026-03-11T09:20:00Z"));
let sandbox: Sandbox;
let t: MirrorBot;
let numbered: SandboxOrder;
let serial: SandboxOrder;
/** The client whose phone ends in the digits of `numbered`'s number. */
let lookalikeName: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, orders: 120, clock: { now: () => clock.now().getTime() } });
  const { store } = sandbox;
  const recent = store.orders
    .filter((o) => o.isVisible && o.num >= 1000 && clock.now().getTime() - o.dateCreate < 20 * 86_400_000)
    .sort((a, b) => b.dateCreate - a.dateCreate);
  numbered = recent[0] as SandboxOrder;
  const other = store.counteragents.find((c) => c.id !== numbered.counteragentId && c.phones.length > 0);
  if (!other) throw new Error("no other client");
  const tail = String(numbered.num);
  other.phones = [`+7 9125${tail.padStart(6, "0")}`];
  lookalikeName = other.name;
  serial = recent.find((o) => o.id !== numbered.id) as SandboxOrder;
  serial.sn = "QX7315904826";
  t = await createMirrorBot({ sandbox, clock, operators: [OPERATOR], clients: true });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

describe("an order's number", () => {
  it.each([
    ["en", "Order", "📞 Phones with", "client"],
    ["ru", "Заказ", "📞 Телефоны с", "клиент"],
  ] as const)(
    "opens its card, the phones' clients a button under it (%s)",
    async (language, title, button, word) => {
      const op = t.user(OPERATOR, { languageCode: language });
      t.mark();
      await op.send(String(numbered.num));
      expect(lastText(op)).toContain(`${title} ${numbered.number}`);
      const phones = buttons(op).find((b) => b.startsWith(button));
      expect(phones).toBe(`${button} ${numbered.num}: 1 ${word}`);
      // The card's own buttons stay: the phones' list is beside them, not instead.
      expect(buttons(op).some((b) => b.startsWith("🔄"))).toBe(true);
      await op.press(phones ?? "");
      expect(buttons(op).some((b) => b.includes(lookalikeName))).toBe(true);
      expect(t.requests()).toBe(0);
    },
  );

  it("in a group the card has no phones' button (a group sees no phones)", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    const calls = await t.handle({
      ...op.messageUpdate(String(numbered.num)),
      message: {
        ...op.messageUpdate(String(numbered.num)).message,
        chat: { id: -100500, type: "group", title: "Shop" },
      } as never,
    });
    const markup = JSON.stringify(calls.map((c) => c.payload.reply_markup));
    expect(markup).not.toContain("📞");
  });
});

describe("digits typed from a serial number", () => {
  it.each([
    ["en", "found by the serial number"],
    ["ru", "найден по серийному номеру"],
  ] as const)("find that order: 8 digits and the whole run (%s)", async (language, note) => {
    const op = t.user(OPERATOR, { languageCode: language });
    await op.send("15904826");
    expect(lastText(op)).toContain(note);
    expect(lastText(op)).toContain(serial.number);
    // Ten digits are no order number: the search finds the serial as well.
    await op.send("7315904826");
    expect(lastText(op)).toContain(serial.number);
  });

  it("digits held by no number, phone or serial say so (en)", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("97531864");
    expect(lastText(op)).toContain("No client's phone or serial number contains these digits either.");
  });
});
