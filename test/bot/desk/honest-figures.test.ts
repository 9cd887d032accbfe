/**
 * The owner's figures told honestly (issue 29.12-15): the chart's handed-over
 * bars match the sandbox's own closings per bucket (list records carry no
 * dateClose: the service counts them per bucket, a few requests, within a
 * budget), the average is shown only over enough dated orders and says over
 * how many, the masters' column names what it counts, the owner is greeted as
 * the owner, and counts go through each language's plural rules.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { periodOf } from "../../../src/bot/desk/period.ts";
import { buildReport } from "../../../src/bot/features/report/build.ts";
import { chartInput, reportText } from "../../../src/bot/features/report/text.ts";
import { createI18n } from "../../../src/bot/i18n.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import { useDialogBot } from "../../helpers/dialog-fixture.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import type { TestBot } from "../../helpers/test-bot.ts";
import { OWNER } from "./helpers.ts";

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;
// The test's own clock, for the sandbox's seed and the bot alike: a Wednesday afternoon in Moscow
// (12:00 UTC), so the week so far holds closings whatever the day the suite runs (at 00:30 on a
// Monday the real week is half an hour old and has none).
useDialogBot(
  {
    clock: new ManualClock(new Date(Date.UTC(2026, 10, 25, 12, 0))),
    bot: () => ({ config: { ownerIds: [OWNER], timezone: "Europe/Moscow" } }),
  },
  (started) => {
    ({ sandbox, t, shopId } = started);
  },
);
beforeAll(async () => {
  await t.services.reference.cashItems();
  await t.services.reference.shops();
  await t.services.reference.cashRegisters(shopId);
});

/** The sandbox's own handed-over orders per bucket of the period. */
function closingsPerBucket(kind: "day" | "week") {
  const period = periodOf(kind, t.clock.now(), t.config.timezone);
  return period.buckets.map(
    (bucket) =>
      sandbox.store.orders.filter(
        (o) =>
          o.isVisible &&
          o.shopId === shopId &&
          o.dateClose !== null &&
          o.dateClose >= bucket.start.getTime() &&
          o.dateClose < Math.min(bucket.end.getTime(), period.end.getTime()),
      ).length,
  );
}

