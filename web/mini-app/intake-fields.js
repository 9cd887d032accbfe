// The intake form's small pieces: a custom field as its kind needs it, the page's own checks (the
// server checks again by the chat's rules, the phone by the shop's country), and today's date.

import { Field, html, uid } from "./fields.js";
import { useMemo } from "./vendor/hooks.mjs";

/** One custom field of its definition: text, number, date, yes/no or a choice of its items. */
export function CustomField({ def, value, error, onChange }) {
  const id = useMemo(() => uid(`f-${def.id}`), [def.id]);
  const input = (e) => onChange(e.currentTarget.value);
  if (def.kind === "boolean")
    return html`<div class="field check">
      <label for=${id}>
        <input id=${id} type="checkbox" checked=${value === true} onChange=${(e) => onChange(e.currentTarget.checked)} />
        ${def.name}
      </label>
    </div>`;
  let control;
  if (def.kind === "choice")
    control = html`<select id=${id} value=${value ?? ""} onChange=${input}>
      <option value="">—</option>
      ${def.items.map((item) => html`<option value=${item.id}>${item.name}</option>`)}
    </select>`;
  else if (def.kind === "date")
    control = html`<input id=${id} type="date" value=${value ?? ""} onInput=${input} />`;
  else
    control = html`<input id=${id} inputmode=${def.kind === "number" ? "decimal" : undefined}
      maxlength="500" value=${value ?? ""} onInput=${input} />`;
  return html`<${Field} id=${id} label=${def.name} error=${error}>${control}<//>`;
}

const NUMBER = /^-?\d+([.,]\d+)?$/;
const AMOUNT = /^\d{1,9}([.,]\d{1,2})?$/;
const amountBad = (v) => Boolean(v?.trim()) && !AMOUNT.test(v.replace(/[\s\u00a0]/g, ""));
const digits = (v) => (v ?? "").replace(/\D/g, "").length;

/** The page's checks before sending: what is missing or cannot be right; `t` gives the words. */
export function checkForm(form, type, clientFields, t) {
  const errors = {};
  const need = (path, ok) => {
    if (!ok) errors[path] = t("ma-required");
  };
  need("type", type);
  const client = form.client;
  if (!client) errors.client = t("ma-client-required");
  else if (client.kind === "new") {
    need("client.name", client.name.trim());
    if (client.name.trim() && /^[\d\s()+-]+$/.test(client.name.trim()))
      errors["client.name"] = t("ma-name-is-phone");
    if (client.phone.trim() && (digits(client.phone) < 10 || digits(client.phone) > 15))
      errors["client.phone"] = t("ma-phone-bad");
    for (const def of clientFields)
      if (def.kind !== "boolean") need(`client.field.${def.id}`, client.fields[def.id]);
  }
  need("device.typeDevice", form.device.typeDevice.trim());
  if (form.device.problem.trim().length < 2) errors["device.problem"] = t("ma-problem-short");
  if (amountBad(form.price)) errors.price = t("ma-amount-bad");
  for (const def of type?.fields ?? []) {
    const value = form.fields[def.id];
    if (def.kind !== "boolean") need(`field.${def.id}`, value);
    if (def.kind === "number" && value && !NUMBER.test(String(value).trim()))
      errors[`field.${def.id}`] = t("ma-number-bad");
  }
  if (form.prepayment.registerId) {
    if (amountBad(form.prepayment.money)) errors["prepayment.money"] = t("ma-amount-bad");
    if (amountBad(form.prepayment.bank)) errors["prepayment.bank"] = t("ma-amount-bad");
  }
  return errors;
}

/** The chat's quick deadlines: in 1, 2, 3 and 7 days. */
export const QUICK_DAYS = [1, 2, 3, 7];

/** The day `days` after today in the shop's time zone as an `<input type=date>` value (midday: no DST edge). */
export const dayAfter = (timezone, now, days) => today(timezone, now + days * 86_400_000);

/** Today in the shop's time zone as an `<input type=date>` value. */
export function today(timezone, now = Date.now()) {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: timezone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(now));
}
