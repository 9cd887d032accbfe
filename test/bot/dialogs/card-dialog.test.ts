/**
 * One card-dialog helper (dialog-kit/card-dialog.ts): a card's dialog button,
 * its press and its dialog are one declaration, listed once. The card's
 * buttons keep their order; an unknown operator action is answered
 * "outdated"; a new dialog declared once gets its button on the card, the
 * role check, the order read (a `full` read costs one GET) and its dialog.
 */
import { describe, expect, it } from "vitest";
import type { DialogContext } from "../../../src/bot/context.ts";
import type { Dialog } from "../../../src/bot/dialog-kit/ask.ts";
import { actionButton, type CardDialog, cardDialogs } from "../../../src/bot/dialog-kit/card-dialog.ts";
import { reviveOrder } from "../../../src/bot/orders/json.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import { startSandbox } from "../../../src/sandbox/index.ts";
import type { TestBot } from "../../helpers/test-bot.ts";
import { createTestBot, textsOf } from "../../helpers/test-bot.ts";
import { OPERATOR, useDialogBot, VIEWER } from "./fixture.ts";

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;
useDialogBot({ viewers: [VIEWER] }, (started) => ({ sandbox, t, shopId } = started));

const buttonsOf = (labels: string[] | undefined) => labels ?? [];

describe("the card's dialogs, listed once", () => {
  it("an operator's card shows the dialogs' buttons in their order, then the bench's", async () => {
    const order = sandbox.store.orders.find((o) => o.shopId === shopId && o.isVisible);
    if (!order) throw new Error("no order");
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(order.number);
    const labels = buttonsOf(
      op
        .lastReply()
        ?.replyMarkup?.inline_keyboard.flat()
        .map((b) => b.text),
    );
    expect(labels.slice(1)).toEqual([
      "🔁 Status",
      "💬 Comment",
      "🔧 Master",
      "👤 Manager",
      "🩺 Diagnosis",
      "🏷 Label",
      "🧾 Receipt",
      "🧾 Act",
      "📷 Add photos",
      // Clients and mistakes (issue 26).
      "👤 Client",
      "🗑 Delete",
    ]);
  });

  it("an operator action no dialog knows is answered 'outdated' and opens nothing", async () => {
    const order = sandbox.store.orders.find((o) => o.shopId === shopId && o.isVisible);
    const op = t.user(OPERATOR, { languageCode: "en" });
    const calls = await op.pressData(`oa:zz:${order?.id}`);
    expect(textsOf(calls)).toEqual(["This button is outdated."]);
  });
});

describe("a new card dialog, declared once", () => {
  it("gets its button, the role check, a full read (1 GET) and its dialog with the order", async () => {
    const opened: string[] = [];
    const card: CardDialog = {
      id: "test-card",
      label: "card-btn-diagnosis",
      button: actionButton("tc"),
      read: "full",
      dialog: async (_dialog: Dialog, ctx: DialogContext, raw: unknown) => {
        const order = reviveOrder(raw);
        opened.push(order.number ?? "");
        await ctx.reply(`opened ${order.number}`);
      },
    };
    const cards = cardDialogs([card]);
    const own = await startSandbox({ port: 0 });
    const bot = await createTestBot({
      sandbox: own,
      operators: [OPERATOR],
      viewers: [VIEWER],
      deps: { cardActions: cards.actions, features: () => [cards.feature] },
    });
    try {
      const order = own.store.orders.find((o) => o.isVisible);
      if (!order) throw new Error("no order");
      const viewer = bot.user(VIEWER, { languageCode: "en" });
      await viewer.send(order.number);
      expect(
        viewer
          .lastReply()
          ?.replyMarkup?.inline_keyboard.flat()
          .map((b) => b.text),
      ).not.toContain("🩺 Diagnosis");
      await viewer.pressData(`oa:tc:${order.id}`, viewer.lastReply());
      expect(opened).toEqual([]);

      const op = bot.user(OPERATOR, { languageCode: "en" });
      await op.send(order.number);
      bot.resetServiceRequests();
      await op.press("🩺 Diagnosis");
      expect(bot.serviceRequests()).toBe(1);
      expect(opened).toEqual([order.number]);
      expect(op.lastReply()?.text).toBe(`opened ${order.number}`);
    } finally {
      await bot.close();
      await own.close();
    }
  });
});
