import { describe, expect, it } from "vitest";
import { orderAction } from "../../../src/bot/ui/callbacks.ts";
import { KNOWN_NUM, type Sandbox } from "../../../src/sandbox/index.ts";
import { useSandboxBot } from "../../helpers/sandbox-bot.ts";
import { callsOf, type TestBot, textsOf } from "../../helpers/test-bot.ts";

const OPERATOR = 101;
const VIEWER = 202;
const STRANGER = 303;

let sandbox: Sandbox;
let t: TestBot;

useSandboxBot(
  () => ({
    operators: [OPERATOR],
    viewers: [VIEWER],
    // What a dialog will plug in: an operator-only button on the card.
    cardActions: [
      { label: "btn-retry", data: (order) => orderAction.encode({ action: "status", id: order.id }) },
    ],
  }),
  (started) => ({ sandbox, t } = started),
);

describe("access", () => {
  it("greets an operator with the operator's help", async () => {
    const op = t.user(OPERATOR, { languageCode: "en", firstName: "Olga" });
    await op.send("/start");
    expect(op.lastReply()?.text).toContain("Hello, Olga! You are an <b>operator</b>");
  });

  it("greets a viewer with the viewer's help", async () => {
    const viewer = t.user(VIEWER, { languageCode: "en" });
    await viewer.send("/start");
    expect(viewer.lastReply()?.text).toContain("You can <b>look orders up</b>");
  });

  it("/start and /help list every command of the role: operators all, viewers no write commands", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    for (const command of ["/start", "/help"]) {
      await op.send(command);
      const text = op.lastReply()?.text ?? "";
      for (const listed of ["/order", "/new", "/status <i>number</i>", "/status —", "/masters", "/managers"])
        expect(text).toContain(listed);
      for (const listed of ["/staff", "/cancel", "/language", "/help", "@repair_crm_test_bot 1042"])
        expect(text).toContain(listed);
    }
    const viewer = t.user(VIEWER, { languageCode: "ru" });
    for (const command of ["/start", "/help"]) {
      await viewer.send(command);
      const text = viewer.lastReply()?.text ?? "";
      for (const listed of ["/order", "/masters", "/managers", "/staff", "/language", "/help", "@repair_crm"])
        expect(text).toContain(listed);
      for (const hidden of ["/new", "/status <i>", "/cancel"]) expect(text).not.toContain(hidden);
      // What only reads is theirs too: the service's state and the overdue list.
      for (const listed of ["/status —", "/overdue"]) expect(text).toContain(listed);
    }
  });

  it("shows operators the buttons that dialogs add, viewers only Refresh", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(String(KNOWN_NUM));
    expect(
      op
        .lastReply()
        ?.replyMarkup?.inline_keyboard.flat()
        .map((b) => b.text),
    ).toEqual(["🔄 Refresh", "🔁 Try again"]);
    const viewer = t.user(VIEWER, { languageCode: "en" });
    await viewer.send(String(KNOWN_NUM));
    expect(
      viewer
        .lastReply()
        ?.replyMarkup?.inline_keyboard.flat()
        .map((b) => b.text),
    ).toEqual(["🔄 Refresh"]);
  });

  it("shows a viewer the service's state with /status, and refuses only a status change", async () => {
    const viewer = t.user(VIEWER, { languageCode: "en" });
    await viewer.send("/status");
    expect(viewer.lastReply()?.text).toContain("<b>Service status</b>");
    expect(viewer.lastReply()?.text).not.toContain("operators only");
    t.resetServiceRequests();
    await viewer.send(`/status ${KNOWN_NUM}`);
    expect(viewer.lastReply()?.text).toBe("👀 You can look orders up, but changes are for operators only.");
    expect(t.serviceRequests()).toBe(0);
    const ru = t.user(VIEWER, { languageCode: "ru" });
    await ru.send("/status");
    expect(ru.lastReply()?.text).not.toContain("только операторам");
  });

  it("refuses a stranger's message showing only their id, without asking the service", async () => {
    const stranger = t.user(STRANGER, { languageCode: "en" });
    t.resetServiceRequests();
    const calls = await stranger.send(String(KNOWN_NUM));
    expect(t.serviceRequests()).toBe(0);
    expect(textsOf(calls)).toEqual([
      `⛔ This bot is for the staff of the repair shop. Your Telegram id: <code>${STRANGER}</code> — send it to the administrator to get access.`,
    ]);
  });

  it("refuses a stranger's commands too", async () => {
    const stranger = t.user(STRANGER, { languageCode: "ru" });
    for (const command of ["/start", "/order 1042", "/status", "/language"]) {
      const calls = await stranger.send(command);
      expect(textsOf(calls)[0]).toContain(`Ваш Telegram id: <code>${STRANGER}</code>`);
    }
  });

  it("refuses a stranger's button press, forged or copied from a real card", async () => {
    const op = t.user(OPERATOR);
    await op.send(String(KNOWN_NUM));
    const card = op.lastReply();
    const stranger = t.user(STRANGER, { languageCode: "en" });
    t.resetServiceRequests();
    const refresh = card?.replyMarkup?.inline_keyboard[0]?.[0];
    for (const data of [
      refresh && "callback_data" in refresh ? refresh.callback_data : "",
      "or:x",
      "garbage",
      "lang:en",
    ]) {
      const calls = await stranger.pressData(data, card);
      expect(callsOf(calls, "answerCallbackQuery")[0]?.payload).toMatchObject({
        text: `⛔ No access. Your Telegram id: ${STRANGER}`,
        show_alert: true,
      });
      expect(callsOf(calls, "editMessageText")).toHaveLength(0);
    }
    expect(t.serviceRequests()).toBe(0);
  });

  it("answers a stranger's inline query with nothing", async () => {
    const stranger = t.user(STRANGER);
    t.resetServiceRequests();
    const calls = await stranger.inline(String(KNOWN_NUM));
    expect(callsOf(calls, "answerInlineQuery")[0]?.payload).toMatchObject({ results: [], is_personal: true });
    expect(t.serviceRequests()).toBe(0);
  });

  it("answers forged callback data of staff without acting", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(String(KNOWN_NUM));
    t.resetServiceRequests();
    for (const data of ["os:bad:1", "os:AAAAAAAA:1", "os:AAAAAAAA:0", "oo:%ZZ", "nonsense", "lang:de"]) {
      const calls = await op.pressData(data);
      expect(callsOf(calls, "answerCallbackQuery")).toHaveLength(1);
    }
    expect(t.serviceRequests()).toBe(0);
  });

  it("refuses a viewer who presses an operator's button", async () => {
    const op = t.user(OPERATOR);
    await op.send(String(KNOWN_NUM));
    const card = op.lastReply();
    const viewer = t.user(VIEWER, { languageCode: "en" });
    const data = card?.replyMarkup?.inline_keyboard.flat().find((b) => b.text !== "🔄 Refresh");
    const calls = await viewer.pressData(data && "callback_data" in data ? data.callback_data : "", card);
    // No dialog handles it yet: the unhandled feature answers.
    expect(callsOf(calls, "answerCallbackQuery")).toHaveLength(1);
  });
});
