// The Mini App: who the user is (GET api/me), then their screen: the board, an order, the intake form,
// or for a client their own orders. No router library: a small stack of screens the Back button pops.

import { get } from "./api.js";
import { Board } from "./board.js";
import { ClientPage } from "./client.js";
import { html, Notice, setTexts, t } from "./fields.js";
import { Intake } from "./intake.js";
import { OrderView } from "./order.js";
import { closeApp, ready, setBack, startParam, userLanguage } from "./telegram.js";
import { useEffect, useState } from "./vendor/hooks.mjs";
import { render } from "./vendor/preact.mjs";

function App() {
  const [me, setMe] = useState();
  const [failure, setFailure] = useState();
  const [stack, setStack] = useState([]);

  useEffect(() => {
    ready();
    // The texts of Telegram's language load beside the check of who the user is; api/me may name another.
    const guess = userLanguage();
    const guessed = loadTexts(guess);
    get("me")
      .then(async (answer) => {
        const texts = answer.locale === guess ? await guessed : await loadTexts(answer.locale);
        setTexts(texts, answer.locale, answer.timezone);
        document.title = t("ma-title");
        setMe(answer);
        if (startParam() === "new" && answer.writes) setStack([{ screen: "intake" }]);
      })
      .catch(async (error) => {
        setTexts(await guessed.catch(() => ({})), guess);
        // Not linked yet (CLIENTS=on): the way in is their contact, shared in the chat.
        const share = error.status === 403 && error.body?.share;
        setFailure(
          error.status === 401
            ? "ma-auth-failed"
            : share
              ? "ma-share-contact"
              : error.status === 403
                ? "ma-no-access"
                : "ma-error",
        );
      });
  }, []);

  const top = stack.at(-1);
  const open = (screen) => setStack((s) => [...s, screen]);
  const close = () => setStack((s) => s.slice(0, -1));
  useEffect(() => setBack(top ? close : undefined), [top]);

  if (failure === "ma-share-contact")
    return html`<section class="panel" data-testid="share">
      <p>${t(failure)}</p>
      <button type="button" class="primary" onClick=${closeApp}>${t("ma-to-chat")}</button>
    </section>`;
  if (failure) return html`<${Notice} kind="error">${t(failure)}<//>`;
  if (!me) return html`<p class="loading">…</p>`;
  if (me.role === "client") return html`<${ClientPage} me=${me} />`;
  if (top?.screen === "order")
    return html`<${OrderView} id=${top.id} me=${me} onBack=${close} key=${top.id} />`;
  if (top?.screen === "intake")
    return html`<${Intake} me=${me} onBack=${close} onCreated=${(id) => setStack([{ screen: "order", id }])} />`;
  return html`<${Board}
    me=${me}
    onOpen=${(id) => open({ screen: "order", id })}
    onNew=${me.writes ? () => open({ screen: "intake" }) : undefined}
  />`;
}

function loadTexts(locale) {
  return fetch(`texts.${locale}.json`).then((r) => r.json());
}

render(html`<${App} />`, document.getElementById("app"));
