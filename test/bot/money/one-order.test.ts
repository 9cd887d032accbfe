/**
 * One order, one set of figures (issue 32.2, decisions.md "Money"): an order
 * made wholly in the bot (estimate 5 900, 1 000 prepaid at intake, made ready,
 * handed over with the 4 900 left) reads the same on the card, in its linked
 * client's message, in the hand-over's payment step and on the act read back
 * from the PDF. The service holds no works or parts for it: the price is the
 * estimate, marked so wherever it is shown.
 */
import { afterEach, describe, expect, it } from "vitest";
import { buttons, GROUP, lastText, openGroup, pressDeadline } from "../../helpers/dialog-driver.ts";
import type { ApiCall } from "../../helpers/fake-telegram.ts";
import { pdfText } from "../../helpers/pdf.ts";
import { callsOf, type TestUser } from "../../helpers/test-bot.ts";
import {
  aClient,
  type ClientBot,
  contactUpdate,
  OPERATOR,
  person,
  startClientBot,
} from "../features/client-side/setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const ws = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");

async function actOf(calls: ApiCall[]): Promise<string> {
  const sent = callsOf(calls, "sendDocument");
  expect(sent).toHaveLength(1);
  const file = sent[0]?.payload.document as File;
  return ws(await pdfText(new Uint8Array(await file.arrayBuffer())));
}

interface IntakeWords {
  device: string;
  price?: string;
  prepayment?: string;
  cash: string;
  create: string;
}

/** /new for the client found by `phone`: the estimate 5 900, a quick deadline, 1 000 cash prepaid. */
async function intake(op: TestUser, phone: string, name: string, words: IntakeWords): Promise<void> {
  await op.send("/new");
  await op.press("Платный ремонт");
  await op.send(phone);
  await op.press(buttons(op).find((b) => b.startsWith(name)) ?? name);
  await op.send(words.device);
  await op.send("Не включается");
  await openGroup(op, words.price ?? GROUP.price);
  await op.send("5 900");
  await pressDeadline(op, 0);
  await openGroup(op, words.prepayment ?? GROUP.prepayment);
  await op.press(buttons(op).find((b) => b.startsWith("Касса Ленина")) ?? "Касса Ленина");
  await op.press(words.cash);
  await op.send("1000");
  await op.press(words.create);
}

const WORDS = {
  en: {
    device: "Smartphone",
    cash: "💵 Cash",
    create: "✅ Create",
    card: ["💰 Price: 5,900 ₽ (by estimate)", "Paid: 1,000 ₽", "To pay: 4,900 ₽"],
    due: "Due: 4,900 ₽",
    left: "Left to pay: 4,900 ₽",
    rest: "💰 4,900 ₽: all that is left",
    yes: "✅ Yes",
    over: /overpayment/i,
    act: "🧾 Act",
    paidCard: ["💰 Price: 5,900 ₽ (by estimate)", "Paid: 5,900 ₽", "✅ Paid in full"],
  },
  ru: {
    device: "Смартфон",
    price: "💰 Цена, срок",
    prepayment: "💳 Предоплата",
    cash: "💵 Наличные",
    create: "✅ Создать",
    card: ["💰 Стоимость: 5 900 ₽ (по предварительной оценке)", "Оплачено: 1 000 ₽", "К оплате: 4 900 ₽"],
    due: "К оплате: 4 900 ₽",
    left: "Осталось оплатить: 4 900 ₽",
    rest: "💰 4 900 ₽: весь остаток",
    yes: "✅ Да",
    over: /переплат/i,
    act: "🧾 Акт",
    paidCard: [
      "💰 Стоимость: 5 900 ₽ (по предварительной оценке)",
      "Оплачено: 5 900 ₽",
      "✅ Оплачен полностью",
    ],
  },
} as const;

describe("an order made wholly in the bot", () => {
  for (const lang of ["en", "ru"] as const) {
    it(`reads 5 900 by estimate, 1 000 paid, 4 900 due on the card, to the client, at the hand-over, and 0 due on the act (${lang})`, async () => {
      const w = WORDS[lang];
      t = await startClientBot();
      const { who } = aClient(t);
      const phone = who.phones[0] ?? "";
      // The client links with their own contact (consent), in the staff's language.
      const client = person(7100, lang);
      await t.handle(contactUpdate(t, client, phone));
      const op = t.user(OPERATOR, { languageCode: lang });
      await intake(op, phone.replace(/\D/g, "").slice(-10), who.name, w);
      const created = t.sandbox.store.orders.at(-1);
      expect(created?.counteragentId).toBe(who.id);
      expect(created?.positions ?? []).toEqual([]);
      const number = created?.number ?? "";
      for (const line of w.card) expect(ws(lastText(op))).toContain(ws(line));

      // Made ready: the client is told 4 900 due.
      const clientBefore = t.telegram.botMessages(client.id).length;
      await op.send(`/status ${number}`);
      await op.press("Готов");
      await op.press(w.yes);
      for (const line of w.card) expect(ws(lastText(op))).toContain(ws(line));
      await t.syncAndNotify();
      const told = t.telegram
        .botMessages(client.id)
        .slice(clientBefore)
        .map((m) => m.text)
        .join("\n");
      expect(told).toContain(number);
      expect(ws(told)).toContain(ws(w.due));

      // Handed over: the payment step offers the 4 900 left, never "all of it an overpayment".
      await op.send(`/status ${number}`);
      await op.press("Выдан 💰");
      await op.press(buttons(op).find((b) => b.startsWith("Касса Ленина")) ?? "Касса Ленина");
      await op.press(w.cash);
      expect(ws(lastText(op))).toContain(ws(w.left));
      expect(lastText(op)).not.toMatch(w.over);
      // Amounts are grouped with a no-break space in Russian.
      await op.press(buttons(op).find((b) => ws(b) === ws(w.rest)) ?? w.rest);
      expect(lastText(op)).not.toMatch(w.over);
      await op.press(w.yes);
      for (const line of w.paidCard) expect(ws(lastText(op))).toContain(ws(line));
      const paid = t.sandbox.store.orders.find((o) => o.id === created?.id);
      expect((paid?.paidCash ?? 0) + (paid?.paidBank ?? 0)).toBe(5900);

      // The act (the shop's document language, ru): the repair at 5 900 by estimate, paid 5 900, due 0.
      const calls = await op.press(w.act);
      const act = await actOf(calls);
      expect(act).toContain("Акт выполненных работ");
      expect(act).toContain("Ремонт (по предварительной оценке) 1 5 900 5 900");
      expect(act).toContain("Итого (по предварительной оценке): 5 900 ₽");
      expect(act).toContain("Оплачено: 5 900 ₽");
      expect(act).toContain("К оплате: 0 ₽");
      expect(act).not.toContain("К возврату");
    });
  }
});
