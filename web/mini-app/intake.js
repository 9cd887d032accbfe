// The intake on one screen: everything the chat's /new asks, in one form. Its lists come from the
// bot's reference cache (GET api/intake-options: no request to the CRM once warm), the client is
// searched in the bot's copy as you type, and ✅ Create (Telegram's Main button, or the button at the
// end) sends the draft with one idempotency key kept until it lands: a double tap or a retry after a
// lost answer creates one order. The server checks again by the chat's rules and says per field.

import { get, newKey, post } from "./api.js";
import { Field, html, Notice, t, uid } from "./fields.js";
import { ClientPicker } from "./intake-client.js";
import { CustomField, checkForm, dayAfter, QUICK_DAYS, today } from "./intake-fields.js";
import { useMainButton, useSubmission } from "./submission.js";
import { haptic } from "./telegram.js";
import { useEffect, useMemo, useState } from "./vendor/hooks.mjs";

const DEVICE_KEYS = ["typeDevice", "brand", "model", "sn", "color"];

function emptyForm(options) {
  const { employeeId } = options.defaults;
  // The last workshop, else the one of the employee linked with /me (as ask-shop.ts), else the first.
  const shop =
    options.shops.find((s) => s.id === options.defaults.shopId) ??
    options.shops.find((s) => [...s.masters, ...s.managers].some((p) => p.id === employeeId)) ??
    options.shops[0];
  const type = options.types.find((x) => x.id === options.defaults.typeId) ?? options.types[0];
  // The clerk linked with /me is the manager when the workshop lists them (as the chat's intake).
  const manager = shop?.managers.find((m) => m.id === options.defaults.employeeId);
  return {
    shopId: shop?.id ?? "",
    typeId: type?.id ?? "",
    client: undefined,
    device: {
      typeDevice: "",
      brand: "",
      model: "",
      sn: "",
      color: "",
      problem: "",
      completeSet: "",
      appearance: "",
    },
    price: "",
    deadline: "",
    urgent: false,
    masterId: "",
    managerId: manager?.id ?? "",
    sourceId: "",
    fields: {},
    prepayment: { registerId: "", money: "", bank: "" },
  };
}

/** The draft as the server reads it (intake-draft.ts). */
function draftOf(form) {
  const client =
    form.client?.kind === "existing"
      ? { id: form.client.id, name: form.client.name }
      : form.client && { name: form.client.name, phone: form.client.phone, fields: form.client.fields };
  const pay = form.prepayment;
  return {
    ...form,
    client,
    prepayment: pay.registerId && (pay.money || pay.bank) ? pay : undefined,
  };
}

export function Intake({ me, onCreated }) {
  const [options, setOptions] = useState();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    get("intake-options")
      .then(setOptions)
      .catch(() => setFailed(true));
  }, []);
  if (failed) return html`<${Notice} kind="error">${t("ma-options-failed")}<//>`;
  if (!options) return html`<p class="loading">${t("ma-loading")}</p>`;
  return html`<${IntakeForm} options=${options} me=${me} onCreated=${onCreated} />`;
}

