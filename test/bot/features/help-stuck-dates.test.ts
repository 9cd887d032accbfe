/**
 * The newcomer's small things (issue 29.17): /help lists /notify once (with the
 * mirror and without), the stuck list says how long each order has been
 * untouched, and each language writes a day one way (English names the month,
 * as its typed dates are month first; Russian day.month).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "../../../src/bot/i18n.ts";
import { formatDay } from "../../../src/bot/ui/dates.ts";
import { deadlineMark } from "../../../src/bot/ui/deadline-mark.ts";
import type { Order } from "../../../src/service/index.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";
import { createTestBot } from "../../helpers/test-bot.ts";

const OWNER = 901;
const DAY = 24 * 60 * 60 * 1000;
let t: MirrorBot;

beforeAll(async () => {
  t = await createMirrorBot({ operators: [OWNER + 1], config: { ownerIds: [OWNER] }, orders: 80 });
});
afterAll(() => t.close());

const count = (text: string, word: string) => text.split(word).length - 1;

describe("/help", () => {
  it("lists /notify once for an owner, with the mirror (en, ru)", async () => {
    for (const languageCode of ["en", "ru"]) {
      const owner = t.user(OWNER, { languageCode });
      await owner.send("/help");
      const text = owner.lastReply()?.text ?? "";
      expect(text).toContain("/cash");
      expect(count(text, "/notify")).toBe(1);
    }
  });

  it("and without the mirror (en)", async () => {
    const plain = await createTestBot({ sandbox: t.sandbox, config: { ownerIds: [OWNER] } });
    try {
      const owner = plain.user(OWNER, { languageCode: "en" });
      await owner.send("/help");
      expect(count(owner.lastReply()?.text ?? "", "/notify")).toBe(1);
    } finally {
      await plain.close();
    }
  });
});

describe("the stuck list says how long each order has been untouched", () => {
  it("whole days where the bot knows the last change, at least STUCK_DAYS where it does not (en, ru)", async () => {
    const { store } = t.sandbox;
    const open = store.orders.filter(
      (o) => o.isVisible && ["new", "inWork", "wait"].includes(store.statusById.get(o.statusId)?.group ?? ""),
    );
    const now = t.clock.now().getTime();
    for (const o of open) o.lastAction = now;
    const [known, unknown] = open;
    if (!known || !unknown) throw new Error("two open orders needed");
    known.lastAction = now - 10 * DAY - 3_600_000;
    unknown.lastAction = now - 5 * DAY;
    const op = t.user(OWNER + 1, { languageCode: "en" });
    // A full record read (a card dialog's opening read, a receipt, a diagnosis) carries lastAction: the mirror keeps it.
    await t.mirror.fetch(known.id, { refresh: true });
    await op.send("/overdue stuck");
    const labels =
      op
        .lastReply()
        ?.replyMarkup?.inline_keyboard.flat()
        .map((b) => b.text) ?? [];
    expect(labels.find((l) => l.includes(known.number))).toMatch(/^🐢 10 d · /);
    expect(labels.find((l) => l.includes(unknown.number))).toMatch(/^🐢 ≥3 d · /);
    const ru = t.user(OWNER + 1, { languageCode: "ru" });
    await ru.send("/overdue stuck");
    const ruLabels =
      ru
        .lastReply()
        ?.replyMarkup?.inline_keyboard.flat()
        .map((b) => b.text) ?? [];
    expect(ruLabels.find((l) => l.includes(known.number))).toMatch(/^🐢 10 дн\. · /);
  });
});

describe("one date form per language", () => {
  const i18n = createI18n("ru");
  const now = new Date("2026-11-25T09:00:00Z");
  const order = { id: "1", number: "А1", deadline: new Date("2026-11-28T16:00:00Z") } as Order;
  it("a deadline mark: ⏰ Nov 28 in English, ⏰ 28.11 in Russian", () => {
    const mark = (locale: "ru" | "en") =>
      deadlineMark(order, {
        t: (key, args) => i18n.t(locale, key, args),
        now,
        timezone: "Europe/Moscow",
        locale,
      });
    expect(mark("en")).toBe("⏰ Nov 28");
    expect(mark("ru")).toBe("⏰ 28.11");
  });

  it("a quick button's day: Sat Nov 28 / сб 28.11 (the typed English form is month first too: 11/28)", () => {
    expect(formatDay(order.deadline as Date, "en", "Europe/Moscow")).toBe("Sat Nov 28");
    expect(formatDay(order.deadline as Date, "ru", "Europe/Moscow")).toBe("сб 28.11");
  });
});
