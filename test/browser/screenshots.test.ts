/**
 * The Mini App's screenshots for docs/mini-app/ (issue 38.6): the board, an order,
 * a client's page and the intake form at 390 and 1280 px, in Telegram's light and dark themes.
 * Not part of every run (it writes into docs/): `MINI_APP_SHOTS=1 npx vitest run
 * test/browser/screenshots.test.ts`; each shot is also checked as the look test
 * checks a page (no horizontal scroll, every control named).
 */
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPhotoStore } from "../../src/bot/state/order-photos.ts";
import {
  aClient,
  awaitingApproval,
  type ClientBot,
  contactUpdate,
  OPERATOR,
  person,
} from "../bot/features/client-side/setup.ts";
import { startPaymentsBot } from "../bot/features/payments/setup.ts";
import { type MiniAppBot, serveMiniApp } from "../helpers/mini-app.ts";
import { hasChromium, launchChromium, layoutProblems, openPage } from "../helpers/mini-app-page.ts";

const CLIENT = 9301;
const OUT = new URL("../../docs/mini-app/", import.meta.url);
const wanted = process.env.MINI_APP_SHOTS === "1" && hasChromium();

let t: ClientBot & MiniAppBot;
let browser: Browser;
let orderNumber = "";

/** `fullPage`: the whole page (an order, the client's); else what the screen shows (a board of 100 orders). */
async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  expect(await layoutProblems(page)).toEqual([]);
  await page.screenshot({ path: new URL(`${name}.png`, OUT).pathname, fullPage });
}

describe.skipIf(!wanted)("the Mini App's screenshots", () => {
  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    t = await serveMiniApp(await startPaymentsBot({ orders: 150, start: new Date("2026-11-18T09:00:00Z") }));
    const mine = aClient(t);
    await t.handle(contactUpdate(t, person(CLIENT, "en"), mine.who.phones[0] ?? ""));
    const order = mine.orders.find(
      (o) => !["closed", "finish"].includes(t.sandbox.store.statusById.get(o.statusId)?.group ?? ""),
    )!;
    // An order with a verdict, photos and an estimate waiting for its client: every part of both pages shows.
    t.sandbox.others.change(order.id, {
      recommendation: "The display cable is torn; the screen module must be replaced.",
    });
    await awaitingApproval(t, order.id, "4900");
    await createPhotoStore(t.services.store).add(order.id, [
      { id: "photo-1", by: OPERATOR, at: t.clock.now().getTime() },
      { id: "photo-2", by: OPERATOR, at: t.clock.now().getTime() },
    ]);
    orderNumber = t.mirror.get(order.id)?.order.number ?? "";
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const width of [390, 1280])
    for (const scheme of ["light", "dark"] as const)
      it(`board, order, client's page and form at ${width} px (${scheme})`, async () => {
        const staff = await openPage(t, browser, OPERATOR, { width, scheme });
        await staff.getByTestId("total").waitFor();
        await shoot(staff, `board-${width}-${scheme}`, false);
        await staff.getByLabel("Search").fill(orderNumber);
        await staff.locator(".results .card").first().click();
        await staff.locator(".order").waitFor();
        await shoot(staff, `order-${width}-${scheme}`);
        await staff.close();
        const client = await openPage(t, browser, CLIENT, { width, scheme });
        await client.locator(".client-order").first().waitFor();
        await shoot(client, `client-${width}-${scheme}`);
        await client.close();
        // The intake form in Russian (its longer words), as 🧾 Form on /new opens it.
        const form = await openPage(t, browser, OPERATOR, {
          width,
          scheme,
          screen: "new",
          languageCode: "ru",
        });
        await form.locator("form.intake").waitFor();
        await shoot(form, `form-${width}-${scheme}`);
        await form.close();
      });
});
