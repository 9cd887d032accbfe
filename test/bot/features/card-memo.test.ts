/**
 * A held order's card is built once per reading and reader (ui/card-memo.ts),
 * yet reads as if built each time: the overdue mark follows the clock, the
 * language and the role are the reader's, the buttons are a copy.
 */
import { InlineKeyboard } from "grammy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardMemoOf } from "../../../src/bot/ui/card-memo.ts";
import { decodeHeldOrder, encodeRecord } from "../../../src/mirror/records.ts";
import type { Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import type { Order } from "../../../src/service/index.ts";
import { lastText } from "../../helpers/dialog-driver.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";

const OPERATOR = 1;
const VIEWER = 3;
const clock = new ManualClock(new Date("2026-04-07T07:10:00Z"));
let t: MirrorBot;
let order: SandboxOrder;

const buttons = (user: ReturnType<MirrorBot["user"]>) =>
  user
    .lastReply()
    ?.replyMarkup?.inline_keyboard.flat()
    .map((b) => b.text) ?? [];

beforeAll(async () => {
  t = await createMirrorBot({ clock, operators: [OPERATOR], viewers: [VIEWER], orders: 120 });
  // An open order due later today: not overdue yet.
  const now = clock.now().getTime();
  const found = t.sandbox.store.orders.find((o) => {
    const held = t.mirror.get(o.id);
    return (
      held !== undefined &&
      o.isVisible &&
      o.deadline !== null &&
      o.deadline > now + 60_000 &&
      !["finish", "closed"].includes(held.order.status?.type ?? "")
    );
  });
  if (!found) throw new Error("no open held order with a deadline ahead");
  order = found;
});
afterAll(() => t.close());

describe("the card memo", () => {
  it("marks the same reading overdue once its deadline has passed", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    t.mark();
    await op.send(order.number);
    expect(lastText(op)).toContain(order.number);
    expect(lastText(op)).not.toContain("Overdue");
    const reading = t.mirror.get(order.id)?.order;
    await clock.advance((order.deadline ?? 0) - clock.now().getTime() + 60_000);
    await op.send(order.number);
    // No sync ran: the mirror handed out the same reading, and its card says overdue now.
    expect(t.mirror.get(order.id)?.order).toBe(reading);
    expect(lastText(op)).toContain("Overdue");
    expect(t.requests()).toBe(0);
  });

  it("speaks each reader's language and shows each role its buttons", async () => {
    const en = t.user(OPERATOR, { languageCode: "en" });
    const viewer = t.user(VIEWER, { languageCode: "ru" });
    await en.send(order.number);
    await viewer.send(order.number);
    expect(lastText(en)).toContain("Status");
    expect(lastText(viewer)).toContain("Статус");
    expect(buttons(en).length).toBeGreaterThan(buttons(viewer).length);
    // And the operator's card again, after the viewer's: still the operator's.
    const before = buttons(en);
    await en.send(order.number);
    expect(buttons(en)).toEqual(before);
    // One language, two roles: the role alone tells the buttons apart.
    const viewerEn = t.user(VIEWER, { languageCode: "en" });
    await viewerEn.send(order.number);
    expect(buttons(viewerEn).length).toBeLessThan(before.length);
    await en.send(order.number);
    expect(buttons(en)).toEqual(before);
  });
});

describe("cardMemoOf", () => {
  // One of the mirror's shared readings, as a lookup gets it.
  const frozen = decodeHeldOrder(encodeRecord({ id: "o1", number: "А000001" }));

  it("builds a frozen reading's card once per key", () => {
    const memo = cardMemoOf({});
    let built = 0;
    const build = () => `card ${++built}`;
    expect(memo.text(frozen, "en", build)).toBe("card 1");
    expect(memo.text(frozen, "en", build)).toBe("card 1");
    expect(memo.text(frozen, "ru", build)).toBe("card 2");
  });

  it("builds a record that may change every time, frozen or not, if the mirror did not read it", () => {
    const memo = cardMemoOf({});
    for (const record of [{ id: "o2" }, Object.freeze({ id: "o3", status: { id: "s1" } })] as Order[]) {
      let built = 0;
      memo.text(record, "en", () => `card ${++built}`);
      expect(memo.text(record, "en", () => `card ${++built}`)).toBe("card 2");
    }
  });

  it("hands out a copy of the buttons: a row added to one card is not on the next", () => {
    const memo = cardMemoOf({});
    const build = () => new InlineKeyboard().text("🔄", "r:o1");
    memo.keyboard(frozen, "en", build).row().text("📷 2", "p:o1");
    const again = memo.keyboard(frozen, "en", build);
    expect(again.inline_keyboard).toEqual([[{ text: "🔄", callback_data: "r:o1" }]]);
  });

  it("keeps one bot's cards apart from another's", () => {
    let built = 0;
    cardMemoOf({}).text(frozen, "en", () => `card ${++built}`);
    expect(cardMemoOf({}).text(frozen, "en", () => `card ${++built}`)).toBe("card 2");
  });
});
