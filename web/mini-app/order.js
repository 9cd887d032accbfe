// One order and its actions: a status change with the money taken on entering it (what is due comes
// from the bot's one money model) and a comment. Each form keeps one idempotency key until it lands:
// a double tap or a retry after a lost answer is one request.

import { get, newKey, post } from "./api.js";
import { date, Field, html, money, Notice, t, uid } from "./fields.js";
import { useMainButton, useSubmission } from "./submission.js";
import { haptic } from "./telegram.js";
import { useEffect, useMemo, useState } from "./vendor/hooks.mjs";

export function OrderView({ id, me }) {
  const [data, setData] = useState();
  const [error, setError] = useState();
  const [refreshing, setRefreshing] = useState(false);
  useEffect(() => {
    get(`order?id=${encodeURIComponent(id)}`)
      .then(setData)
      .catch(() => setError("ma-error"));
  }, [id]);
  // 🔄: the full record (the verdict, the comments): the bot's copy may be a list's record (one request).
  const refresh = () => {
    setRefreshing(true);
    get(`order?id=${encodeURIComponent(id)}&refresh=1`)
      .then(setData)
      .catch(() => setError("ma-error"))
      .finally(() => setRefreshing(false));
  };
  if (error) return html`<${Notice} kind="error">${t(error)}<//>`;
  if (!data) return html`<p class="loading">${t("ma-loading")}</p>`;
  const { order } = data;
  const update = (next) => setData((d) => ({ ...d, order: next }));
  const rows = [
    ["ma-status", order.status?.name],
    ["ma-client", order.client],
    ["ma-phones", order.phones.join(", ")],
    ["ma-device", order.device],
    ["ma-sn", order.sn],
    ["ma-problem", order.problem.join("; ")],
    ["ma-complete-set", order.completeSet.join("; ")],
    ["ma-appearance", order.appearance.join("; ")],
    ["ma-master", order.master],
    ["ma-manager", order.manager],
    ["ma-deadline", order.deadline ? date(order.deadline) : undefined],
    ["ma-created", order.created ? date(order.created) : undefined],
    ["ma-verdict", order.verdict],
  ].filter(([, value]) => value);
  const m = order.money;
  return html`<section class="order">
    <header class="bar">
      <h1>${t("ma-order")} ${order.number}</h1>
      <button type="button" disabled=${refreshing} onClick=${refresh}>${t("ma-refresh")}</button>
    </header>
    <div class="order-facts">
    <dl class="facts">
      ${rows.map(([key, value]) => html`<dt>${t(key)}</dt><dd>${value}</dd>`)}
      <dt>${t("ma-price")}</dt>
      <dd data-testid="price">
        ${m.price === undefined ? t("ma-no-price") : money(m.price)}
        ${m.byEstimate ? html` <small class="hint">(${t("ma-by-estimate")})</small>` : null}
      </dd>
      <dt>${t("ma-paid")}</dt><dd>${money(m.paid)}</dd>
      ${m.due > 0 ? html`<dt>${t("ma-due")}</dt><dd data-testid="due"><b>${money(m.due)}</b></dd>` : null}
      ${m.overpaid > 0 ? html`<dt>${t("ma-overpaid")}</dt><dd>${money(m.overpaid)}</dd>` : null}
    </dl>
    ${data.photos > 0 ? html`<${PhotosButton} order=${order} count=${data.photos} />` : null}
    ${
      order.comments.length > 0
        ? html`<h2>${t("ma-comments")}</h2>
          <ul class="comments">
            ${order.comments.map((c) => html`<li>${c}</li>`)}
          </ul>`
        : null
    }
    </div>
    <div class="order-actions">
    ${
      me.writes
        ? html`<${StatusForm} data=${data} onDone=${update} /><${CommentForm} order=${order} onDone=${update} />`
        : html`<p class="hint">${t("ma-read-only")}</p>`
    }
    </div>
  </section>`;
}

