// A client's own orders (CLIENTS=on), as their chat lists them: status, estimate, due, the deadline;
// ✅ / ❌ on an estimate (the chat's once-only answer), 💳 pay (the invoice goes into the chat), and a
// message to the shop (its inbox, as a message in the chat). The server sends nothing but their own.

import { get, newKey, post } from "./api.js";
import { date, Field, html, money, Notice, t, uid } from "./fields.js";
import { useMainButton, useSubmission } from "./submission.js";
import { haptic } from "./telegram.js";
import { useEffect, useMemo, useState } from "./vendor/hooks.mjs";

export function ClientPage({ me }) {
  const [data, setData] = useState();
  const [error, setError] = useState();
  useEffect(() => {
    get("mine")
      .then(setData)
      .catch(() => setError("ma-error"));
  }, []);
  if (error) return html`<${Notice} kind="error">${t(error)}<//>`;
  if (!data) return html`<p class="loading">${t("ma-loading")}</p>`;
  const replace = (next) =>
    setData((d) => ({ ...d, orders: d.orders.map((o) => (o.id === next.id ? next : o)) }));
  const open = data.orders.filter((o) => data.open.includes(o.id));
  return html`<section class="client">
    <header class="bar">
      <h1>${t("ma-my-orders")} <span class="count" data-testid="total">${data.orders.length}</span></h1>
    </header>
    <p class="hint">${t("ma-hello", { name: me.user.name })} ${data.hours}</p>
    ${data.orders.length === 0 ? html`<p class="hint">${t("ma-no-orders")}</p>` : null}
    <ul class="cards client-orders">
      ${data.orders.map((order) => html`<${ClientOrder} order=${order} onChange=${replace} key=${order.id} />`)}
    </ul>
    <${WriteForm} orders=${open} />
  </section>`;
}

function ClientOrder({ order, onChange }) {
  const headId = useMemo(() => uid("order"), []);
  // The answer's outcome outlives its buttons (an answered order asks no more).
  const [told, setTold] = useState();
  const rows = [
    ["ma-status", order.status],
    // An estimate to answer is shown with its buttons, once.
    [
      "ma-estimate-client",
      order.estimate !== undefined && !order.approval ? money(order.estimate) : undefined,
    ],
    ["ma-due", order.due === undefined ? undefined : order.due > 0 ? money(order.due) : t("ma-paid-full")],
    ["ma-deadline", order.deadline ? date(order.deadline) : undefined],
    ["ma-where", [order.shop?.name, order.shop?.address].filter(Boolean).join(", ") || undefined],
  ].filter(([, value]) => value);
  return html`<li>
    <article class="panel client-order" aria-labelledby=${headId} data-order=${order.id}>
      <h2 id=${headId}>${order.number} · ${order.device ?? t("ma-none")}</h2>
      <dl class="facts">
        ${rows.map(([key, value]) => html`<dt>${t(key)}</dt><dd data-fact=${key}>${value}</dd>`)}
        ${
          order.shop?.phone
            ? html`<dt>${t("ma-call")}</dt>
              <dd><a href=${`tel:${order.shop.phone.split(",")[0].replace(/[^\d+]/g, "")}`}>${order.shop.phone}</a></dd>`
            : null
        }
      </dl>
      ${order.approval ? html`<${Answer} order=${order} onChange=${onChange} onTold=${setTold} />` : null}
      <${Notice} kind=${told?.kind}>${told?.text}<//>
      ${order.pay ? html`<${Pay} order=${order} />` : null}
    </article>
  </li>`;
}

