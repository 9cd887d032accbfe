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
import { OPERATOR, useDialogBot, VIEWER } from "../../helpers/dialog-fixture.ts";
import type { TestBot } from "../../helpers/test-bot.ts";
import { callsOf, createTestBot, textsOf } from "../../helpers/test-bot.ts";

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

describe("a card dialog's allow(order, role) hook", () => {
  const OWNER = 909;
  /** A dialog only an owner opens on an order with a price (as 🗑 Delete guards money taken). */
  async function botWithGuard() {
    const opened: string[] = [];
    const asked: { number: string | undefined; role: string }[] = [];
    const card: CardDialog = {
      id: "guarded-card",
      label: "card-btn-diagnosis",
      button: actionButton("gd"),
      roles: ["owner", "operator"],
      allow: (order, role) => {
        asked.push({ number: order.number, role });
        return role === "owner";
      },
      refusal: "stale-button",
      dialog: async (_dialog: Dialog, ctx: DialogContext, raw: unknown) => {
        opened.push(reviveOrder(raw).number ?? "");
        await ctx.reply("guarded opened");
      },
    };
    const cards = cardDialogs([card]);
    const own = await startSandbox({ port: 0 });
    const bot = await createTestBot({
      sandbox: own,
      operators: [OPERATOR],
      config: { ownerIds: [OWNER] },
      deps: { cardActions: cards.actions, features: () => [cards.feature] },
    });
    const order = own.store.orders.find((o) => o.isVisible);
    if (!order) throw new Error("no order");
    return { bot, own, order, opened, asked };
  }

  it("refuses a role it does not allow with the refusal's alert: the dialog does not start", async () => {
    const { bot, own, order, opened, asked } = await botWithGuard();
    try {
      const op = bot.user(OPERATOR, { languageCode: "en" });
      await op.send(order.number);
      // The button is shown (the roles allow it); the hook decides on the order as read.
      const calls = await op.press("🩺 Diagnosis");
      expect(asked).toEqual([{ number: order.number, role: "operator" }]);
      const answer = callsOf(calls, "answerCallbackQuery")[0]?.payload;
      expect(answer).toMatchObject({ text: "This button is outdated.", show_alert: true });
      expect(opened).toEqual([]);
      expect(textsOf(calls)).not.toContain("guarded opened");
    } finally {
      await bot.close();
      await own.close();
    }
  });

  it("opens the dialog for a role it allows, with the order it judged", async () => {
    const { bot, own, order, opened, asked } = await botWithGuard();
    try {
      const owner = bot.user(OWNER, { languageCode: "en" });
      await owner.send(order.number);
      await owner.press("🩺 Diagnosis");
      expect(asked).toEqual([{ number: order.number, role: "owner" }]);
      expect(opened).toEqual([order.number]);
      expect(owner.lastReply()?.text).toBe("guarded opened");
    } finally {
      await bot.close();
      await own.close();
    }
  });

  it("without a refusal key the alert is the default 'forbidden' text", async () => {
    const card: CardDialog = {
      id: "never-card",
      label: "card-btn-diagnosis",
      button: actionButton("nv"),
      allow: () => false,
      dialog: async (_dialog: Dialog, ctx: DialogContext) => {
        await ctx.reply("never opened");
      },
    };
    const cards = cardDialogs([card]);
    const own = await startSandbox({ port: 0 });
    const bot = await createTestBot({
      sandbox: own,
      operators: [OPERATOR],
      deps: { cardActions: cards.actions, features: () => [cards.feature] },
    });
    try {
      const order = own.store.orders.find((o) => o.isVisible);
      if (!order) throw new Error("no order");
      const op = bot.user(OPERATOR, { languageCode: "en" });
      await op.send(order.number);
      const calls = await op.press("🩺 Diagnosis");
      expect(callsOf(calls, "answerCallbackQuery")[0]?.payload).toMatchObject({
        text: "🚫 The service does not allow the bot to do this.",
        show_alert: true,
      });
      expect(textsOf(calls)).not.toContain("never opened");
    } finally {
      await bot.close();
      await own.close();
    }
  });
});
