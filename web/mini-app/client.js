// A client's own orders (filled in by the client step).
import { html, t } from "./fields.js";

export function ClientPage() {
  return html`<p>${t("ma-my-orders")}</p>`;
}
