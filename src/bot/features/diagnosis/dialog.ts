/**
 * 🩺 Diagnosis: a summary of the order's current values with one button per
 * field (fields.ts), each asked in one tap, and ✅ Save sending ONE PATCH with
 * all that changed, then the card. Opening it costs no request beyond reading
 * the order (none with the mirror holding it); saving costs one. The write is
 * in one place (`save`), for the order writer to take over.
 */
import type { Order } from "../../../service/index.ts";
import type { DialogContext } from "../../context.ts";
import {
  accept,
  ask,
  type Button,
  type Dialog,
  type DialogRun,
  reject,
  startRun,
} from "../../dialog-kit/ask.ts";
import { saveWithRetry } from "../../dialog-kit/save.ts";
import { localeOf } from "../../i18n.ts";
import { reviveOrder } from "../../orders/json.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import { asFull, type Full } from "../../writes/edit.ts";
import { orderWriter } from "../../writes/order-writer.ts";
import { askField, type Changes, FIELDS, type Field, fieldValue, merged, updateOf } from "./fields.ts";

export const DIAGNOSIS = "diagnosis";

const SAVE = "save";
const PER_ROW = 2;

export async function diagnosisDialog(dialog: Dialog, ctx: DialogContext, raw: unknown): Promise<void> {
  const order = asFull(reviveOrder(raw));
  const run = await startRun(dialog);
  let changes: Changes = {};
  for (;;) {
    const picked = await askSummary(run, ctx, order, changes);
    if (picked === SAVE) break;
    changes = await askField(run, ctx, picked, merged(order, changes), changes);
  }
  await save(run, ctx, order, changes);
}

async function askSummary(
  run: DialogRun,
  ctx: DialogContext,
  order: Full<Order>,
  changes: Changes,
): Promise<Field | typeof SAVE> {
  const locale = await localeOf(ctx);
  const now = merged(order, changes);
  const changed = new Set((updateOf(order, changes)?.keys ?? []).map(fieldOfKey));
  const lines = FIELDS.map(
    (field) =>
      `${changed.has(field) ? "✏️ " : ""}${ctx.t(`dx-field-${field}`)}: ${fieldValue(field, now, locale, ctx)}`,
  );
  const text = [
    ctx.t("dx-title", { order: escapeHtml(orderTitle(order)) }),
    "",
    ...lines,
    "",
    ctx.t("dx-hint"),
  ].join("\n");
  const buttons: Button[][] = [];
  FIELDS.forEach((field, index) => {
    if (index % PER_ROW === 0) buttons.push([]);
    buttons.at(-1)?.push({ text: ctx.t(`dx-btn-${field}`), value: field });
  });
  buttons.push([{ text: ctx.t(changed.size > 0 ? "dx-btn-save" : "dx-btn-close"), value: SAVE }]);
  return ask<Field | typeof SAVE>(run, ctx, {
    text,
    buttons,
    parse: (a) => {
      if (a.kind !== "button") return reject(a.ctx.t("dlg-use-buttons"));
      if (a.value === SAVE) return accept(SAVE);
      const field = FIELDS.find((f) => f === a.value);
      return field ? accept(field) : reject(a.ctx.t("dlg-use-buttons"));
    },
  });
}

/** The field a PATCH key belongs to (the summary marks changed fields). */
function fieldOfKey(key: string): Field {
  const map: Record<string, Field> = {
    recommendation: "verdict",
    approximatePrice: "price",
    deadline: "deadline",
    isUrgent: "urgent",
    problem: "faults",
    completeSet: "equipment",
    appearance: "appearance",
    typeDevice: "device",
    brand: "device",
    model: "device",
    sn: "serial",
  };
  return map[key] ?? "verdict";
}

/** ONE PATCH with all that changed (none when nothing did), then the card; a failure may be retried. */
async function save(run: DialogRun, ctx: DialogContext, order: Full<Order>, changes: Changes): Promise<void> {
  const fields = updateOf(order, changes);
  const title = escapeHtml(orderTitle(order));
  if (!fields) {
    await ctx.reply(ctx.t("dx-nothing", { order: title }));
    return;
  }
  // The writer sends it once, writes through only these fields and builds the card.
  const result = await saveWithRetry(run, ctx, () => orderWriter.change(run, order, { fields }, "diagnosis"));
  if (!result) return;
  await ctx.reply(`${ctx.t("dx-saved", { order: title })}\n\n${result.card.text}`, {
    reply_markup: { inline_keyboard: result.card.keyboard },
  });
}
