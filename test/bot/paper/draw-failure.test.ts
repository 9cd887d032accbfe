/**
 * A document that cannot be drawn is told, not a crash (issue 33.3): the
 * press is answered with the localized reason, no document is sent, and the
 * bot goes on answering (the next press draws again).
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import { OPERATOR, useDialogBot } from "../../helpers/dialog-fixture.ts";
import { callsOf, type TestBot } from "../../helpers/test-bot.ts";

const broken = vi.hoisted(() => ({ on: true }));
vi.mock("../../../src/bot/paper/draw.ts", async (original) => {
  const real = await original<typeof import("../../../src/bot/paper/draw.ts")>();
  return {
    ...real,
    drawPaper: (...args: Parameters<typeof real.drawPaper>) => {
      if (broken.on) throw new RangeError("Maximum call stack size exceeded");
      return real.drawPaper(...args);
    },
  };
});

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;
useDialogBot({}, (started) => ({ sandbox, t, shopId } = started));
beforeAll(async () => {
  await t.services.reference.shops();
});

const anOrder = () => sandbox.store.orders.find((o) => o.shopId === shopId && o.isVisible);

describe("a document that cannot be drawn", () => {
  for (const [lang, button, words] of [
    ["en", "🧾 Receipt", "The document could not be drawn"],
    ["ru", "🧾 Квитанция", "Не получилось нарисовать документ"],
  ] as const) {
    it(`is told on the press, nothing is sent, the next press draws (${lang})`, async () => {
      broken.on = true;
      const op = t.user(OPERATOR, { languageCode: lang });
      await op.send(anOrder()?.number ?? "");
      const calls = await op.press(button);
      expect(callsOf(calls, "sendDocument")).toHaveLength(0);
      const answer = callsOf(calls, "answerCallbackQuery")[0];
      expect(String(answer?.payload.text)).toContain(words);
      expect(answer?.payload.show_alert).toBe(true);
      broken.on = false;
      expect(callsOf(await op.press(button), "sendDocument")).toHaveLength(1);
    });
  }
});
