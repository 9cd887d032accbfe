// Telegram's WebApp object (telegram-web-app.js), its theme as CSS variables, its Main and Back buttons.
const tg = window.Telegram?.WebApp;

export const initData = () => tg?.initData ?? "";
export const startParam = () =>
  new URLSearchParams(location.search).get("screen") ?? tg?.initDataUnsafe?.start_param ?? "";

/** The page's language before the server says: Telegram's, when the bot speaks it. */
export const userLanguage = () =>
  /^ru/i.test(tg?.initDataUnsafe?.user?.language_code ?? navigator.language) ? "ru" : "en";

const THEME_KEYS = [
  "bg_color",
  "text_color",
  "hint_color",
  "link_color",
  "button_color",
  "button_text_color",
  "secondary_bg_color",
  "section_bg_color",
  "destructive_text_color",
];

export function applyTheme() {
  const theme = tg?.themeParams ?? {};
  const root = document.documentElement;
  for (const key of THEME_KEYS)
    if (theme[key]) root.style.setProperty(`--tg-${key.replaceAll("_", "-")}`, theme[key]);
  root.dataset.scheme = tg?.colorScheme === "dark" ? "dark" : "light";
}

export function ready() {
  applyTheme();
  tg?.onEvent?.("themeChanged", applyTheme);
  tg?.ready?.();
  tg?.expand?.();
}

let back;
/** The Back button runs `handler`; none: hidden. */
export function setBack(handler) {
  if (back) tg?.BackButton?.offClick?.(back);
  back = handler;
  if (!tg?.BackButton) return;
  if (handler) {
    tg.BackButton.onClick(handler);
    tg.BackButton.show();
  } else tg.BackButton.hide();
}

let main;
/** Telegram's Main button with `text` running `handler`; none: hidden. */
export function setMain(text, handler, busy = false) {
  const button = tg?.MainButton;
  if (!button) return;
  if (main) button.offClick(main);
  main = handler;
  if (!handler) {
    button.hide();
    return;
  }
  button.setText(text);
  button.onClick(handler);
  button.show();
  if (busy) button.showProgress?.(false);
  else button.hideProgress?.();
}

export function haptic(kind) {
  tg?.HapticFeedback?.notificationOccurred?.(kind);
}

/** Back to the chat (the Mini App closes). */
export function closeApp() {
  tg?.close?.();
}
