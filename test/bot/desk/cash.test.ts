/** /cash: the registers and today's money, checked against the sandbox's own records; refusals. */
import { beforeAll, describe, expect, it } from "vitest";
import { cashHistory } from "../../../src/bot/desk/scope.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import { OPERATOR, useDialogBot } from "../../helpers/dialog-fixture.ts";
import { callsOf, type TestBot, textsOf } from "../../helpers/test-bot.ts";
import { messageUpdate, telegramUser } from "../../helpers/updates.ts";
import {
  allAccepted,
  amountText,
  incomeExpense,
  OWNER,
  orderMoney,
  periodRange,
  STRANGER,
  transactionsIn,
  VIEWER,
} from "./helpers.ts";

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;
useDialogBot({ viewers: [VIEWER], bot: () => ({ config: { ownerIds: [OWNER] } }) }, (started) => {
  ({ sandbox, t, shopId } = started);
});

const registers = () => sandbox.store.ref.registers.filter((r) => r.shopId === shopId);

beforeAll(async () => {
  // Reference data is the cache's: warm it as a running bot has it.
  await t.services.reference.cashItems();
  await t.services.reference.shops();
  await t.services.reference.cashRegisters(shopId);
});

describe("/cash for an owner", () => {
  it("shows each register's balances as the service states them and today's income and expense", async () => {
    t.resetServiceRequests();
    const calls = await t.user(OWNER, { languageCode: "en" }).send("/cash");
    expect(allAccepted(calls)).toEqual([]);
    const text = textsOf(calls).join("\n");
    expect(text).toContain("Registers");
    for (const register of registers()) {
      expect(text).toContain(register.name);
      if (register.isEnableCash) expect(text).toContain(`💵 ${amountText(register.cashMoney, "en")} ₽`);
      if (register.isEnableBank) expect(text).toContain(`🏦 ${amountText(register.bankMoney, "en")} ₽`);
    }
    const today = transactionsIn(sandbox, [shopId], periodRange("day", t.clock.now()));
    expect(today.length).toBeGreaterThan(0);
    const { income, expense } = incomeExpense(sandbox, today);
    expect(text).toContain(`income <b>${amountText(income, "en")} ₽</b>`);
    expect(text).toContain(`expense <b>${amountText(expense, "en")} ₽</b>`);
    expect(text).toContain(`taken on orders: ${amountText(orderMoney(sandbox, today), "en")} ₽`);
    // The registers (fresh balances) and today's transactions: 2 requests, at most 3.
    expect(t.serviceRequests()).toBe(2);
  });

  it("counts each register's day against it, moves between registers apart (en and ru)", async () => {
    const range = periodRange("day", t.clock.now());
    const today = transactionsIn(sandbox, [shopId], range);
    const text = textsOf(await t.user(OWNER, { languageCode: "en" }).send("/cash")).join("\n");
    const ru = textsOf(await t.user(OWNER, { languageCode: "ru" }).send("/cash")).join("\n");
    let shown = 0;
    for (const register of registers()) {
      const own = today.filter((x) => x.cashRegisterId === register.id);
      const moves = own.filter((x) => sandbox.store.cashItemById.get(x.cashItemId)?.isBalance === false);
      const { income, expense } = incomeExpense(
        sandbox,
        own.filter((x) => !moves.includes(x)),
      );
      // The register's own lines follow its balance line, before the next register's.
      const start = text.indexOf(`${register.name}:`);
      const block = text.slice(start, text.indexOf("\n", text.indexOf("\n", start) + 1) + 200);
      if (income === 0 && expense === 0) continue;
      shown++;
      expect(block).toContain(
        `↳ today: income ${amountText(income, "en")} ₽, expense ${amountText(expense, "en")} ₽`,
      );
      expect(ru).toContain(
        `↳ сегодня: приход ${amountText(income, "ru")} ₽, расход ${amountText(expense, "ru")} ₽`,
      );
    }
    expect(shown).toBeGreaterThan(0);
    const moved = today.filter((x) => sandbox.store.cashItemById.get(x.cashItemId)?.isBalance === false);
    expect(moved.length).toBeGreaterThan(0);
    for (const move of moved)
      expect(text).toMatch(
        new RegExp(`↳ moves between registers: in [^\\n]*${amountText(move.money, "en")} ₽`),
      );
  });

  it("speaks Russian to a Russian owner", async () => {
    const calls = await t.user(OWNER, { languageCode: "ru" }).send("/cash");
    const text = textsOf(calls).join("\n");
    expect(text).toContain("Кассы");
    expect(text).toContain("приход");
    expect(text).toContain("по заказам");
  });

  it("reads deleted transactions as deleted (GET /cash lists them) and leaves them out of the sums", async () => {
    const deleted = sandbox.store.transactions.filter(
      (x) => x.isDeleted && registers().some((r) => r.id === x.cashRegisterId),
    );
    expect(deleted.length).toBeGreaterThan(0);
    const range = periodRange("day", t.clock.now());
    const listed = await t.client.cash.list({
      cashRegisterIds: registers().map((r) => r.id),
      date: [range.start, range.end],
      pageSize: 50,
    });
    const flagged = listed.items.filter((x) => x.isDeleted === true).map((x) => x.id);
    const todayDeleted = deleted.filter((x) => x.date >= range.start && x.date < range.end).map((x) => x.id);
    expect(todayDeleted.length).toBeGreaterThan(0);
    expect(flagged.sort()).toEqual(todayDeleted.sort());
    // The first test's figures were computed without them and matched what the bot showed.
    expect(transactionsIn(sandbox, [shopId], range).some((x) => x.isDeleted)).toBe(false);
  });

  it("a long register name is cut cleanly on its button, never inside an emoji", async () => {
    const register = registers()[0];
    if (!register) throw new Error("no register");
    const name = register.name;
    register.name = `${"Касса ".repeat(6)}123💰 главная`;
    try {
      const calls = await t.user(OWNER, { languageCode: "ru" }).send("/cash");
      const markup = callsOf(calls, "sendMessage")[0]?.payload.reply_markup as {
        inline_keyboard: { text: string }[][];
      };
      const buttons = markup.inline_keyboard.flat().map((b) => b.text);
      const cut = buttons.find((text) => text.includes("Касса Касса"));
      expect(cut).toBeDefined();
      expect(cut).toMatch(/…/);
      expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(cut ?? "")).toBe(false);
    } finally {
      register.name = name;
    }
  });

  it("opens a register's latest transactions with date, amount, item, order and employee, paged", async () => {
    const owner = t.user(OWNER, { languageCode: "en" });
    await owner.send("/cash");
    const till = registers().find((r) => r.isDefault) ?? registers()[0];
    if (!till) throw new Error("no register");
    t.resetServiceRequests();
    const calls = await owner.press(cashHistory.encode({ id: till.id, page: 1 }));
    expect(t.serviceRequests()).toBe(1);
    expect(allAccepted(calls)).toEqual([]);
    const text = textsOf(calls).join("\n");
    const latest = sandbox.store.transactions
      .filter((x) => x.cashRegisterId === till.id && !x.isDeleted)
      .sort((a, b) => b.date - a.date)[0];
    if (!latest) throw new Error("no transaction");
    const item = sandbox.store.cashItemById.get(latest.cashItemId);
    expect(text).toContain(`${item?.isIncome ? "+" : "−"}${amountText(latest.money, "en")} ₽`);
    expect(text).toContain(item?.name ?? "?");
    expect(text).toMatch(/page 1 of \d+/);
    const next = await owner.press("Older ▶");
    expect(textsOf(next).join("\n")).toContain("page 2 of");
  });

  it("refuses a register of a workshop outside SHOP_IDS without asking the service", async () => {
    const foreign = sandbox.store.ref.registers.find((r) => r.shopId !== shopId);
    if (!foreign) throw new Error("no foreign register");
    const owner = t.user(OWNER, { languageCode: "en" });
    await owner.send("/cash");
    t.resetServiceRequests();
    const calls = await owner.pressData(cashHistory.encode({ id: foreign.id, page: 1 }));
    expect(textsOf(calls).join("\n")).toContain("not in your workshops");
    expect(t.serviceRequests()).toBe(0);
  });

  it("survives a forged page number", async () => {
    const owner = t.user(OWNER, { languageCode: "en" });
    await owner.send("/cash");
    const calls = await owner.pressData(`dkc:${registers()[0]?.id}:0`);
    expect(textsOf(calls).join("\n")).toContain("not in your workshops");
  });

  it("says so when the service fails, and a later /cash works again", async () => {
    sandbox.faults.set({ errorRate: 1 });
    try {
      const calls = await t.user(OWNER, { languageCode: "en" }).send("/cash");
      expect(textsOf(calls).join("\n")).toContain("⚠️");
    } finally {
      sandbox.faults.clear();
    }
    const again = await t.user(OWNER, { languageCode: "en" }).send("/cash");
    expect(textsOf(again).join("\n")).toContain("income");
  });
});

