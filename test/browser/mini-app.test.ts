/**
 * The Mini App in a real browser (issue 38): Debian's Chromium driven by
 * playwright-core, Telegram's WebApp stubbed with initData signed by the test
 * token (telegram-web-app.js is answered by the stub, nothing leaves loopback):
 * the board's counts against the sandbox, a search, a status change with
 * payment (one PATCH, a double tap once; an amount typed just before Telegram's
 * Main button is pressed is the one sent). Without /usr/bin/chromium the file is
 * skipped (.ci/run installs it with apt, as it does redis-server).
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMiniAppBot, type MiniAppBot } from "../helpers/mini-app.ts";
import { hasChromium, launchChromium, openPage } from "../helpers/mini-app-page.ts";

const OPERATOR = 901;
const browsers = hasChromium();

let t: MiniAppBot;
let browser: Browser;

describe.skipIf(!browsers)("the Mini App in Chromium", () => {
  beforeAll(async () => {
    t = await createMiniAppBot({
      operators: [OPERATOR],
      orders: 150,
      start: new Date("2026-11-18T09:00:00Z"),
    });
    browser = await launchChromium();
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

  /** A ready order the mirror holds (one not changed yet), opened on the board, a paying status picked. */
  async function payingOrder() {
    const store = t.sandbox.store;
    const pay = [...store.statusById.values()].find((s) => s.isPayRequired && s.group === "closed");
    const order = store.orders.find(
      (o) =>
        o.isVisible &&
        store.statusById.get(o.statusId)?.group === "finish" &&
        t.mirror.get(o.id) &&
        !changed.has(o.id),
    );
    if (!pay || !order) throw new Error("the sandbox has no ready order or no paying status");
    changed.add(order.id);
    const page = await openPage(t, browser, OPERATOR);
    await page.getByTestId("total").waitFor();
    await page.locator(".card", { hasText: order.number }).first().click();
    await page.getByLabel("New status").selectOption(pay.id);
    const paid = () => store.orders.find((o) => o.id === order.id)?.paidCash ?? 0;
    return { page, order, pay, paid, before: paid() };
  }
  const changed = new Set<string>();

  it("changes a status with a payment: one PATCH for a double tap, the outcome told", async () => {
    const { page, order, pay, paid, before } = await payingOrder();
    await page.getByLabel("Cash").fill("200");
    t.sandbox.resetCounts();
    await page.getByRole("button", { name: "Change status" }).dblclick();
    await page.getByText("Done: the status is changed").waitFor();
    expect(t.sandbox.requestCount()).toBe(1);
    expect(t.sandbox.store.orders.find((o) => o.id === order.id)?.statusId).toBe(pay.id);
    expect(paid()).toBeCloseTo(before + 200);
    await page.close();
  });

  it("sends the amount typed after the Main button showed, at once: one PATCH with the new amount", async () => {
    const { page, order, pay, paid, before } = await payingOrder();
    await page.getByLabel("Cash").fill("100");
    await expect
      .poll(() => page.evaluate("Telegram.WebApp.MainButton.visible && Telegram.WebApp.MainButton.text"))
      .toBe("Change status");
    const posts: string[] = [];
    page.on("request", (r) => void (r.url().endsWith("/api/status") && posts.push(r.postData() ?? "")));
    t.sandbox.resetCounts();
    // 250 typed, the page rendered it (a microtask), Main pressed twice before the next frame's effects.
    await page.evaluate(`(async () => {
      const cash = document.querySelector("input[id^=cash-]");
      cash.value = "250";
      cash.dispatchEvent(new Event("input", { bubbles: true }));
      for (let i = 0; i < 3; i++) await Promise.resolve();
      Telegram.WebApp.MainButton.click();
      Telegram.WebApp.MainButton.click();
    })()`);
    await page.getByText("Done: the status is changed").waitFor();
    expect(t.sandbox.requestCount()).toBe(1);
    expect(posts.map((body) => JSON.parse(body).payment?.money)).toEqual(["250"]);
    expect(t.sandbox.store.orders.find((o) => o.id === order.id)?.statusId).toBe(pay.id);
    expect(paid()).toBeCloseTo(before + 250);
    await page.close();
  });
});
