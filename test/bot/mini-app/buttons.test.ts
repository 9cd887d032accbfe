/**
 * The Mini App in chat (issue 38.1): with MINI_APP_URL, "📋 Open the board" under
 * /board and "🧾 Form" on /new's first message in private chats, and the staff's
 * menu button set to the board; without it, nothing is offered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setStaffMenuButtons } from "../../../src/bot/mini-app/menu-button.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";

const OPERATOR = 811;
const VIEWER = 812;
const URL = "https://shop.example/mini-app/";
let on: MirrorBot;
let off: MirrorBot;

beforeAll(async () => {
  on = await createMirrorBot({
    operators: [OPERATOR],
    viewers: [VIEWER],
    orders: 40,
    config: { miniApp: { url: URL, maxAgeSeconds: 86_400 } },
  });
  off = await createMirrorBot({ operators: [OPERATOR], sandbox: on.sandbox, clock: on.clock });
});
afterAll(async () => {
  await off.close();
  await on.close();
});

const webApps = (bot: MirrorBot, user: number) =>
  (bot.telegram.botMessages(user).at(-1)?.replyMarkup?.inline_keyboard.flat() ?? [])
    .filter((b) => "web_app" in b)
    .map((b) => ({ text: b.text, url: (b as { web_app: { url: string } }).web_app.url }));

describe("the Mini App's buttons in chat", () => {
  it("puts 📋 Open the board under /board in a private chat", async () => {
    await on.user(VIEWER, { languageCode: "en" }).send("/board");
    expect(webApps(on, VIEWER)).toEqual([{ text: "📋 Open the board", url: URL }]);
  });

  it("puts 🧾 Form on /new's first message, opening the form", async () => {
    await on.user(OPERATOR, { languageCode: "ru" }).send("/new");
    const intro = on.telegram.botMessages(OPERATOR).find((m) => m.text.startsWith("📝"));
    const buttons = intro?.replyMarkup?.inline_keyboard.flat() ?? [];
    expect(buttons.map((b) => b.text)).toEqual(["🧾 Анкета"]);
    expect((buttons[0] as { web_app?: { url: string } }).web_app?.url).toBe(`${URL}?screen=new`);
    await on.user(OPERATOR).send("/cancel");
  });

  it("offers nothing without MINI_APP_URL", async () => {
    await off.user(OPERATOR, { languageCode: "en" }).send("/board");
    expect(webApps(off, OPERATOR)).toEqual([]);
  });

  it("sets each staff member's menu button to the board, none without the setting", async () => {
    const calls: unknown[] = [];
    const api = { setChatMenuButton: async (args: unknown) => void calls.push(args) } as never;
    const deps = { api, i18n: on.services.i18n, localeOf: async () => "en" as const };
    expect(await setStaffMenuButtons({ ...deps, config: on.config })).toBe(2);
    expect(calls).toContainEqual({
      chat_id: OPERATOR,
      menu_button: { type: "web_app", text: "Board", web_app: { url: URL } },
    });
    expect(await setStaffMenuButtons({ ...deps, config: off.config })).toBe(0);
  });
});
