/**
 * Custom fields of the order type's form: every required field is asked on
 * the main path and cannot be skipped; the optional ones are the group "other
 * fields": a list to fill any of them (again, to change an answer), or "Done".
 */
import type { CustomFieldDefinition } from "../../../service/index.ts";
import type { DialogContext } from "../../context.ts";
import { accept, ask, type DialogRun, indexButtons, pickIndex, reject } from "../../dialog-kit/ask.ts";
import { askCustomField, type FieldAnswer } from "../../dialog-kit/ask-custom-field.ts";
import { loadOrLeave } from "../../dialog-kit/service.ts";
import { type Named, nameOf } from "./draft.ts";

const DONE = "done";

function loadTypeFields(run: DialogRun, ctx: DialogContext, type: Named): Promise<CustomFieldDefinition[]> {
  return loadOrLeave(run, ctx, ({ reference }) => reference.orderTypeFields(type.id));
}

export async function askRequiredFields(
  run: DialogRun,
  ctx: DialogContext,
  type: Named,
): Promise<FieldAnswer[]> {
  const defs = await loadTypeFields(run, ctx, type);
  const answers: FieldAnswer[] = [];
  for (const def of defs.filter((d) => d.required)) {
    const answer = await askCustomField(run, ctx, def, { required: true });
    if (answer) answers.push(answer);
  }
  return answers;
}

/** The group "other fields": answers of the optional fields merged into `answers`. */
export async function askOptionalFields(
  run: DialogRun,
  ctx: DialogContext,
  type: Named,
  answers: FieldAnswer[],
): Promise<FieldAnswer[]> {
  const defs = await loadTypeFields(run, ctx, type);
  let result = [...answers];
  let offered = defs.filter((d) => !d.required);
  while (offered.length > 0) {
    const label = (def: CustomFieldDefinition) =>
      result.some((a) => a.id === def.id) ? `✓ ${nameOf(def)}` : nameOf(def);
    const picked = await ask<CustomFieldDefinition | typeof DONE>(run, ctx, {
      text: ctx.t("new-ask-optional-fields"),
      buttons: [...indexButtons(offered, label, 2), [{ text: ctx.t("dlg-btn-done"), value: DONE }]],
      parse: (a) => {
        if (a.kind !== "button") return reject(a.ctx.t("dlg-use-buttons"));
        if (a.value === DONE) return accept(DONE);
        const def = pickIndex(offered, a.value);
        return def ? accept(def) : reject(a.ctx.t("dlg-use-buttons"));
      },
    });
    if (picked === DONE) break;
    const answer = await askCustomField(run, ctx, picked, { required: false });
    if (answer) result = [...result.filter((a) => a.id !== picked.id), answer];
    offered = offered.filter((d) => d.id !== picked.id);
  }
  return result;
}
