// The board: open orders in columns by status group and status with counts (ready first), filters
// (mine, workshop, overdue, stuck) applied here, and a search over the bot's copy (no request to the CRM).

import { get } from "./api.js";
import { date, html, money, Notice, t, uid } from "./fields.js";
import { useMainButton } from "./submission.js";
import { useEffect, useMemo, useState } from "./vendor/hooks.mjs";

const FILTERS = ["mine", "overdue", "stuck"];

export function Board({ onOpen, onNew }) {
  const [board, setBoard] = useState();
  const [error, setError] = useState();
  const [filters, setFilters] = useState({ mine: false, overdue: false, stuck: false, shop: "" });
  const [query, setQuery] = useState("");
  const [found, setFound] = useState();
  const ids = useMemo(() => ({ search: uid("search"), shop: uid("shop") }), []);

  useEffect(() => {
    get("board")
      .then(setBoard)
      .catch((e) => setError(e.status === 503 ? "ma-no-mirror" : "ma-error"));
  }, []);
  useMainButton(onNew ? t("ma-intake") : undefined, onNew);
  useEffect(() => {
    const text = query.trim();
    if (text.length < 2) {
      setFound(undefined);
      return;
    }
    const timer = setTimeout(() => {
      get(`search?q=${encodeURIComponent(text)}`)
        .then((answer) => setFound(answer.orders))
        .catch(() => setFound([]));
    }, 250);
    return () => clearTimeout(timer);
  }, [query]);

  if (error) return html`<${Notice} kind="error">${t(error)}<//>`;
  if (!board) return html`<p class="loading">${t("ma-loading")}</p>`;

  const keep = (card) =>
    (!filters.mine || card.mine) &&
    (!filters.overdue || card.overdue) &&
    (!filters.stuck || card.stuck) &&
    (!filters.shop || card.shopId === filters.shop);
  const columns = board.columns
    .map((column) => {
      const statuses = column.statuses
        .map((s) => ({ ...s, orders: s.orders.filter(keep) }))
        .map((s) => ({ ...s, shown: s.orders.length }))
        .filter((s) => s.shown > 0);
      return { ...column, statuses, shown: statuses.reduce((sum, s) => sum + s.shown, 0) };
    })
    .filter((column) => column.shown > 0);
  const total = columns.reduce((sum, c) => sum + c.shown, 0);
  const toggle = (name) => setFilters((f) => ({ ...f, [name]: !f[name] }));

  return html`<section class="board">
    <header class="bar">
      <h1>${t("ma-board")} <span class="count" data-testid="total">${total}</span></h1>
      ${onNew ? html`<button class="primary" type="button" onClick=${onNew}>${t("ma-intake")}</button>` : null}
    </header>
    <div class="search">
      <label for=${ids.search} class="visually-hidden">${t("ma-search")}</label>
      <input
        id=${ids.search}
        type="search"
        placeholder=${t("ma-search-hint")}
        value=${query}
        onInput=${(e) => setQuery(e.currentTarget.value)}
      />
    </div>
    <div class="filters" role="group" aria-label=${t("ma-filters")}>
      ${FILTERS.map(
        (name) =>
          html`<button
            type="button"
            class="chip"
            aria-pressed=${filters[name] ? "true" : "false"}
            disabled=${name === "mine" && !board.employee}
            title=${name === "mine" && !board.employee ? t("ma-mine-needs-me") : undefined}
            onClick=${() => toggle(name)}
          >
            ${t(`ma-filter-${name}`)}
          </button>`,
      )}
      ${
        board.shops.length > 1
          ? html`<label for=${ids.shop} class="visually-hidden">${t("ma-filter-shop")}</label>
            <select
              id=${ids.shop}
              value=${filters.shop}
              onChange=${(e) => setFilters((f) => ({ ...f, shop: e.currentTarget.value }))}
            >
              <option value="">${t("ma-all-shops")}</option>
              ${board.shops.map((s) => html`<option value=${s.id}>${s.name}</option>`)}
            </select>`
          : null
      }
    </div>
    ${
      found
        ? html`<section class="results" aria-label=${t("ma-search")}>
          ${found.length === 0 ? html`<p class="hint">${t("ma-search-none")}</p>` : null}
          <ul class="cards">
            ${found.map((card) => html`<${Card} card=${card} onOpen=${onOpen} key=${card.id} />`)}
          </ul>
        </section>`
        : html`<div class="columns">
          ${columns.map(
            (column) => html`<section class="column" data-group=${column.group} key=${column.group}>
              <h2>${t(`ma-group-${column.group}`)} <span class="count">${column.shown}</span></h2>
              ${column.statuses.map(
                (status) => html`<details open key=${status.id} class="status">
                  <summary>
                    <span>${status.name}</span> <span class="count" data-status=${status.id}>${status.shown}</span>
                  </summary>
                  <ul class="cards">
                    ${status.orders.map((card) => html`<${Card} card=${card} onOpen=${onOpen} key=${card.id} />`)}
                  </ul>
                </details>`,
              )}
            </section>`,
          )}
        </div>`
    }
  </section>`;
}

function Card({ card, onOpen }) {
  return html`<li>
    <button type="button" class="card" onClick=${() => onOpen(card.id)}>
      <span class="card-head">
        <b>${card.number}</b>
        ${card.urgent ? html`<span class="tag urgent">${t("ma-urgent")}</span>` : null}
        ${card.overdue ? html`<span class="tag overdue">${t("ma-overdue")}</span>` : null}
        ${card.stuck ? html`<span class="tag stuck">${t("ma-stuck")}</span>` : null}
      </span>
      <span class="card-line">${card.device ?? t("ma-none")}</span>
      <span class="card-line hint">${card.client ?? ""}</span>
      <span class="card-meta hint">
        ${card.deadline ? html`<span>${date(card.deadline)}</span>` : null}
        ${card.due ? html`<span>${t("ma-due")} ${money(card.due)}</span>` : null}
      </span>
    </button>
  </li>`;
}
