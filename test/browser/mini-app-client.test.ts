/**
 * The client's page and the look of the Mini App in Chromium (issue 38.5, 38.6):
 * a linked client sees only their own orders and approves an estimate (one PATCH
 * for a double tap), an unlinked user is told to share their contact; the board,
 * an order and the client's page at 360 px have no horizontal scroll and every
 * control has an accessible name, in Telegram's light and dark themes, in the
 * user's language, with Telegram's Back and Main buttons. Skipped without /usr/bin/chromium, as mini-app.test.ts is.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  APPROVED,
  aClient,
  awaitingApproval,
  type ClientBot,
  contactUpdate,
  OPERATOR,
  person,
  statusId,
} from "../bot/features/client-side/setup.ts";
import { startPaymentsBot } from "../bot/features/payments/setup.ts";
import { type MiniAppBot, serveMiniApp } from "../helpers/mini-app.ts";
import { hasChromium, launchChromium, layoutProblems, openPage } from "../helpers/mini-app-page.ts";

const CLIENT = 9101;
const OTHER = 9102;
const STRANGER = 9103;
const browsers = hasChromium();

let t: ClientBot & MiniAppBot;
let browser: Browser;
let mine: ReturnType<typeof aClient>;
let theirs: ReturnType<typeof aClient>;

describe.skipIf(!browsers)("the client's page and the look, in Chromium", () => {
  beforeAll(async () => {
    t = await serveMiniApp(await startPaymentsBot({ start: new Date("2026-11-18T09:00:00Z") }));
    mine = aClient(t);
    theirs = aClient(t, [mine.who.id]);
    await t.handle(contactUpdate(t, person(CLIENT, "en"), mine.who.phones[0] ?? ""));
    await t.handle(contactUpdate(t, person(OTHER, "ru"), theirs.who.phones[0] ?? ""));
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it("shows a client only their own orders, and ✅ approves once (one PATCH for a double tap)", async () => {
    const order = mine.orders.find(
      (o) => !["closed", "finish"].includes(t.sandbox.store.statusById.get(o.statusId)?.group ?? ""),
    )!;
    await awaitingApproval(t, order.id, "3900");
    const page = await openPage(t, browser, CLIENT);
    await page.locator(".client-order").first().waitFor();
    const shown = await page
      .locator(".client-order")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-order")));
    const own = new Set(mine.orders.map((o) => o.id));
    expect(shown.length).toBeGreaterThan(0);
    for (const id of shown) expect(own.has(id ?? "")).toBe(true);
    for (const o of theirs.orders) expect(await page.getByText(o.number).count()).toBe(0);
    const card = page.locator(`[data-order="${order.id}"]`);
    expect(await card.getByTestId("estimate").textContent()).toMatch(/3,900/);
    t.sandbox.resetCounts();
    await card.getByRole("button", { name: "✅ Approve" }).dblclick();
    await card.getByText("Approved. Thank you!").waitFor();
    expect(t.sandbox.requestCount()).toBe(1);
    expect(t.sandbox.store.orders.find((o) => o.id === order.id)?.statusId).toBe(statusId(t, APPROVED));
    // Approved into the prepayment status: 💳 is offered on the page.
    await card.getByRole("button", { name: /Prepay/ }).waitFor();
    await page.close();
  });

  it("tells an unlinked user to share their contact in the chat", async () => {
    const page = await openPage(t, browser, STRANGER);
    await page.getByTestId("share").waitFor();
    expect(await page.getByTestId("share").textContent()).toContain("Share your phone number");
    await page.close();
  });

  it("speaks the user's language (ru) on the client's page", async () => {
    const page = await openPage(t, browser, OTHER, { languageCode: "ru" });
    await page.getByRole("heading", { name: /Мои заказы/ }).waitFor();
    await page.close();
  });

  it("uses Telegram's Back and Main buttons: Back from an order to the board, Main the screen's action", async () => {
    const page = await openPage(t, browser, OPERATOR);
    await page.getByTestId("total").waitFor();
    const buttons = () =>
      page.evaluate(
        "({ back: Telegram.WebApp.BackButton.visible, main: Telegram.WebApp.MainButton.visible && Telegram.WebApp.MainButton.text })",
      ) as Promise<{ back: boolean; main: string | false }>;
    expect(await buttons()).toEqual({ back: false, main: "New order" });
    await page.locator(".card").first().click();
    await page.locator(".order").waitFor();
    expect((await buttons()).back).toBe(true);
    const status = page.getByLabel("New status");
    await status.selectOption({ index: 1 });
    await expect.poll(async () => (await buttons()).main).toBe("Change status");
    await page.evaluate("Telegram.WebApp.BackButton.click()");
    await page.getByTestId("total").waitFor();
    expect(await buttons()).toEqual({ back: false, main: "New order" });
    await page.close();
  });

  // Light in English, dark in Russian (its longer words): each screen, and the forms opened.
  for (const [scheme, languageCode] of [
    ["light", "en"],
    ["dark", "ru"],
  ] as const)
    it(`has no horizontal scroll at 360 px and a name on every control (${scheme}, ${languageCode})`, async () => {
      const board = await openPage(t, browser, OPERATOR, { width: 360, scheme, languageCode });
      await board.getByTestId("total").waitFor();
      expect(await layoutProblems(board)).toEqual([]);
      const order = t.sandbox.store.orders.find(
        (o) => t.sandbox.store.statusById.get(o.statusId)?.group === "finish" && t.mirror.get(o.id),
      );
      await board
        .locator(".card", { hasText: order?.number ?? "?" })
        .first()
        .click();
      await board.locator(".order").waitFor();
      expect(await layoutProblems(board)).toEqual([]);
      // A status that takes the payment: the register and the amounts show.
      const pay = [...t.sandbox.store.statusById.values()].find(
        (s) => s.isPayRequired && s.group === "closed",
      );
      await board
        .locator("select")
        .first()
        .selectOption(pay?.id ?? "");
      await board.locator("fieldset").waitFor();
      expect(await layoutProblems(board)).toEqual([]);
      await board.close();
      const client = await openPage(t, browser, CLIENT, { width: 360, scheme, languageCode });
      await client.locator(".client-order").first().waitFor();
      expect(await layoutProblems(client)).toEqual([]);
      // Telegram's theme reaches the page: its background is the theme's.
      const background = await client.evaluate("getComputedStyle(document.body).backgroundColor");
      expect(background).toBe(scheme === "dark" ? "rgb(23, 33, 43)" : "rgb(255, 255, 255)");
      await client.close();
      const stranger = await openPage(t, browser, STRANGER, { width: 360, scheme, languageCode });
      await stranger.getByTestId("share").waitFor();
      expect(await layoutProblems(stranger)).toEqual([]);
      await stranger.close();
    });
});
