/**
 * The drawing alone (no bot): an order with nothing but an id still makes a
 * whole document with "—" where the order has nothing; a long list of works
 * flows onto more A4 pages and makes the roll longer, never cut; long words
 * wrap inside the page.
 */
import { describe, expect, it } from "vitest";
import { createI18n } from "../../../src/bot/i18n.ts";
import { actDocument } from "../../../src/bot/paper/act.ts";
import { receiptDocument } from "../../../src/bot/paper/document.ts";
import { drawPaper, PAGE_WIDTH } from "../../../src/bot/paper/draw.ts";
import type { Order } from "../../../src/service/index.ts";
import { pdfPageSizes, pdfText } from "../../helpers/pdf.ts";

const i18n = createI18n("ru");
const common = (order: Order) => ({
  order,
  shop: {},
  t: (key: string, vars?: Record<string, string | number>) => i18n.t("en", key, vars),
  locale: "en" as const,
  timezone: "Europe/Moscow",
});

describe("drawing the paper", () => {
  it("an order with nothing but its id still makes a whole receipt and act, with — for what it lacks", async () => {
    const bare: Order = { id: "x1" };
    const receipt = await pdfText(
      await drawPaper(receiptDocument({ ...common(bare), terms: "Terms." }), "a4"),
    );
    expect(receipt).toContain("Order No. x1");
    // Not asked at intake: a line to fill by hand, not "—"; what the order lacks otherwise is "—".
    expect(receipt).toMatch(/Serial number Colou?r —/);
    expect(receipt).not.toMatch(/Serial number —|Equipment —|Appearance —/);
    expect(receipt).toContain("Prepayment 0 ₽");
    const act = await pdfText(
      await drawPaper(actDocument({ ...common(bare), warrantyDays: 0, now: new Date() }), "80mm"),
    );
    expect(act).toContain("No works or parts are listed.");
    expect(act).toContain("no warranty");
    expect(act).toContain("Due: 0 ₽");
  });

  it("a long list of works flows onto more A4 pages, and makes the roll one longer page", async () => {
    const positions = Array.from({ length: 90 }, (_, i) => ({
      name: `Работа номер ${i + 1} с длинным названием, которое переносится на вторую строку таблицы`,
      count: 1,
      price: 100 + i,
    }));
    const order: Order = {
      id: "x2",
      number: "А000002",
      positions,
      summ: { price: 13_500, soldPrice: 13_500 },
    };
    const model = actDocument({ ...common(order), warrantyDays: 30, now: new Date() });
    const a4 = await drawPaper(model, "a4");
    const pages = await pdfPageSizes(a4);
    expect(pages.length).toBeGreaterThan(1);
    for (const [width, height] of pages) expect([width, height]).toEqual([PAGE_WIDTH.a4, 841.89]);
    const a4Text = await pdfText(a4);
    expect(a4Text).toContain("Работа номер 90");
    expect(a4Text).toContain("Workshop:");
    const roll = await pdfPageSizes(await drawPaper(model, "80mm"));
    expect(roll).toHaveLength(1);
    expect(roll[0]?.[0]).toBe(PAGE_WIDTH["80mm"]);
    expect(roll[0]?.[1]).toBeGreaterThan(2000);
    expect(a4.length).toBeLessThan(200 * 1024);
  });

  it("a word longer than its column wraps inside the page, nothing lost", async () => {
    const serial = "SN".padEnd(120, "0123456789");
    const order: Order = {
      id: "x3",
      sn: serial,
      counteragent: { name: "Константинопольская-Старокузнецкая Мария" },
    };
    const text = await pdfText(await drawPaper(receiptDocument({ ...common(order), terms: "T." }), "80mm"));
    // Broken over lines by the page's width, the characters are all there.
    expect(text.replace(/\s/g, "")).toContain(serial);
    expect(text).toContain("Константинопольская-");
  });
});

describe("the documents' words", () => {
  it("the mark of a missing value is the locale's (paper-none), not a dash built in code", () => {
    const bare: Order = { id: "x2" };
    const t = (key: string, vars?: Record<string, string | number>) =>
      key === "paper-none" ? "n/a" : i18n.t("en", key, vars);
    const receipt = receiptDocument({ ...common(bare), t, terms: "Terms." });
    const act = actDocument({ ...common(bare), t, warrantyDays: 0, now: new Date() });
    const values = [receipt, act].flatMap((doc) =>
      doc.blocks.flatMap((block) => (block.kind === "fields" ? block.rows.map((row) => row[1]) : [])),
    );
    expect(values).toContain("n/a");
    expect(values).not.toContain("—");
  });
});
