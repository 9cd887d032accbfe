/**
 * The Mini App in Chromium as Telegram opens it: telegram-web-app.js answered by a
 * stub (the WebApp object with initData signed by the test token, a light or dark
 * theme, Main and Back buttons), so nothing leaves loopback.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";
import type { MiniAppBot } from "./mini-app.ts";

export const CHROMIUM = "/usr/bin/chromium";

/** Whether the browser tests can run; when not, said in one line (`.ci/run` installs it with apt). */
export function hasChromium(): boolean {
  const there = existsSync(CHROMIUM);
  if (!there) console.info(`browser tests skipped: no ${CHROMIUM} (apt-get install chromium)`);
  return there;
}

/**
 * Debian's Chromium, headless. It runs on the real clock: under scripts/clock-matrix.sh libfaketime
 * (LD_PRELOAD) would hang it; the clock under test is the bot's, and initData is signed by it, not the page.
 */
export function launchChromium(): Promise<Browser> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => e[1] !== undefined && !/^(LD_PRELOAD|FAKETIME)/.test(e[0]),
    ),
  );
  return chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"], env });
}

/** Telegram's Main button pressed (the stub runs its handlers), as a clerk presses it. */
export const pressMain = (page: Page) => page.evaluate("window.Telegram.WebApp.MainButton.click()");

/** The stub of telegram-web-app.js: the WebApp object with signed initData, a theme, Main and Back buttons. */
function telegramStub(initData: string, scheme: "light" | "dark"): string {
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

/** Run in the page (a string: the tests' types know no DOM): what breaks point 6 of issue 38. */
const LAYOUT_CHECK = `(() => {
  const problems = [];
  const root = document.scrollingElement;
  if (root.scrollWidth > window.innerWidth) problems.push("scrollWidth " + root.scrollWidth + " > " + window.innerWidth);
  const text = (ids) => (ids || "").split(/\\s+/).map((id) => document.getElementById(id)?.textContent || "").join(" ").trim();
  for (const el of document.querySelectorAll("input, select, textarea, button")) {
    const name =
      (el.getAttribute("aria-label") || "").trim() ||
      text(el.getAttribute("aria-labelledby")) ||
      [...(el.labels || [])].map((l) => l.textContent).join(" ").trim() ||
      (el.tagName === "BUTTON" ? el.textContent.trim() : "") ||
      (el.getAttribute("title") || "").trim();
    if (!name) problems.push(el.tagName.toLowerCase() + "#" + el.id + "." + el.className + " has no accessible name");
  }
  for (const el of document.querySelectorAll("body *")) {
    const box = el.getBoundingClientRect();
    if (box.width > 0 && box.right > window.innerWidth + 1 && getComputedStyle(el).position !== "absolute")
      problems.push(el.tagName.toLowerCase() + "." + el.className + " sticks out to " + Math.round(box.right));
  }
  return problems;
})()`;

/** No horizontal scroll (`document.scrollingElement.scrollWidth <= innerWidth`), nothing sticking out, every control named. */
export async function layoutProblems(page: Page): Promise<string[]> {
  return (await page.evaluate(LAYOUT_CHECK)) as string[];
}