function IntakeForm({ options, me, onCreated }) {
  const ids = useMemo(() => {
    const names = [
      "shop",
      "type",
      "faults",
      "set",
      "look",
      "price",
      "deadline",
      "urgent",
      "master",
      "manager",
      "source",
      "reg",
      "cash",
      "bank",
      "devices",
    ];
    return Object.fromEntries([...names, ...DEVICE_KEYS].map((n) => [n, uid(`in-${n}`)]));
  }, []);
  const [form, setForm] = useState(() => emptyForm(options));
  const [errors, setErrors] = useState({});
  const [key, setKey] = useState(newKey);
  const [outcome, setOutcome] = useState();
  const shop = options.shops.find((s) => s.id === form.shopId) ?? options.shops[0];
  const type = options.types.find((x) => x.id === form.typeId);
  const register = shop?.registers.find((r) => r.id === form.prepayment.registerId);
  const set = (patch) => setForm((f) => ({ ...f, ...patch }));
  const setDevice = (name) => (e) =>
    setForm((f) => ({ ...f, device: { ...f.device, [name]: e.currentTarget.value } }));
  const setPay = (name) => (e) =>
    setForm((f) => ({ ...f, prepayment: { ...f.prepayment, [name]: e.currentTarget.value } }));
  const value = (name) => (e) => set({ [name]: e.currentTarget.value });
  const done = outcome?.kind === "ok";
  // ✅ Create: the page checks first (nothing sent while a field is wrong), then one create per key.
  const [submit, sending] = useSubmission(async () => {
    if (done) return;
    const found = checkForm(form, type, options.client.fields, t);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setOutcome({ kind: "error", text: t("ma-fix-fields") });
      haptic("error");
      return;
    }
    setOutcome({ kind: "", text: t("ma-creating") });
    try {
      const answer = await post("intake", { key, draft: draftOf(form) });
      if (answer.ok) {
        haptic("success");
        setOutcome({ kind: "ok", text: t("ma-created-ok", { number: answer.number }), id: answer.id });
      } else if (answer.outcome === "invalid") {
        setErrors(answer.errors);
        setOutcome({ kind: "error", text: answer.errors.form ?? t("ma-fix-fields") });
      } else
        setOutcome({
          kind: "error",
          text: answer.outcome === "unknown" ? t("ma-intake-unknown") : answer.message,
        });
    } catch {
      // No answer: the same key goes again, so the bot checks before creating twice.
      setOutcome({ kind: "error", text: t("ma-intake-unknown") });
    }
  });

  function again() {
    setForm(emptyForm(options));
    setErrors({});
    setOutcome(undefined);
    setKey(newKey());
  }

  useMainButton(done ? undefined : t("ma-create"), submit, sending);

  const text = (
    name,
    label,
    max = 100,
  ) => html`<${Field} id=${ids[name]} label=${label} error=${errors[`device.${name}`]}>
    <input id=${ids[name]} value=${form.device[name]} maxlength=${max} autocomplete="off"
      list=${name === "typeDevice" ? ids.devices : undefined} onInput=${setDevice(name)} />
  <//>`;
  const area = (name, id, label, max) => html`<${Field} id=${id} label=${label} hint=${t("ma-problem-hint")}
    error=${errors[`device.${name}`]}>
    <textarea id=${id} rows="2" maxlength=${max} value=${form.device[name]} onInput=${setDevice(name)}></textarea>
  <//>`;
  const people = (
    name,
    list,
    label,
    none = t("ma-nobody"),
  ) => html`<${Field} id=${ids[name]} label=${label} error=${errors[name]}>
    <select id=${ids[name]} value=${form[`${name}Id`]} onChange=${value(`${name}Id`)}>
      <option value="">${none}</option>
      ${list.map((p) => html`<option value=${p.id}>${p.name}</option>`)}
    </select>
  <//>`;

  return html`<form class="intake" onSubmit=${submit} novalidate>
    <header class="bar"><h1>${t("ma-intake")}</h1></header>
    <section class="panel form">
      ${
        options.shops.length > 1
          ? html`<${Field} id=${ids.shop} label=${t("ma-shop")} error=${errors.shop}>
            <select id=${ids.shop} value=${form.shopId}
              onChange=${(e) => set({ shopId: e.currentTarget.value, masterId: "", managerId: "", prepayment: { registerId: "", money: "", bank: "" } })}>
              ${options.shops.map((s) => html`<option value=${s.id}>${s.name}</option>`)}
            </select>
          <//>`
          : null
      }
      <${Field} id=${ids.type} label=${t("ma-type")} error=${errors.type}>
        <select id=${ids.type} value=${form.typeId} onChange=${(e) => set({ typeId: e.currentTarget.value, fields: {} })}>
          ${options.types.map((x) => html`<option value=${x.id}>${x.name}</option>`)}
        </select>
      <//>
    </section>
    <section class="panel" aria-labelledby=${`${ids.type}-client`}>
      <h2 id=${`${ids.type}-client`}>${t("ma-client")}</h2>
      <${ClientPicker} value=${form.client} onChange=${(client) => set({ client })} errors=${errors}
        fields=${options.client.fields} />
    </section>
    <section class="panel form" aria-labelledby=${`${ids.type}-device`}>
      <h2 id=${`${ids.type}-device`} class="wide">${t("ma-device")}</h2>
      ${text("typeDevice", t("ma-device-type"))}
      <datalist id=${ids.devices}>${options.devices.map((d) => html`<option value=${d} />`)}</datalist>
      ${text("brand", t("ma-brand"))} ${text("model", t("ma-model"))} ${text("sn", t("ma-sn"))}
      ${area("problem", ids.faults, t("ma-problem"), 1000)}
      ${area("completeSet", ids.set, t("ma-complete-set"), 500)}
      ${area("appearance", ids.look, t("ma-appearance"), 500)}
      ${text("color", t("ma-color"))}
    </section>
    <section class="panel form">
      <${Field} id=${ids.price} label=${t("ma-estimate")} error=${errors.price}>
        <input id=${ids.price} inputmode="decimal" value=${form.price} onInput=${value("price")} />
      <//>
      <${Field} id=${ids.deadline} label=${t("ma-deadline")} error=${errors.deadline}>
        <input id=${ids.deadline} type="date" min=${today(me.timezone, options.now)} value=${form.deadline}
          onInput=${value("deadline")} />
        <span class="quick">
          ${QUICK_DAYS.map((days) => {
            const day = dayAfter(me.timezone, options.now, days);
            return html`<button type="button" class="chip" aria-pressed=${form.deadline === day}
              onClick=${() => set({ deadline: day })}>${t("ma-in-days", { days })}</button>`;
          })}
        </span>
      <//>
      ${people("master", shop?.masters ?? [], t("ma-master"))}
      ${people("manager", shop?.managers ?? [], t("ma-manager"))}
      ${options.sources.length > 0 ? people("source", options.sources, t("ma-source"), t("ma-none")) : null}
      <div class="field check">
        <label for=${ids.urgent}>
          <input id=${ids.urgent} type="checkbox" checked=${form.urgent} onChange=${(e) => set({ urgent: e.currentTarget.checked })} />
          ${t("ma-urgent-order")}
        </label>
      </div>
    </section>
    ${
      type?.fields.length > 0
        ? html`<section class="panel form" aria-labelledby=${`${ids.type}-fields`}>
          <h2 id=${`${ids.type}-fields`} class="wide">${t("ma-order-fields")}</h2>
          ${type.fields.map(
            (def) => html`<${CustomField} key=${def.id} def=${def} value=${form.fields[def.id]}
              error=${errors[`field.${def.id}`]} onChange=${(v) => set({ fields: { ...form.fields, [def.id]: v } })} />`,
          )}
        </section>`
        : null
    }
    ${
      shop?.registers.length > 0
        ? html`<fieldset class="panel form">
          <legend>${t("ma-prepayment")}</legend>
          <${Field} id=${ids.reg} label=${t("ma-register")} error=${errors["prepayment.register"]}>
            <select id=${ids.reg} value=${form.prepayment.registerId} onChange=${setPay("registerId")}>
              <option value="">${t("ma-no-prepayment")}</option>
              ${shop.registers.map((r) => html`<option value=${r.id}>${r.name}</option>`)}
            </select>
          <//>
          ${
            register?.cash
              ? html`<${Field} id=${ids.cash} label=${t("ma-cash")} error=${errors["prepayment.money"]}>
                <input id=${ids.cash} inputmode="decimal" value=${form.prepayment.money} onInput=${setPay("money")} />
              <//>`
              : null
          }
          ${
            register?.bank
              ? html`<${Field} id=${ids.bank} label=${t("ma-bank")} error=${errors["prepayment.bank"]}>
                <input id=${ids.bank} inputmode="decimal" value=${form.prepayment.bank} onInput=${setPay("bank")} />
              <//>`
              : null
          }
        </fieldset>`
        : null
    }
    <div class="actions">
      ${
        done
          ? html`<button type="button" class="primary" onClick=${() => onCreated(outcome.id)}>${t("ma-open-order")}</button>
            <button type="button" onClick=${again}>${t("ma-new-intake")}</button>`
          : html`<button class="primary" type="submit" disabled=${sending}>${t("ma-create")}</button>`
      }
    </div>
    <div data-testid="intake-outcome"><${Notice} kind=${outcome?.kind}>${outcome?.text}<//></div>
  </form>`;
}
