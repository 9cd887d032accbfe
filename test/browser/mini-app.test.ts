/**
 * The Mini App in a real browser (issue 38): Debian's Chromium driven by
 * playwright-core, Telegram's WebApp stubbed with initData signed by the test
 * token (telegram-web-app.js is answered by the stub, nothing leaves loopback):
 * the board's counts against the sandbox, a search, a status change with
 * payment (one PATCH, a double tap once). Without /usr/bin/chromium the file is
 * skipped (.ci/run installs it with apt, as it does redis-server).
 */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMiniAppBot, type MiniAppBot } from "../helpers/mini-app.ts";
import { CHROMIUM, openPage } from "../helpers/mini-app-page.ts";

const OPERATOR = 901;
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.info(`browser tests skipped: no ${CHROMIUM} (apt-get install chromium)`);

let t: MiniAppBot;
let browser: Browser;

describe.skipIf(!hasChromium)("the Mini App in Chromium", () => {
  beforeAll(async () => {
    t = await createMiniAppBot({
      operators: [OPERATOR],
      orders: 150,
      start: new Date("2026-11-18T09:00:00Z"),
    });
    // Chromium runs on the real clock: under scripts/clock-matrix.sh libfaketime (LD_PRELOAD) would
    // hang it; the clock under test is the bot's, and the initData is signed by it, not by the page.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        (e): e is [string, string] => e[1] !== undefined && !/^(LD_PRELOAD|FAKETIME)/.test(e[0]),
      ),
    );
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"], env });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it("shows the board with the sandbox's counts, ready first, at 0 requests", async () => {
    t.mark();
    const page = await openPage(t, browser, OPERATOR);
    const store = t.sandbox.store;
    const open = store.orders.filter(
      (o) => o.isVisible && store.statusById.get(o.statusId)?.group !== "closed",
    );
    await expect.poll(() => page.getByTestId("total").textContent()).toBe(String(open.length));
    expect(await page.locator(".column").first().getAttribute("data-group")).toBe("finish");
    for (const status of new Set(open.map((o) => o.statusId))) {
      const count = open.filter((o) => o.statusId === status).length;
      expect(await page.locator(`[data-status="${status}"]`).textContent()).toBe(String(count));
    }
    expect(t.requests()).toBe(0);
    await page.close();
  });

  it("finds an order by its number in the search box at 0 requests", async () => {
    const order = t.sandbox.store.orders.find((o) => o.isVisible && t.mirror.get(o.id));
    const page = await openPage(t, browser, OPERATOR);
    await page.getByTestId("total").waitFor();
    t.mark();
    await page.getByLabel("Search").fill(order?.number ?? "");
    await expect.poll(() => page.locator(".results .card").count()).toBeGreaterThan(0);
    expect(await page.locator(".results .card").first().textContent()).toContain(order?.number);
    expect(t.requests()).toBe(0);
    await page.close();
  });

  it("changes a status with a payment: one PATCH for a double tap, the outcome told", async () => {
    const store = t.sandbox.store;
    const payStatus = [...store.statusById.values()].find((s) => s.isPayRequired && s.group === "closed");
    const order = store.orders.find(
      (o) => o.isVisible && store.statusById.get(o.statusId)?.group === "finish" && t.mirror.get(o.id),
    );
    const page = await openPage(t, browser, OPERATOR);
    await page.getByTestId("total").waitFor();
    await page
      .locator(".card", { hasText: order?.number ?? "?" })
      .first()
      .click();
    await page.getByLabel("New status").selectOption(payStatus?.id ?? "");
    await page.getByLabel("Cash").fill("200");
    const before = store.orders.find((o) => o.id === order?.id)?.paidCash ?? 0;
    t.sandbox.resetCounts();
    await page.getByRole("button", { name: "Change status" }).dblclick();
    await page.getByText("Done: the status is changed").waitFor();
    expect(t.sandbox.requestCount()).toBe(1);
    const after = store.orders.find((o) => o.id === order?.id);
    expect(after?.statusId).toBe(payStatus?.id);
    expect(after?.paidCash).toBeCloseTo(before + 200);
    await page.close();
  });
});
