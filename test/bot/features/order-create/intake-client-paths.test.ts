/**
 * Every path of the intake's client step (issue 32.9), checked by what the
 * create request carries: found (by phone, by name), not found (by name, by
 * phone, by digits), ➕ at once; a new client is asked its name at its own
 * prompt (the search text offered in one tap only when it reads as a name) and
 * no answer lands in another field. The bodies are taken from the bot's own
 * requests, as the other intake tests wrap the client's fetch.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import { buttons, lastText } from "../../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../../helpers/dialog-fixture.ts";
import type { TestBot, TestUser } from "../../../helpers/test-bot.ts";

let sandbox: Sandbox;
let t: TestBot;
/** The JSON bodies of the create requests (POST /shops/{id}/orders) the bot sent. */
const creates: Record<string, unknown>[] = [];

useDialogBot(
  {
    bot: () => ({
      clientOptions: {
        fetch: async (input, init) => {
          const path = new URL(String(input)).pathname;
          if (init?.method === "POST" && /\/shops\/[^/]+\/orders$/.test(path))
            creates.push(JSON.parse(String(init.body)) as Record<string, unknown>);
          return fetch(input, init);
        },
      },
    }),
  },
  (started) => ({ sandbox, t } = started),
);

beforeEach(() => {
  creates.length = 0;
});

const WORDS = {
  en: {
    client: "Client:",
    none: "Nobody found",
    newClient: "➕ New client",
    name: "Name of the new client",
    phone: "Client's phone",
    device: "Device type",
    summary: "Check the order",
    create: "✅ Create",
    skip: "⏭ Skip",
    isPhone: "That is a phone number",
    sumPhone: "Phone: ",
    isNew: "(new)",
  },
  ru: {
    client: "Клиент:",
    none: "никого не нашлось",
    newClient: "➕ Новый клиент",
    name: "Имя нового клиента",
    phone: "Телефон клиента",
    device: "Тип устройства",
    summary: "Проверьте заказ",
    create: "✅ Создать",
    skip: "⏭ Пропустить",
    isPhone: "Это номер телефона",
    sumPhone: "Телефон: ",
    isNew: "(новый)",
  },
} as const;
type Language = keyof typeof WORDS;
const LANGUAGES: Language[] = ["en", "ru"];

async function start(language: Language, query?: string): Promise<TestUser> {
  const op = t.user(OPERATOR, { languageCode: language });
  await op.send("/new");
  await op.press("Платный ремонт");
  expect(lastText(op)).toContain(WORDS[language].client);
  if (query !== undefined) await op.send(query);
  return op;
}

/** Device and fault typed at their prompts, then ✅: the one create request's body. */
async function finish(op: TestUser, language: Language, device: string): Promise<Record<string, unknown>> {
  expect(lastText(op)).toContain(WORDS[language].device);
  await op.send(device);
  await op.send("Не включается");
  expect(lastText(op)).toContain(WORDS[language].summary);
  await op.press(WORDS[language].create);
  expect(creates).toHaveLength(1);
  return creates[0] ?? {};
}

describe("a client found", () => {
  it.each(LANGUAGES)(
    "by phone: one tap, the create carries the client's id and no new name (%s)",
    async (language) => {
      const known = sandbox.store.counteragents.find((c) => c.phones.length > 0 && c.isBuyer);
      const phone = known?.phones[0] ?? "";
      const op = await start(language, phone);
      await op.press(`${known?.name} · ${phone}`);
      const body = await finish(op, language, "Планшет");
      expect(body.counteragentId).toBe(known?.id);
      expect(body.name).toBeUndefined();
      expect(body.phones).toBeUndefined();
      expect(body.typeDevice).toBe("Планшет");
    },
  );

  it.each(LANGUAGES)("by name: one tap, the same (%s)", async (language) => {
    const known = sandbox.store.counteragents.find((c) => c.isBuyer && c.name.split(" ").length >= 2);
    const surname = known?.name.split(" ")[0] ?? "";
    const op = await start(language, surname);
    const label = buttons(op).find((b) => b === known?.name || b.startsWith(`${known?.name} · `));
    expect(label).toBeDefined();
    await op.press(label ?? "");
    const body = await finish(op, language, "Ноутбук");
    expect(body.counteragentId).toBe(known?.id);
    expect(body.name).toBeUndefined();
  });
});

