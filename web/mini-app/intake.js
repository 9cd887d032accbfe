// The intake on one screen (filled in by the intake step).
import { html, t } from "./fields.js";

export function Intake() {
  return html`<p>${t("ma-intake")}</p>`;
}
