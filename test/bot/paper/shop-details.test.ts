/**
 * Paper details (issue 32.15): the shop's legal name and tax number on the
 * receipt and the act when set (absent when not); PAPER_COPIES=2 puts the
 * client's and the shop's copy on one A4 page with a cut line; equipment,
 * appearance and serial the intake did not ask print as a line to fill by
 * hand, not "—"; the act names the hand-over date once. Read back from the PDF.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Config } from "../../../src/config/index.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import type { Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import { OPERATOR, useDialogBot } from "../../helpers/dialog-fixture.ts";
import type { ApiCall } from "../../helpers/fake-telegram.ts";
import { pdfPageSizes, pdfText } from "../../helpers/pdf.ts";
import { callsOf, type TestBot } from "../../helpers/test-bot.ts";

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;
useDialogBot({}, (started) => ({ sandbox, t, shopId } = started));
beforeAll(async () => {
  await t.services.reference.shops();
});

const base: Config["paper"] = {
  format: "a4",
  locale: "ru",
  terms: { ru: {}, en: {} },
  warrantyDays: 30,
  warrantyByType: {},
};
const settings = (change: Partial<Config["paper"]>) => {
  t.config.paper = { ...base, ...change };
};
beforeEach(() => settings({}));

const used = new Set<string>();
function orderIn(group: "inWork" | "closed"): SandboxOrder {
  const order = sandbox.store.orders.find(
    (o) =>
      o.shopId === shopId &&
      o.isVisible &&
      !used.has(o.id) &&
      sandbox.store.statusById.get(o.statusId)?.group === group,
  );
  if (!order) throw new Error(`no ${group} order`);
  used.add(order.id);
  return order;
}

async function printed(calls: ApiCall[]): Promise<{ text: string; pages: [number, number][] }> {
  const sent = callsOf(calls, "sendDocument");
  expect(sent).toHaveLength(1);
  const file = sent[0]?.payload.document as File;
  const pdf = new Uint8Array(await file.arrayBuffer());
  return { text: (await pdfText(pdf)).replace(/\s+/g, " "), pages: await pdfPageSizes(pdf) };
}

async function press(number: string, button: string) {
  const op = t.user(OPERATOR, { languageCode: "en" });
  await op.send(number);
  return printed(await op.press(button));
}

describe("the shop's legal details", () => {
  for (const [locale, tax] of [
    ["ru", "ИНН 667101234567"],
    ["en", "Tax No. 667101234567"],
  ] as const) {
    it(`are printed on the receipt and the act when set (${locale})`, async () => {
      settings({ locale, legalName: "ИП Иванов Иван Иванович", taxId: "667101234567" });
      const receipt = await press(orderIn("inWork").number, "🧾 Receipt");
      expect(receipt.text).toContain(`ИП Иванов Иван Иванович, ${tax}`);
      const act = await press(orderIn("closed").number, "🧾 Act");
      expect(act.text).toContain(`ИП Иванов Иван Иванович, ${tax}`);
    });
  }

  it("are absent when not set", async () => {
    const receipt = await press(orderIn("inWork").number, "🧾 Receipt");
    expect(receipt.text).not.toContain("ИНН");
  });
});

describe("PAPER_COPIES=2", () => {
  for (const [locale, names] of [
    ["ru", ["Экземпляр клиента", "Экземпляр мастерской", "линия отреза"]],
    ["en", ["Client's copy", "Shop's copy", "cut here"]],
  ] as const) {
    it(`prints the client's and the shop's copy on one A4 page with a cut line (${locale})`, async () => {
      settings({ locale, copies: 2 });
      const order = orderIn("inWork");
      const { text, pages } = await press(order.number, "🧾 Receipt");
      expect(pages).toEqual([[595.28, 841.89]]);
      for (const name of names) expect(text).toContain(name);
      expect(text.split(order.number).length - 1).toBeGreaterThanOrEqual(2);
    });
  }

  it("the 80 mm roll and the act stay one copy", async () => {
    settings({ format: "80mm", copies: 2 });
    expect((await press(orderIn("inWork").number, "🧾 Receipt")).text).not.toContain("Экземпляр");
    settings({ copies: 2 });
    expect((await press(orderIn("closed").number, "🧾 Act")).text).not.toContain("Экземпляр");
  });
});

describe("fields the intake did not ask", () => {
  it("print as a line to fill by hand, not —; the act names the hand-over date once (ru, en)", async () => {
    for (const locale of ["ru", "en"] as const) {
      settings({ locale });
      const order = orderIn("inWork");
      order.sn = "";
      order.completeSet = [];
      order.appearance = [];
      order.color = "";
      const { text } = await press(order.number, "🧾 Receipt");
      const [serial, color, equipment, appearance] =
        locale === "ru"
          ? ["Серийный номер", "Цвет", "Комплектация", "Внешний вид"]
          : ["Serial number", "Colour", "Equipment", "Appearance"];
      expect(text).toContain(`${serial} ${color} —`);
      expect(text).not.toContain(`${serial} —`);
      expect(text).not.toContain(`${equipment} —`);
      expect(text).not.toContain(`${appearance} —`);
      const act = await press(orderIn("closed").number, "🧾 Act");
      const handover = locale === "ru" ? "Дата выдачи" : "Handed over";
      expect(act.text.split(handover).length - 1).toBe(1);
    }
  });
});