describe("/help", () => {
  it("tells owners of the desk and REPORT_TIME, and nobody else", async () => {
    const owner = textsOf(await t.user(OWNER, { languageCode: "en" }).send("/help")).join("\n");
    expect(owner).toContain("/cash");
    expect(owner).toContain("evening report at 20:00");
    const ru = textsOf(await t.user(OWNER, { languageCode: "ru" }).send("/help")).join("\n");
    expect(ru).toContain("вечерний отчёт в 20:00");
    for (const id of [OPERATOR, VIEWER]) {
      const help = textsOf(await t.user(id, { languageCode: "en" }).send("/help")).join("\n");
      expect(help).not.toContain("/cash");
      expect(help).not.toContain("/report");
    }
  });
});

describe("nobody else sees the desk", () => {
  for (const [who, id] of [
    ["an operator", OPERATOR],
    ["a viewer", VIEWER],
  ] as const) {
    it(`${who} is refused /cash and /report clearly, with no request`, async () => {
      t.resetServiceRequests();
      for (const command of ["/cash", "/report"]) {
        const calls = await t.user(id, { languageCode: "en" }).send(command);
        expect(textsOf(calls)).toEqual(["🔒 Money and reports are for the owners only."]);
        expect(callsOf(calls, "sendPhoto")).toHaveLength(0);
      }
      const ru = await t.user(id, { languageCode: "ru" }).send("/cash");
      expect(textsOf(ru)).toEqual(["🔒 Деньги и отчёты доступны только владельцам."]);
      expect(t.serviceRequests()).toBe(0);
    });

    it(`${who}'s forged desk buttons are refused with an alert`, async () => {
      const register = registers()[0];
      t.resetServiceRequests();
      for (const data of [
        cashHistory.encode({ id: register?.id ?? "x", page: 1 }),
        "dkb:0",
        "dkr:month",
        "nt:evening",
      ]) {
        const calls = await t.user(id, { languageCode: "en" }).pressData(data);
        const answer = callsOf(calls, "answerCallbackQuery")[0];
        expect(answer?.payload).toMatchObject({
          text: "🔒 Money and reports are for the owners only.",
          show_alert: true,
        });
        expect(callsOf(calls, "sendMessage")).toHaveLength(0);
        expect(callsOf(calls, "editMessageText")).toHaveLength(0);
      }
      expect(t.serviceRequests()).toBe(0);
    });
  }

  it("a stranger gets the stranger's refusal for commands and buttons", async () => {
    const stranger = t.user(STRANGER, { languageCode: "en" });
    const calls = await stranger.send("/cash");
    expect(textsOf(calls).join("\n")).toContain(String(STRANGER));
    expect(textsOf(calls).join("\n")).not.toContain("₽");
    const press = await stranger.pressData("dkr:day");
    expect(callsOf(press, "answerCallbackQuery")[0]?.payload.show_alert).toBe(true);
    expect(callsOf(press, "sendPhoto")).toHaveLength(0);
  });

  it("an owner's /cash and /report in a group show no money: private chat only", async () => {
    t.resetServiceRequests();
    for (const command of ["/cash", "/report"]) {
      const calls = await t.handle(
        messageUpdate(telegramUser(OWNER, { languageCode: "en" }), command, 7000 + command.length, -100_555),
      );
      expect(textsOf(calls)).toEqual(["🔒 Money and reports are shown only in a private chat with the bot."]);
      expect(callsOf(calls, "sendPhoto")).toHaveLength(0);
    }
    expect(t.serviceRequests()).toBe(0);
  });

  it("inline mode shows no desk to anyone but owners", async () => {
    for (const id of [OPERATOR, VIEWER, STRANGER]) {
      const calls = await t.user(id, { languageCode: "en" }).inline("/cash registers");
      const results = JSON.stringify(callsOf(calls, "answerInlineQuery").map((c) => c.payload.results ?? []));
      expect(results).not.toContain("Registers");
      expect(results).not.toContain("income");
    }
  });
});
