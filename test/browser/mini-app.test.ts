/**
 * The Mini App in a real browser (issue 38): Debian's Chromium driven by
 * playwright-core, Telegram's WebApp stubbed with initData signed by the test
 * token (telegram-web-app.js is answered by the stub, nothing leaves loopback):
 * the board's counts against the sandbox, a search, a status change with
 * payment (one PATCH, a double tap once). Without /usr/bin/chromium the file is
 * skipped (.ci/run installs it with apt, as it does redis-server).
 */
import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMiniAppBot, type MiniAppBot } from "../helpers/mini-app.ts";

const CHROMIUM = "/usr/bin/chromium";
const OPERATOR = 901;
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.info(`browser tests skipped: no ${CHROMIUM} (apt-get install chromium)`);

let t: MiniAppBot;
let browser: Browser;

/** The stub of telegram-web-app.js: the WebApp object with signed initData, a theme, Main and Back buttons. */
export function telegramStub(initData: string, scheme: "light" | "dark"): string {
  const theme =
    scheme === "dark"
      ? {
          bg_color: "#17212b",
          text_color: "#f5f5f5",
          hint_color: "#708499",
          button_color: "#5288c1",
          button_text_color: "#ffffff",
          secondary_bg_color: "#232e3c",
          link_color: "#6ab3f3",
        }
      : {
          bg_color: "#ffffff",
          text_color: "#000000",
          hint_color: "#707579",
          button_color: "#2481cc",
          button_text_color: "#ffffff",
          secondary_bg_color: "#f1f1f4",
          link_color: "#2481cc",
        };
  const user = Object.fromEntries(new URLSearchParams(initData)).user ?? "{}";
  return `(() => {
    const button = () => { const b = { text: "", visible: false, handlers: [],
      setText(x) { b.text = x; return b; }, show() { b.visible = true; return b; }, hide() { b.visible = false; return b; },
      onClick(f) { b.handlers.push(f); return b; }, offClick(f) { b.handlers = b.handlers.filter((h) => h !== f); return b; },
      showProgress() {}, hideProgress() {}, click() { b.handlers.forEach((h) => h()); } }; return b; };
    window.Telegram = { WebApp: {
      initData: ${JSON.stringify(initData)}, initDataUnsafe: { user: ${user} },
      colorScheme: ${JSON.stringify(scheme)}, themeParams: ${JSON.stringify(theme)},
      MainButton: button(), BackButton: button(), HapticFeedback: { notificationOccurred() {} },
      ready() {}, expand() {}, onEvent() {} } };
  })();`;
}

/** A page of the Mini App as `userId` opens it from Telegram. */
export async function openPage(
  bot: MiniAppBot,
  chrome: Browser,
  userId: number,
  options: { width?: number; scheme?: "light" | "dark"; screen?: string; languageCode?: string } = {},
): Promise<Page> {
  const page = await chrome.newPage({ viewport: { width: options.width ?? 390, height: 844 } });
  const initData = bot.initDataFor(userId, { languageCode: options.languageCode ?? "en" });
  await page.route("https://telegram.org/**", (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: telegramStub(initData, options.scheme ?? "light"),
    }),
  );
  await page.goto(`${bot.url}${options.screen ? `?screen=${options.screen}` : ""}`);
  return page;
}

describe.skipIf(!hasChromium)("the Mini App in Chromium", () => {
  beforeAll(async () => {
    t = await createMiniAppBot({
      operators: [OPERATOR],
      orders: 150,
      start: new Date("2026-11-18T09:00:00Z"),
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
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