describe("nobody found by name", () => {
  it.each(LANGUAGES)(
    "➕ asks the name, offering the search text in one tap; then the phone (%s)",
    async (language) => {
      const w = WORDS[language];
      const query = `Ненайденный ${language === "en" ? "Первый" : "Второй"}`;
      const op = await start(language, query);
      expect(lastText(op)).toContain(w.none);
      await op.press(w.newClient);
      expect(lastText(op)).toContain(w.name);
      expect(buttons(op)).toContain(`👤 ${query}`);
      await op.press(`👤 ${query}`);
      expect(lastText(op)).toContain(w.phone);
      await op.send("8 912 000-32-91");
      const body = await finish(op, language, "Смартфон");
      expect(body.name).toBe(query);
      expect(body.phones).toEqual(["+7 912 000-32-91"]);
      expect(body.typeDevice).toBe("Смартфон");
      expect(body.counteragentId).toBeUndefined();
    },
  );

  it.each(LANGUAGES)(
    "➕ and another name typed: the typed name is sent, the search text nowhere (%s)",
    async (language) => {
      const w = WORDS[language];
      const op = await start(language, "Ошибочнов");
      await op.press(w.newClient);
      expect(lastText(op)).toContain(w.name);
      // A phone typed here is the next step's answer: refused, the name asked again.
      await op.send("+7 912 000-32-92");
      expect(lastText(op)).toContain(w.isPhone);
      await op.send("Правильнов Иван");
      expect(lastText(op)).toContain(w.phone);
      await op.press(w.skip);
      const body = await finish(op, language, "Ноутбук");
      expect(body.name).toBe("Правильнов Иван");
      expect(body.phones).toBeUndefined();
      expect(body.typeDevice).toBe("Ноутбук");
      expect(JSON.stringify(body)).not.toContain("Ошибочнов");
    },
  );
});

describe("➕ at once", () => {
  it.each(LANGUAGES)("the name is asked with nothing offered, then the phone (%s)", async (language) => {
    const w = WORDS[language];
    const op = await start(language);
    await op.press(w.newClient);
    expect(lastText(op)).toContain(w.name);
    expect(buttons(op).some((b) => b.startsWith("👤"))).toBe(false);
    await op.send(`Сразу Новый ${language}`);
    expect(lastText(op)).toContain(w.phone);
    await op.send("+7 912 000-32-93");
    expect(lastText(op)).toContain(w.device);
    await op.send("Принтер");
    await op.send("Жуёт бумагу");
    // The summary shows each field on its own line, as it is sent.
    expect(lastText(op)).toContain(`Сразу Новый ${language} ${w.isNew}`);
    expect(lastText(op)).toContain(`${w.sumPhone}+7 912 000-32-93`);
    await op.press(w.create);
    const body = creates[0] ?? {};
    expect(body.name).toBe(`Сразу Новый ${language}`);
    expect(body.phones).toEqual(["+7 912 000-32-93"]);
    expect(body.typeDevice).toBe("Принтер");
    expect(body.problem).toEqual(["Жуёт бумагу"]);
  });
});

describe("nobody found by phone", () => {
  it.each(LANGUAGES)("the name typed at once; the searched phone is kept (%s)", async (language) => {
    const w = WORDS[language];
    // Each language its own phone: the sandbox is shared, and the first run creates the client.
    const phone = language === "en" ? "+7 912 000-32-94" : "+7 912 000-32-84";
    const op = await start(language, phone);
    expect(lastText(op)).toContain(
      w.none === "Nobody found" ? "Nobody found with the phone" : "никого не нашлось",
    );
    await op.send(`Телефонный ${language}`);
    const body = await finish(op, language, "Часы");
    expect(body.name).toBe(`Телефонный ${language}`);
    expect(body.phones).toEqual([phone]);
    expect(body.typeDevice).toBe("Часы");
  });

  it.each(LANGUAGES)("➕: the name is asked, the digits are never offered as one (%s)", async (language) => {
    const w = WORDS[language];
    const op = await start(language, language === "en" ? "8 912 000-32-95" : "8 912 000-32-85");
    await op.press(w.newClient);
    expect(lastText(op)).toContain(w.name);
    expect(buttons(op).some((b) => b.startsWith("👤"))).toBe(false);
    await op.send(`Плюсовой ${language}`);
    const body = await finish(op, language, "Роутер");
    expect(body.name).toBe(`Плюсовой ${language}`);
    expect(body.phones).toEqual([language === "en" ? "+7 912 000-32-95" : "+7 912 000-32-85"]);
    expect(body.typeDevice).toBe("Роутер");
  });
});

describe("nobody found by digits that are no phone", () => {
  it.each(LANGUAGES)("4 digits: ➕ asks the name (no offer), then the phone (%s)", async (language) => {
    const w = WORDS[language];
    const op = await start(language, "9090");
    await op.press(w.newClient);
    expect(lastText(op)).toContain(w.name);
    expect(buttons(op)).not.toContain("👤 9090");
    await op.send(`Цифровой ${language}`);
    expect(lastText(op)).toContain(w.phone);
    await op.send("+7 912 000-32-96");
    const body = await finish(op, language, "Планшет");
    expect(body.name).toBe(`Цифровой ${language}`);
    expect(body.phones).toEqual(["+7 912 000-32-96"]);
    expect(JSON.stringify(body)).not.toContain("9090");
  });

  it.each(LANGUAGES)(
    "a part of a phone: the name, then the phone asked again with the reason (%s)",
    async (language) => {
      const w = WORDS[language];
      const op = await start(language, "00032");
      await op.press(w.newClient);
      expect(lastText(op)).toContain(w.name);
      expect(buttons(op)).not.toContain("👤 00032");
      await op.send(`Частичный ${language}`);
      expect(lastText(op)).toContain(w.phone);
      expect(lastText(op)).toContain("00032");
      await op.press(w.skip);
      const body = await finish(op, language, "Колонка");
      expect(body.name).toBe(`Частичный ${language}`);
      expect(body.phones).toBeUndefined();
      expect(body.typeDevice).toBe("Колонка");
    },
  );
});