function StatusForm({ data, onDone }) {
  const { order, statuses, registers } = data;
  const ids = useMemo(
    () => ({ status: uid("status"), reg: uid("reg"), cash: uid("cash"), bank: uid("bank") }),
    [],
  );
  const [statusId, setStatusId] = useState("");
  const [registerId, setRegisterId] = useState(registers[0]?.id ?? "");
  const [cash, setCash] = useState("");
  const [bank, setBank] = useState("");
  const [key, setKey] = useState(newKey);
  const [outcome, setOutcome] = useState();
  const target = statuses.find((s) => s.id === statusId);
  const paying = target && target.pay !== false && registers.length > 0;
  const bad = (v) => v !== "" && !/^\d{1,9}([.,]\d{1,2})?$/.test(v.trim());

  const [submit, sending] = useSubmission(async () => {
    if (!target || bad(cash) || bad(bank)) return;
    setOutcome(undefined);
    const payment =
      paying && (cash || bank)
        ? { registerId, money: cash || undefined, bank: bank || undefined }
        : undefined;
    try {
      const answer = await post("status", { key, orderId: order.id, statusId, payment });
      if (answer.ok) {
        haptic("success");
        onDone(answer.order);
        setOutcome({ kind: "ok", text: t("ma-done-status") });
        setKey(newKey());
        setStatusId("");
        setCash("");
        setBank("");
      } else
        setOutcome({ kind: "error", text: answer.outcome === "unknown" ? t("ma-unknown") : answer.message });
    } catch {
      // No answer: the same key goes again, so the bot checks before sending twice.
      setOutcome({ kind: "error", text: t("ma-unknown") });
    }
  });
  useMainButton(target ? t("ma-save-status") : undefined, submit, sending);

  return html`<form class="panel" onSubmit=${submit} aria-labelledby=${`${ids.status}-h`}>
    <h2 id=${`${ids.status}-h`}>${t("ma-change-status")}</h2>
    <${Field} id=${ids.status} label=${t("ma-new-status")}>
      <select id=${ids.status} value=${statusId} onChange=${(e) => setStatusId(e.currentTarget.value)}>
        <option value="">${t("ma-none")}</option>
        ${statuses.filter((s) => s.id !== order.status?.id).map((s) => html`<option value=${s.id}>${s.name}</option>`)}
      </select>
    <//>
    ${
      paying
        ? html`<fieldset>
          <legend>${target.pay ? t("ma-pay-required") : t("ma-prepayment")}</legend>
          <${Field} id=${ids.reg} label=${t("ma-register")}>
            <select id=${ids.reg} value=${registerId} onChange=${(e) => setRegisterId(e.currentTarget.value)}>
              ${registers.map((r) => html`<option value=${r.id}>${r.name}</option>`)}
            </select>
          <//>
          <div class="row">
            <${Field} id=${ids.cash} label=${t("ma-cash")} error=${bad(cash) ? t("ma-amount-bad") : undefined}>
              <input id=${ids.cash} inputmode="decimal" value=${cash} onInput=${(e) => setCash(e.currentTarget.value)} />
            <//>
            <${Field} id=${ids.bank} label=${t("ma-bank")} error=${bad(bank) ? t("ma-amount-bad") : undefined}>
              <input id=${ids.bank} inputmode="decimal" value=${bank} onInput=${(e) => setBank(e.currentTarget.value)} />
            <//>
          </div>
          ${
            order.money.due > 0
              ? html`<button type="button" class="link" onClick=${() => setCash(String(order.money.due))}>
                ${t("ma-pay-due")}: ${money(order.money.due)}
              </button>`
              : null
          }
        </fieldset>`
        : null
    }
    <button class="primary" type="submit" disabled=${!target || sending}>${t("ma-save-status")}</button>
    <${Notice} kind=${outcome?.kind}>${outcome?.text}<//>
  </form>`;
}

function CommentForm({ order, onDone }) {
  const id = useMemo(() => uid("comment"), []);
  const [text, setText] = useState("");
  const [key, setKey] = useState(newKey);
  const [outcome, setOutcome] = useState();
  const [submit, sending] = useSubmission(async () => {
    if (!text.trim()) return;
    try {
      const answer = await post("comment", { key, orderId: order.id, text });
      if (answer.ok) {
        onDone(answer.order);
        setText("");
        setKey(newKey());
        setOutcome({ kind: "ok", text: t("ma-done-comment") });
      } else setOutcome({ kind: "error", text: answer.message });
    } catch {
      setOutcome({ kind: "error", text: t("ma-unknown") });
    }
  });
  return html`<form class="panel" onSubmit=${submit}>
    <${Field} id=${id} label=${t("ma-comment")}>
      <textarea id=${id} rows="3" maxlength="1000" value=${text} onInput=${(e) => setText(e.currentTarget.value)}></textarea>
    <//>
    <button type="submit" disabled=${!text.trim() || sending}>${t("ma-add-comment")}</button>
    <${Notice} kind=${outcome?.kind}>${outcome?.text}<//>
  </form>`;
}

/** 📷: the order's photos are Telegram's files: they go to the user's chat, where Telegram shows them. */
function PhotosButton({ order, count }) {
  const [outcome, setOutcome] = useState();
  const [send, sending] = useSubmission(async () => {
    try {
      const answer = await post("photos", { orderId: order.id });
      setOutcome({ kind: answer.ok ? "ok" : "error", text: answer.message });
    } catch {
      setOutcome({ kind: "error", text: t("ma-error") });
    }
  });
  return html`<div class="photos">
    <button type="button" disabled=${sending} onClick=${send}>${t("ma-photos-send", { count })}</button>
    <${Notice} kind=${outcome?.kind}>${outcome?.text}<//>
  </div>`;
}
