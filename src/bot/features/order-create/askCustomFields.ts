/**
 * Step 7. Custom fields of the order type's form: every required field is
 * asked; the optional ones are offered as a list to fill any of them, or "Done".
 */
import type { CustomFieldDefinition } from "../../../service/index.ts";
import type { DialogContext } from "../../context.ts";
import { accept, ask, type DialogRun, indexButtons, pickIndex, reject } from "../../dialog-kit/ask.ts";
import { loadOrLeave } from "../../dialog-kit/service.ts";
import { askField } from "./askField.ts";
import { type FieldAnswer, type Named, nameOf } from "./draft.ts";

const DONE = "done";

export async function askCustomFields(
  run: DialogRun,
  ctx: DialogContext,
  type: Named,
): Promise<FieldAnswer[]> {
  const defs = await loadOrLeave(run, ctx, ({ reference }) => reference.orderTypeFields(type.id));
  const answers: FieldAnswer[] = [];
  for (const def of defs.filter((d) => d.required)) {
    const answer = await askField(run, ctx, def, { required: true });
    if (answer) answers.push(answer);
  }
  let optional = defs.filter((d) => !d.required);
  while (optional.length > 0) {
    const picked = await ask<CustomFieldDefinition | typeof DONE>(run, ctx, {
      text: ctx.t("new-ask-optional-fields"),
      buttons: [...indexButtons(optional, nameOf, 2), [{ text: ctx.t("dlg-btn-done"), value: DONE }]],
      parse: (a) => {
        if (a.kind !== "button") return reject(a.ctx.t("dlg-use-buttons"));
        if (a.value === DONE) return accept(DONE);
        const def = pickIndex(optional, a.value);
        return def ? accept(def) : reject(a.ctx.t("dlg-use-buttons"));
      },
    });
    if (picked === DONE) break;
    const answer = await askField(run, ctx, picked, { required: false });
    if (answer) answers.push(answer);
    optional = optional.filter((d) => d.id !== picked.id);
  }
  return answers;
}
