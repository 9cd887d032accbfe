import { describe, expect, it } from "vitest";
import type { StaffConfig } from "../../../src/bot/telegram/commands.ts";
import { type MenuRecord, registerCommands, syncStaffMenus } from "../../../src/bot/telegram/commands.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import { BOT_INFO } from "../../helpers/fake-telegram.ts";
import { useSandboxBot } from "../../helpers/sandbox-bot.ts";
import { callsOf, createTestBot, type TestBot } from "../../helpers/test-bot.ts";
import { callbackUpdate, messageUpdate, telegramUser } from "../../helpers/updates.ts";

const OWNER = 100;
const OPERATOR = 101;
const VIEWER = 202;
const STRANGER = 303;

let sandbox: Sandbox;
let t: TestBot;

useSandboxBot(
  () => ({ operators: [OPERATOR], viewers: [VIEWER], config: { ownerIds: [OWNER] } }),
  (started) => ({ sandbox, t } = started),
);

const staff = (overrides: Partial<StaffConfig> = {}): StaffConfig => ({
  ownerIds: [OWNER],
  operatorIds: [OPERATOR],
  viewerIds: [VIEWER],
  defaultLocale: "ru",
  ...overrides,
});

async function setMenus(config: StaffConfig, locales: Record<number, "ru" | "en"> = {}) {
  const from = t.telegram.calls.length;
  const set = await syncStaffMenus({
    api: t.bot.api,
    i18n: t.services.i18n,
    config,
    records: t.store.adapter<MenuRecord>("command-menus"),
    localeOf: async (id) => locales[id],
  });
  return { set, calls: t.telegram.calls.slice(from) };
}

const menu = (user: number, lang: string) => t.telegram.state.menuOf(user, lang);
const described = (user: number, command: string) => {
  const list = t.telegram.state.commandsFor({ type: "chat", chat_id: user }) as
    | { command: string; description: string }[]
    | undefined;
  return list?.find((c) => c.command === command)?.description;
};