/** ✅ / ❌: ❌ asks once, as in the chat; a double tap sends one answer (the server keys it by the round). */
function Answer({ order, onChange, onTold }) {
  const { approval } = order;
  const [asking, setAsking] = useState(false);
  const setOutcome = onTold;
  const [answer, sending] = useSubmission(async (decision) => {
    setOutcome(undefined);
    try {
      const reply = await post("answer", {
        orderId: order.id,
        round: approval.round,
        s: approval.s,
        decision,
      });
      if (reply.ok) {
        haptic("success");
        setOutcome({ kind: "ok", text: t(reply.decision === "approved" ? "ma-approved" : "ma-declined") });
        onChange(reply.order);
      } else setOutcome({ kind: "error", text: reply.message });
    } catch {
      setOutcome({ kind: "error", text: t("ma-answer-unsure") });
    } finally {
      setAsking(false);
    }
  });
  return html`<div class="answer" role="group" aria-label=${t("ma-estimate-client")}>
    ${approval.verdict ? html`<p><b>${t("ma-verdict-client")}:</b> ${approval.verdict}</p>` : null}
    <p>${t("ma-estimate-client")}: <b data-testid="estimate">${money(approval.amount)}</b></p>
    ${asking ? html`<p class="hint">${t("ma-decline-ask")}</p>` : null}
    <div class="row buttons">
      ${
        asking
          ? html`<button type="button" class="danger" disabled=${sending} onClick=${() => answer("declined")}>
                ${t("ma-decline-yes")}
              </button>
              <button type="button" disabled=${sending} onClick=${() => setAsking(false)}>${t("ma-cancel")}</button>`
          : html`<button type="button" class="primary" disabled=${sending} onClick=${() => answer("approved")}>
                ${t("ma-approve")}
              </button>
              <button type="button" disabled=${sending} onClick=${() => setAsking(true)}>${t("ma-decline")}</button>`
      }
    </div>
  </div>`;
}

/** 💳: the invoice into the chat with the bot (features/payments), where Telegram takes the money. */
function Pay({ order }) {
  const [outcome, setOutcome] = useState();
  const [pay, sending] = useSubmission(async () => {
    try {
      const reply = await post("pay", { orderId: order.id });
      setOutcome({ kind: reply.ok ? "ok" : "error", text: reply.message });
    } catch {
      setOutcome({ kind: "error", text: t("ma-error") });
    }
  });
  const amount = money(order.pay.amount);
  return html`<div class="pay">
    <button type="button" class="primary" disabled=${sending} onClick=${pay}>
      ${t(order.pay.kind === "prepay" ? "ma-prepay" : "ma-pay", { amount })}
    </button>
    <${Notice} kind=${outcome?.kind}>${outcome?.text}<//>
  </div>`;
}

/** ✍️: the words to the shop's inbox, about one of the orders still in the shop or none. */
function WriteForm({ orders }) {
  const ids = useMemo(() => ({ text: uid("message"), about: uid("about") }), []);
  const [text, setText] = useState("");
  const [about, setAbout] = useState(orders.length === 1 ? orders[0].id : "");
  const [key, setKey] = useState(newKey);
  const [outcome, setOutcome] = useState();
  const [submit, sending] = useSubmission(async () => {
    if (!text.trim()) return;
    setOutcome(undefined);
    try {
      const reply = await post("write", { key, orderId: about || undefined, text });
      setOutcome({ kind: reply.ok ? "ok" : "error", text: reply.message });
      if (reply.ok) {
        setText("");
        setKey(newKey());
      }
    } catch (error) {
      setOutcome({ kind: "error", text: t(error.status === 429 ? "ma-too-fast" : "ma-error") });
    }
  });
  // Telegram's Main button sends, once there is something to send.
  useMainButton(text.trim() ? t("ma-send") : undefined, submit, sending);
  return html`<form class="panel" onSubmit=${submit} aria-labelledby=${`${ids.text}-h`}>
    <h2 id=${`${ids.text}-h`}>${t("ma-write-shop")}</h2>
    ${
      orders.length > 1
        ? html`<${Field} id=${ids.about} label=${t("ma-message-about")}>
          <select id=${ids.about} value=${about} onChange=${(e) => setAbout(e.currentTarget.value)}>
            <option value="">${t("ma-message-general")}</option>
            ${orders.map((o) => html`<option value=${o.id}>${o.number} · ${o.device ?? ""}</option>`)}
          </select>
        <//>`
        : null
    }
    <${Field} id=${ids.text} label=${t("ma-message")}>
      <textarea id=${ids.text} rows="3" maxlength="2000" value=${text} onInput=${(e) => setText(e.currentTarget.value)}></textarea>
    <//>
    <button type="submit" disabled=${!text.trim() || sending}>${t("ma-send")}</button>
    <${Notice} kind=${outcome?.kind}>${outcome?.text}<//>
  </form>`;
}