describe("the handed-over bars", () => {
  it("match the sandbox's own closings per day of the week, not what the bot happened to see", async () => {
    const want = closingsPerBucket("week");
    expect(want.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    t.resetServiceRequests();
    const report = await buildReport(t.services, "week");
    expect(report.figures.perBucket.map((b) => b.out)).toEqual(want);
    expect(report.figures.outKnown).toBe(report.figures.closed);
    // Within its budget, and counted in the report's own line.
    expect(report.datingRequests).toBeGreaterThan(0);
    expect(report.datingRequests).toBeLessThanOrEqual(16);
    expect(t.serviceRequests()).toBe(report.orders.requests + report.money.requests + report.datingRequests);
  });

  it("what cannot be dated is said, not drawn as zero (en, ru)", async () => {
    const report = await buildReport(t.services, "week");
    // The same figures as if the counts could not be afforded: what the dates alone give.
    const undated = { ...report, figures: { ...report.figures, outKnown: 0 }, datingRequests: 0 };
    const i18n = createI18n("en");
    const en = reportText((k, v) => i18n.t("en", k, v), undated, "en", t.config.timezone);
    expect(en).toContain(`The chart shows 0 of ${report.figures.closed} handed-over order`);
    const ru = reportText((k, v) => i18n.t("ru", k, v), undated, "ru", t.config.timezone);
    expect(ru).toContain(`На графике 0 из ${report.figures.closed} выдан`);
    // Not a row of zeros: no bars at all when none could be dated.
    expect(
      chartInput((k, v) => i18n.t("en", k, v), undated, "en", t.config.timezone).handedOver,
    ).toBeUndefined();
  });
});

describe("the average from intake to ready", () => {
  it("is shown only over at least 5 dated orders and names how many (en, ru)", async () => {
    const report = await buildReport(t.services, "day");
    const i18n = createI18n("en");
    const few = {
      ...report,
      figures: { ...report.figures, ready: 7, averagedOver: 2, averageReadyMs: 136 * 86_400_000 },
    };
    const en = reportText((k, v) => i18n.t("en", k, v), few, "en", t.config.timezone);
    expect(en).toContain("not shown, 2 of 7 orders made ready have known dates (at least 5 are needed)");
    expect(en).not.toContain("136 d");
    const ru = reportText((k, v) => i18n.t("ru", k, v), few, "ru", t.config.timezone);
    expect(ru).toContain("даты известны у 2 из 7 готовых заказов (нужно хотя бы 5)");
    const enough = {
      ...report,
      figures: { ...report.figures, ready: 9, averagedOver: 6, averageReadyMs: 26 * 3_600_000 },
    };
    expect(reportText((k, v) => i18n.t("en", k, v), enough, "en", t.config.timezone)).toContain(
      "<b>26 h</b> over 6 orders with known dates",
    );
    const one = {
      ...report,
      figures: { ...report.figures, ready: 1, averagedOver: 1, averageReadyMs: 3_600_000 },
    };
    expect(reportText((k, v) => i18n.t("ru", k, v), one, "ru", t.config.timezone)).toContain(
      "даты известны у 1 из 1 готового заказа",
    );
  });
});

describe("names and greetings", () => {
  it("the masters' column says it counts orders made ready or handed over (en, ru)", async () => {
    const en = (await t.user(OWNER, { languageCode: "en" }).send("/report")).length;
    expect(en).toBeGreaterThan(0);
    const owner = t.user(OWNER, { languageCode: "en" });
    expect(
      owner
        .replies()
        .map((m) => m.text ?? "")
        .join("\n"),
    ).toMatch(
      /Masters<\/b> \([^)]*: orders made ready or handed over · money taken on them\)|no order made ready or handed over/,
    );
    const ru = t.user(OWNER, { languageCode: "ru" });
    await ru.send("/report");
    expect(
      ru
        .replies()
        .map((m) => m.text ?? "")
        .join("\n"),
    ).toMatch(/заказов готово или выдано|не стал готов и не выдан/);
  });

  it("an owner is greeted as the owner, not as an operator (en, ru)", async () => {
    const en = t.user(OWNER, { languageCode: "en", firstName: "Olga" });
    await en.send("/start");
    expect(en.lastReply()?.text).toContain("You are an <b>owner</b>");
    expect(en.lastReply()?.text).not.toContain("operator</b>");
    const ru = t.user(OWNER, { languageCode: "ru", firstName: "Ольга" });
    await ru.send("/start");
    expect(ru.lastReply()?.text).toContain("Вы — <b>владелец</b>");
  });
});

describe("counts through the plural rules", () => {
  const i18n = createI18n("ru");
  const cases: [string, Record<string, string | number>, string][] = [
    ["report-source-service", { requests: 1 }, "(1 запрос)"],
    ["report-source-service", { requests: 3 }, "(3 запроса)"],
    ["report-source-service", { requests: 5 }, "(5 запросов)"],
    ["report-source-service", { requests: 21 }, "(21 запрос)"],
    ["dlg-text-up-to", { max: 1 }, "До 1 символа."],
    ["dlg-text-up-to", { max: 200 }, "До 200 символов."],
    ["dlg-too-long-field", { limit: 21 }, "не больше 21 символа"],
    ["report-avg", { period: "p", time: "1 ч", count: 21 }, "по 21 заказу"],
    ["report-avg", { period: "p", time: "1 ч", count: 6 }, "по 6 заказам"],
    ["report-chart-out-partial", { known: 1, count: 1 }, "из 1 выданного заказа"],
    ["cash-partial", { counted: 1, total: 31 }, "из 31 операции"],
    ["search-none", { query: "x", orders: 101 }, "среди 101 заказа"],
  ];
  it.each(cases)("ru %s %j", (key, args, want) => {
    expect(i18n.t("ru", key, args)).toContain(want);
  });
  const en: [string, Record<string, string | number>, string][] = [
    ["report-source-service", { requests: 1 }, "(1 request)"],
    ["report-source-mirror", { requests: 2, age: "-" }, "(2 requests)"],
    ["dlg-text-up-to", { max: 1 }, "Up to 1 character."],
    ["stuck-title", { days: 1 }, "no change for 1 day or"],
    ["me-narrow", { count: 1 }, "1 person:"],
    ["me-narrow", { count: 4 }, "4 people:"],
  ];
  it.each(en)("en %s %j", (key, args, want) => {
    expect(i18n.t("en", key, args)).toContain(want);
  });
});