describe("command menus per role", () => {
  it("strangers see only /start and /help, in each language's default scope", async () => {
    await registerCommands(t.bot.api, t.services.i18n, "ru");
    expect(menu(STRANGER, "en")).toEqual(["start", "help"]);
    expect(menu(STRANGER, "ru")).toEqual(["start", "help"]);
    expect(menu(STRANGER, "de")).toEqual(["start", "help"]);
    expect((t.telegram.state.commandsFor(undefined, "en") as { description: string }[])[1]?.description).toBe(
      "Help",
    );
    expect((t.telegram.state.commandsFor(undefined, "ru") as { description: string }[])[1]?.description).toBe(
      "Справка",
    );
  });

  it("each configured user gets their role's menu in their language", async () => {
    const { set } = await setMenus(staff(), { [VIEWER]: "en" });
    expect(set).toBe(3);
    expect(menu(OWNER, "ru")).toEqual(expect.arrayContaining(["new", "status", "overdue", "cash", "report"]));
    expect(menu(OPERATOR, "ru")).toEqual(expect.arrayContaining(["new", "status", "overdue", "cancel"]));
    expect(menu(OPERATOR, "ru")).not.toContain("cash");
    expect(menu(OPERATOR, "ru")).not.toContain("report");
    // The payments in Telegram (/payments): the owners' only.
    expect(menu(OWNER, "ru")).toContain("payments");
    expect(menu(OPERATOR, "ru")).not.toContain("payments");
    expect(menu(VIEWER, "en")).not.toContain("payments");
    expect(menu(STRANGER, "ru")).not.toContain("payments");
    expect(described(OWNER, "payments")).toBe("Оплаты в Telegram: не записанные в CRM и за сегодня");
    const viewer = menu(VIEWER, "en");
    expect(viewer).toEqual(expect.arrayContaining(["order", "overdue", "status", "my", "me"]));
    expect(viewer).not.toContain("new");
    // Search by anything only reads: viewers have it.
    expect(viewer).toContain("find");
    expect(viewer).not.toContain("cancel");
    expect(described(VIEWER, "status")).toBe("The service and the request quota");
    expect(described(VIEWER, "overdue")).toBe("Overdue open orders");
    expect(described(OPERATOR, "overdue")).toBe("Просроченные открытые заказы");
    expect(described(OWNER, "cash")).toBe("Кассы: остатки и движения за день");
    expect(described(OPERATOR, "status")).toBe("Сменить статус заказа [номер]; сервис и лимит");
    expect(menu(STRANGER, "ru")).toEqual(["start", "help"]);
  });

  it("sets nothing again while the configuration is the same", async () => {
    const { set, calls } = await setMenus(staff(), { [VIEWER]: "en" });
    expect(set).toBe(0);
    expect(callsOf(calls, "setMyCommands")).toHaveLength(0);
  });

  it("follows a changed configuration: a promoted viewer, a removed operator", async () => {
    const { calls } = await setMenus(staff({ operatorIds: [VIEWER], viewerIds: [] }));
    expect(menu(VIEWER, "ru")).toContain("new");
    expect(described(VIEWER, "new")).toBe("Новый заказ");
    // The removed operator falls back to the strangers' menu.
    expect(callsOf(calls, "deleteMyCommands")[0]?.payload.scope).toEqual({ type: "chat", chat_id: OPERATOR });
    expect(menu(OPERATOR, "ru")).toEqual(["start", "help"]);
  });

  it("a user Telegram refuses does not stop the others, and is tried again at the next start", async () => {
    t.telegram.failNext("setMyCommands", { error_code: 400, description: "Bad Request: chat not found" });
    const failed: number[] = [];
    const first = await syncStaffMenus({
      api: t.bot.api,
      i18n: t.services.i18n,
      config: staff({ operatorIds: [OPERATOR, 555] }),
      records: t.store.adapter<MenuRecord>("command-menus"),
      localeOf: async () => undefined,
      onError: (user) => failed.push(user),
    });
    expect(failed).toHaveLength(1);
    expect(first).toBe(3);
    const again = await setMenus(staff({ operatorIds: [OPERATOR, 555] }));
    expect(again.set).toBe(4);
  });

  it("removes the menu of a user removed while one menu failed to be set", async () => {
    await setMenus(staff({ operatorIds: [OPERATOR, 557] }));
    expect(menu(557, "ru")).toContain("new");
    t.telegram.failNext("setMyCommands", { error_code: 400, description: "Bad Request: chat not found" });
    await setMenus(staff({ operatorIds: [OPERATOR, 557], viewerIds: [VIEWER, 558] }));
    const { calls } = await setMenus(staff());
    expect(callsOf(calls, "deleteMyCommands").map((c) => c.payload.scope)).toEqual(
      expect.arrayContaining([
        { type: "chat", chat_id: 557 },
        { type: "chat", chat_id: 558 },
      ]),
    );
    expect(menu(557, "ru")).toEqual(["start", "help"]);
  });

  it("a configured user Telegram did not know at start-up gets their role's menu at their first /start", async () => {
    const NEWCOMER = 556;
    // A fresh bot: no menu was set for anyone (Telegram refused the chats it did not know yet).
    const bot = await createTestBot({ sandbox, operators: [NEWCOMER], viewers: [VIEWER] });
    try {
      await bot.user(NEWCOMER, { languageCode: "en" }).send("/start");
      expect(bot.telegram.state.menuOf(NEWCOMER, "en")).toEqual(
        expect.arrayContaining(["new", "status", "cancel"]),
      );
      expect(
        (bot.telegram.state.commandsFor({ type: "chat", chat_id: NEWCOMER }) as { description: string }[])[0]
          ?.description,
      ).toBe("Start and help");
      await bot.user(VIEWER, { languageCode: "ru" }).send("/start");
      expect(bot.telegram.state.menuOf(VIEWER, "ru")).not.toContain("new");
      await bot.user(STRANGER, { languageCode: "ru" }).send("/start");
      expect(bot.telegram.state.menuOf(STRANGER, "ru")).toEqual([]);
    } finally {
      await bot.close();
    }
  });

  it("a viewer picking a language gets the viewer's menu in it, not the operators'", async () => {
    await setMenus(staff());
    const viewer = t.user(VIEWER, { languageCode: "ru" });
    await viewer.send("/language");
    await viewer.press("🇬🇧 English");
    expect(menu(VIEWER, "ru")).not.toContain("new");
    expect(described(VIEWER, "status")).toBe("The service and the request quota");
    await viewer.send("/language");
    await viewer.press("🇷🇺 Русский");
    expect(described(VIEWER, "status")).toBe("Сервис и лимит запросов");
  });

  it("an operator picking a language in a group gets, for that group, only what works there", async () => {
    const GROUP = -100_555;
    const from = telegramUser(OPERATOR, { languageCode: "ru" });
    const asked = await t.handle(messageUpdate(from, `/language@${BOT_INFO.username}`, 7001, GROUP));
    const offer = asked.find((c) => c.method === "sendMessage")?.payload as {
      reply_markup: { inline_keyboard: { text: string; callback_data: string }[][] };
    };
    const english = offer.reply_markup.inline_keyboard.flat().find((b) => b.text === "🇬🇧 English");
    const message = {
      message_id: 7002,
      date: Math.floor(Date.now() / 1000),
      chat: { id: GROUP, type: "supergroup" as const, title: "Workshop" },
      from: BOT_INFO,
      text: "?",
    };
    const calls = await t.handle(callbackUpdate(from, english?.callback_data ?? "", message));
    const set = calls.find((c) => c.method === "setMyCommands")?.payload as {
      commands: { command: string; description: string }[];
      scope: unknown;
    };
    expect(set.scope).toEqual({ type: "chat_member", chat_id: GROUP, user_id: OPERATOR });
    const commands = set.commands.map((c) => c.command);
    expect(commands).toContain("order");
    expect(commands).toContain("language");
    for (const privateOnly of ["new", "find", "cancel", "me", "notify", "cash", "report", "payments"])
      expect(commands, privateOnly).not.toContain(privateOnly);
    expect(set.commands.find((c) => c.command === "status")?.description).toBe(
      "The service and the request quota",
    );
    // The private chat's menu is not touched.
    expect(menu(OPERATOR, "ru")).toContain("new");
  });
});
