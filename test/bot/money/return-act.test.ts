/**
 * A declined order and a return without repair owe nothing by their estimate
 * (decisions.md "Money", issue 32.5 staff side): the card says so and offers
 * 🧾 Return act, whose PDF says the device went back without repair, charges
 * only the lines the service holds (a diagnosis fee), no warranty; an order
 * paid beyond its price prints what is to be returned. Read back from the PDF.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import { buttons, lastText } from "../../helpers/dialog-driver.ts";
import type { ApiCall } from "../../helpers/fake-telegram.ts";
import { pdfText } from "../../helpers/pdf.ts";
import { callsOf } from "../../helpers/test-bot.ts";
import { type ClientBot, OPERATOR, startClientBot, statusId } from "../features/client-side/setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const ws = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");

async function pdfOf(calls: ApiCall[]): Promise<{ text: string; caption: string }> {
  const sent = callsOf(calls, "sendDocument");
  expect(sent).toHaveLength(1);
  const file = sent[0]?.payload.document as File;
  return {
    text: ws(await pdfText(new Uint8Array(await file.arrayBuffer()))),
    caption: String(sent[0]?.payload.caption),
  };
}

/** An order of the workshop priced by its estimate alone, `paid` already paid. */
function estimated(bot: ClientBot, paid: number, positions: SandboxOrder["positions"] = []): SandboxOrder {
  const order = bot.sandbox.store.orders.find(
    (o) => o.isVisible && o.shopId === bot.shopId && o.positions.length > 0 && bot.mirror.get(o.id),
  );
  if (!order) throw new Error("no order in the seed");
  order.positions = positions;
  order.discount = 0;
  order.approximatePrice = "5900";
  order.paidCash = paid;
  order.paidBank = 0;
  return order;
}

async function cardOf(bot: ClientBot, number: string, lang: "ru" | "en") {
  const op = bot.user(OPERATOR, { languageCode: lang });
  await op.send(number);
  await op.press(lang === "ru" ? "🔄 Обновить" : "🔄 Refresh");
  return op;
}

describe("a declined order (the decline status)", () => {
  it("owes nothing by its estimate; the card offers the return act, charging only the diagnosis (en card, ru act)", async () => {
    t = await startClientBot();
    const diagnosis = [{ id: "pd1", name: "Диагностика", kind: "work" as const, count: 1, price: 500 }];
    const order = estimated(t, 1000, diagnosis);
    t.sandbox.others.changeStatus(order.id, statusId(t, "Отказ"));
    await t.syncAndNotify();
    const op = await cardOf(t, order.number, "en");
    const card = ws(lastText(op));
    expect(card).toContain("❌ No repair: the estimate is not owed");
    expect(card).toContain("💰 Price: 500 ₽");
    expect(card).toContain("Overpaid: the shop owes the client 500 ₽");
    expect(card).not.toContain("5,900 ₽ (by estimate)");
    expect(buttons(op)).toContain("🧾 Return act");
    expect(buttons(op)).not.toContain("🧾 Act");
    const { text, caption } = await pdfOf(await op.press("🧾 Return act"));
    expect(caption).toContain("Return of the device without repair");
    expect(text).toContain("Акт возврата устройства без ремонта");
    expect(text).toContain("Ремонт не выполнялся. Устройство возвращено клиенту");
    expect(text).toContain("Диагностика 1 500 500");
    expect(text).toContain("Итого: 500 ₽");
    expect(text).toContain("Оплачено: 1 000 ₽");
    expect(text).toContain("К оплате: 0 ₽");
    expect(text).toContain("К возврату клиенту: 500 ₽");
    expect(text).toContain("Гарантия без гарантии");
    expect(text).not.toContain("Работы выполнены полностью");
    expect(text).not.toContain("5 900");
  });
});

describe("a return without repair (CLIENT_RETURN_STATUSES)", () => {
  it("by name: nothing of the estimate is due, no works: 'no repair was done' (ru)", async () => {
    t = await startClientBot({ config: { returnStatuses: ["выдан без ремонта"] } });
    const order = estimated(t, 0);
    t.sandbox.others.changeStatus(order.id, statusId(t, "Выдан без ремонта"));
    await t.syncAndNotify();
    const op = await cardOf(t, order.number, "ru");
    const card = ws(lastText(op));
    expect(card).toContain("❌ Без ремонта: предварительная стоимость не к оплате");
    expect(card).not.toContain("К оплате");
    expect(card).not.toContain("Заказ закрыт с долгом");
    const { text } = await pdfOf(await op.press("🧾 Акт возврата"));
    expect(text).toContain("Акт возврата устройства без ремонта");
    expect(text).toContain("Ремонт не выполнялся. Итого");
    expect(text).toContain("К оплате: 0 ₽");
    expect(text).not.toContain("5 900");
  });

  it("not named: the same closed status is an ordinary hand-over, its estimate owed (ru)", async () => {
    t = await startClientBot();
    const order = estimated(t, 0);
    t.sandbox.others.changeStatus(order.id, statusId(t, "Выдан без ремонта"));
    await t.syncAndNotify();
    const op = await cardOf(t, order.number, "ru");
    expect(ws(lastText(op))).toContain("Заказ закрыт с долгом: 5 900 ₽");
    expect(buttons(op)).toContain("🧾 Акт");
  });
});

describe("an order paid beyond its price", () => {
  it("prints what is to be returned on the act (ru), the card says the shop owes it (en)", async () => {
    t = await startClientBot();
    const order = estimated(t, 7000);
    t.sandbox.others.changeStatus(order.id, statusId(t, "Выдан"));
    await t.syncAndNotify();
    const op = await cardOf(t, order.number, "en");
    expect(ws(lastText(op))).toContain("Overpaid: the shop owes the client 1,100 ₽");
    const { text } = await pdfOf(await op.press("🧾 Act"));
    expect(text).toContain("Акт выполненных работ");
    expect(text).toContain("Итого (по предварительной оценке): 5 900 ₽");
    expect(text).toContain("Оплачено: 7 000 ₽");
    expect(text).toContain("К оплате: 0 ₽");
    expect(text).toContain("К возврату клиенту: 1 100 ₽");
  });
});
