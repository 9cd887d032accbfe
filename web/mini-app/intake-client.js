// The intake's client: a search as you type over the bot's copy of the CRM (no request to the CRM;
// where that copy does not hold every client, a button asks the CRM itself, one request), or a new
// client (name, phone, the default client type's required fields).

import { get } from "./api.js";
import { Field, html, t, uid } from "./fields.js";
import { CustomField } from "./intake-fields.js";
import { useEffect, useMemo, useState } from "./vendor/hooks.mjs";

const WAIT_MS = 200;

export function ClientPicker({ value, onChange, errors, fields }) {
  const ids = useMemo(
    () => ({ q: uid("client-q"), name: uid("client-name"), phone: uid("client-phone") }),
    [],
  );
  const [query, setQuery] = useState("");
  const [found, setFound] = useState();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const text = query.trim();
    if (text.length < 2) {
      setFound(undefined);
      return;
    }
    let stale = false;
    const timer = setTimeout(() => {
      get(`clients?q=${encodeURIComponent(text)}`)
        .then((answer) => !stale && setFound(answer))
        .catch(() => !stale && setFound(undefined));
    }, WAIT_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [query]);

  const searchCrm = () => {
    setFailed(false);
    get(`clients?q=${encodeURIComponent(query.trim())}&full=1`)
      .then(setFound)
      .catch(() => setFailed(true));
  };
  const asNew = () =>
    onChange({
      kind: "new",
      name: /\d/.test(query) ? "" : query.trim(),
      phone: /\d/.test(query) ? query.trim() : "",
      fields: {},
    });
  const set = (patch) => onChange({ ...value, ...patch });

  if (value?.kind === "existing")
    return html`<div class="picked" data-testid="client-picked">
      <b>${value.name}</b>${value.phone ? html` <span class="hint">${value.phone}</span>` : null}
      <button type="button" class="link" onClick=${() => onChange(undefined)}>${t("ma-client-change")}</button>
    </div>`;

  if (value?.kind === "new")
    return html`<div class="form">
      <${Field} id=${ids.name} label=${t("ma-client-name")} error=${errors["client.name"]}>
        <input id=${ids.name} value=${value.name} maxlength="150" autocomplete="off"
          onInput=${(e) => set({ name: e.currentTarget.value })} />
      <//>
      <${Field} id=${ids.phone} label=${t("ma-client-phone")} error=${errors["client.phone"]}>
        <input id=${ids.phone} type="tel" inputmode="tel" value=${value.phone} autocomplete="off"
          onInput=${(e) => set({ phone: e.currentTarget.value })} />
      <//>
      ${fields.map(
        (def) => html`<${CustomField}
          key=${def.id}
          def=${def}
          value=${value.fields[def.id]}
          error=${errors[`client.field.${def.id}`]}
          onChange=${(v) => set({ fields: { ...value.fields, [def.id]: v } })}
        />`,
      )}
      <button type="button" class="link" onClick=${() => onChange(undefined)}>${t("ma-client-change")}</button>
    </div>`;

  return html`<div class="client-search">
    <${Field} id=${ids.q} label=${t("ma-client-search")} error=${errors.client ?? (failed ? t("ma-error") : undefined)}>
      <input id=${ids.q} type="search" value=${query} autocomplete="off"
        onInput=${(e) => setQuery(e.currentTarget.value)} />
    <//>
    ${
      found
        ? html`<p class="hint" role="status">
            ${found.clients.length > 0 ? t("ma-client-found", { total: found.total }) : t("ma-client-none")}
          </p>
          <ul class="suggestions">
            ${found.clients.map(
              (c) => html`<li key=${c.id}>
                <button type="button" onClick=${() => onChange({ kind: "existing", ...c })}>
                  ${c.name}${c.phone ? html` <span class="hint">${c.phone}</span>` : null}
                </button>
              </li>`,
            )}
          </ul>
          ${
            found.complete
              ? null
              : html`<button type="button" class="link" onClick=${searchCrm}>${t("ma-client-search-crm")}</button>`
          }`
        : null
    }
    <button type="button" onClick=${asNew}>${t("ma-client-new")}</button>
  </div>`;
}
