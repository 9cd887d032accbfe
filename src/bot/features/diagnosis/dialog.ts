/**
 * 🩺 Diagnosis: a summary of the order's values as the service holds them
 * (the full record, read at the press) with one button per field (fields.ts),
 * each asked in one tap, and ✅ Save sending ONE PATCH with only what changed
 * (an edit diffed against that record: writes/edit.ts; equipment and
 * appearance added to, not replaced), then the card. Opening costs the read
 * of the record (1 request); saving costs one.
 */
import type { Order } from "../../../service/index.ts";
import type { DialogContext } from "../../context.ts";
import { type Dialog, type DialogRun, startRun } from "../../dialog-kit/ask.ts";
import { askFieldSummary, SAVE } from "../../dialog-kit/field-summary.ts";
import { saveWithRetry } from "../../dialog-kit/save.ts";
import { localeOf } from "../../i18n.ts";
import { reviveOrder } from "../../orders/json.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import { asFull, type Full } from "../../writes/edit.ts";
import { orderWriter } from "../../writes/order-writer.ts";
import {
  askDiagnosisField,
  type Changes,
  FIELDS,
  type Field,
  fieldValue,
  merged,
  updateOf,
} from "./fields.ts";

export const DIAGNOSIS = "diagnosis";

export async function diagnosisDialog(dialog: Dialog, ctx: DialogContext, raw: unknown): Promise<void> {
  const order = asFull(reviveOrder(raw));
  const run = await startRun(dialog);
  let changes: Changes = {};
  for (;;) {
    const picked = await askSummary(run, ctx, order, changes);
    if (picked === SAVE) break;
    changes = await askDiagnosisField(run, ctx, picked, order, changes);
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
  return askFieldSummary(run, ctx, {
    title: ctx.t("dx-title", { order: escapeHtml(orderTitle(order)) }),
    hint: ctx.t("dx-hint"),
    fields: FIELDS.map((field) => ({
      key: field,
      label: ctx.t(`dx-field-${field}`),
      value: fieldValue(field, now, locale, ctx),
      changed: changed.has(field),
      button: ctx.t(`dx-btn-${field}`),
    })),
    save: ctx.t("dx-btn-save"),
    close: ctx.t("dx-btn-close"),
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
