/**
 * Documents are drawn in bounded time and memory whatever the text (issue
 * 33.3): one unbroken 12 000-character word in an order's faults (a pasted
 * log or link), its verdict and a work's name, on A4 and 80 mm, draws in
 * under 2 s and under 100 MB more heap, the word broken over lines and the
 * field cut with a mark; meanwhile the bot answers another user.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import type { Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import { OPERATOR, useDialogBot, VIEWER } from "../../helpers/dialog-fixture.ts";
import type { ApiCall } from "../../helpers/fake-telegram.ts";
import { pdfText } from "../../helpers/pdf.ts";
import { callsOf, type TestBot } from "../../helpers/test-bot.ts";

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;

useDialogBot({ viewers: [VIEWER] }, (started) => ({ sandbox, t, shopId } = started));
beforeAll(async () => {
  await t.services.reference.shops();
  // The fonts are parsed once per process, at the first document: not what this measures.
  t.config.paper = { ...t.config.paper, format: "a4" };
  const warm = orderIn("closed");
  await t.user(OPERATOR, { languageCode: "en" }).send(warm.number);
  await t.user(OPERATOR, { languageCode: "en" }).press("🧾 Receipt");
});

const WORD = "https://example.com/log?".padEnd(12_000, "0123456789abcdef");
const used = new Set<string>();

function orderIn(group: "closed" | "inWork"): SandboxOrder {
  const order = sandbox.store.orders.find(
    (o) =>
      o.shopId === shopId &&
      o.isVisible &&
      !used.has(o.id) &&
      o.positions.length > 0 &&
      sandbox.store.statusById.get(o.statusId)?.group === group,
  );
  if (!order) throw new Error(`no ${group} order`);
  used.add(order.id);
  return order;
}

async function textsOf(calls: ApiCall[]): Promise<string[]> {
  return Promise.all(
    callsOf(calls, "sendDocument").map(async (call) => {
      const file = call.payload.document as File;
      return (await pdfText(new Uint8Array(await file.arrayBuffer()))).replace(/\s+/g, " ");
    }),
  );
}

/** Presses `button` on the order's card, measuring the time and the heap's growth (sampled while it runs). */
async function measured(number: string, button: string, lang: "ru" | "en") {
  const op = t.user(OPERATOR, { languageCode: lang });
  await op.send(number);
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const started = performance.now();
  // Another user asks the bot something at the same moment.
  const [calls, other] = await Promise.all([
    op.press(button),
    (async () => {
      const asked = performance.now();
      const answer = await t.user(VIEWER, { languageCode: lang }).send("/id");
      return { ms: performance.now() - asked, answer };
    })(),
  ]);
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return { calls, ms, heapMb: (peak - before) / 1e6, other };
}

describe("a 12 000-character word", () => {
  for (const [format, lang] of [
    ["a4", "ru"],
    ["80mm", "en"],
  ] as const) {
    it(`in the faults: the receipt on ${format} draws in under 2 s and 100 MB, the word broken, the field cut with a mark (${lang})`, async () => {
      t.config.paper = { ...t.config.paper, format, locale: lang };
      const order = orderIn("inWork");
      order.problem = [WORD];
      const { calls, ms, heapMb, other } = await measured(
        order.number,
        lang === "ru" ? "🧾 Квитанция" : "🧾 Receipt",
        lang,
      );
      const [text = ""] = await textsOf(calls);
      expect(ms).toBeLessThan(2000);
      expect(heapMb).toBeLessThan(100);
      expect(text).toContain(lang === "ru" ? "[обрезано]" : "[cut]");
      expect(text.replace(/\s/g, "")).toContain(WORD.slice(0, 400));
      expect(text.replace(/\s/g, "")).not.toContain(WORD.slice(0, 2000));
      // The other user was answered, and not after the document.
      expect(other.ms).toBeLessThan(2000);
      expect(other.answer.length).toBeGreaterThan(0);
    });
  }

  it("in the verdict and a work's name: the act on both formats draws in under 2 s and 100 MB (ru)", async () => {
    t.config.paper = { ...t.config.paper, format: "both", locale: "ru" };
    const order = orderIn("closed");
    order.recommendation = WORD;
    const first = order.positions[0];
    if (first) first.name = WORD;
    const { calls, ms, heapMb } = await measured(order.number, "🧾 Акт", "ru");
    const texts = await textsOf(calls);
    expect(texts).toHaveLength(2);
    expect(ms).toBeLessThan(2000);
    expect(heapMb).toBeLessThan(100);
    for (const text of texts) {
      expect(text).toContain("Акт выполненных работ");
      expect(text).toContain("[обрезано]");
    }
  });
});
