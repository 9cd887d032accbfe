// Small shared pieces: the texts, labelled fields, money and dates in the user's language.

import htm from "./vendor/htm.mjs";
import { h } from "./vendor/preact.mjs";

export const html = htm.bind(h);

let texts = {};
let locale = "en";
let timezone;
export function setTexts(next, lang, zone) {
  texts = next;
  locale = lang;
  timezone = zone;
  document.documentElement.lang = lang;
}
/** A text by its key; `{ $name }` placeholders filled from `vars`. */
export const t = (key, vars = {}) =>
  (texts[key] ?? key).replace(/\{ *\$(\w+) *\}/g, (_, name) => String(vars[name] ?? ""));

// As the chat writes money ("3 500 ₽", "3,500 ₽"): Intl's RUB reads "RUB 3,500.00" in English.
export const money = (amount) =>
  amount === undefined || amount === null
    ? t("ma-none")
    : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount)} ₽`;

export const date = (ms) =>
  ms
    ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: timezone }).format(
        new Date(ms),
      )
    : t("ma-none");

let ids = 0;
/** A fresh id for a control and its label. */
export const uid = (name) => `${name}-${++ids}`;

/** A label tied to its control (`id`); `error` shown under it and announced. */
export function Field({ id, label, error, hint, children }) {
  return html`<div class=${`field${error ? " invalid" : ""}`}>
    <label for=${id}>${label}</label>
    ${children}
    ${hint && !error ? html`<small class="hint">${hint}</small>` : null}
    ${error ? html`<small class="error" role="alert">${error}</small>` : null}
  </div>`;
}

export function Notice({ kind, children }) {
  return children ? html`<p class=${`notice ${kind ?? ""}`} role="status">${children}</p>` : null;
}
