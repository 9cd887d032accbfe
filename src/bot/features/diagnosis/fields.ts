/**
 * The fields of a diagnosis: what each one shows in the summary and how it is
 * asked: each is a call of dialog-kit's shared steps (free text, a money
 * amount, the deadline, yes/no, a list's change).
 */
import type { Locale } from "../../../config/index.ts";
import type { Order } from "../../../service/index.ts";
import type { DialogContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import { askDate } from "../../dialog-kit/ask-date.ts";
import { askListChange, combineListChanges, type ListChange, listAfter } from "../../dialog-kit/ask-list.ts";
import { askMoney } from "../../dialog-kit/ask-money.ts";
import { moneyNow, withCurrent } from "../../dialog-kit/keep.ts";
import { textLines } from "../../dialog-kit/parse.ts";
import { askText, askYesNo } from "../../dialog-kit/prompts.ts";
import { localeOf } from "../../i18n.ts";
import { approximateAmount } from "../../ui/card-workshop.ts";
import { formatDateTime } from "../../ui/dates.ts";
import { formatAmount } from "../../ui/money.ts";
import { cutText, escapeHtml } from "../../ui/text.ts";
import { diffEdits, type EditDiff, type FieldEdit, type Full } from "../../writes/edit.ts";

/** What a diagnosis may change: the fields of PATCH /orders/{id} it sends. */
export interface Changes {
  recommendation?: string;
  approximatePrice?: string;
  /** Unix ms. */
  deadline?: number;
  isUrgent?: boolean;
  problem?: string[];
  /** Added to the service's list, or replacing it (dialog-kit/ask-list.ts). */
  completeSet?: ListChange;
  appearance?: ListChange;
  typeDevice?: string;
  brand?: string;
  model?: string;
  sn?: string;
}

export const FIELDS = [
  "verdict",
  "price",
  "deadline",
  "urgent",
  "faults",
  "equipment",
  "appearance",
  "device",
  "serial",
] as const;
export type Field = (typeof FIELDS)[number];

const LONG = 1000;
const SHORT = 100;

/** The order as it will be: its record with the changes over it. */
export function merged(order: Order, changes: Changes): Order {
  return {
    ...order,
    ...changes,
    deadline: changes.deadline === undefined ? order.deadline : new Date(changes.deadline),
    completeSet: listAfter(order.completeSet ?? [], changes.completeSet),
    appearance: listAfter(order.appearance ?? [], changes.appearance),
  };
}

/** The summary's line of a field: its value now (HTML, escaped); "—" when empty. */
export function fieldValue(field: Field, order: Order, locale: Locale, ctx: DialogContext): string {
  const none = ctx.t("dlg-none");
  const text = (value: string | undefined) => (value?.trim() ? escapeHtml(cutText(value.trim(), 200)) : none);
  const list = (value: string[] | undefined) => text((value ?? []).join("; "));
  switch (field) {
    case "verdict":
      return text(order.recommendation);
    case "price": {
      const amount = approximateAmount(order);
      return amount === undefined ? none : ctx.t("money", { amount: formatAmount(amount, locale) });
    }
    case "deadline":
      return order.deadline ? formatDateTime(order.deadline, locale, ctx.services.config.timezone) : none;
    case "urgent":
      return ctx.t(order.isUrgent ? "dlg-yes" : "dlg-no");
    case "faults":
      return list(order.problem);
    case "equipment":
      return list(order.completeSet);
    case "appearance":
      return list(order.appearance);
    case "device":
      return text([order.typeDevice, order.brand, order.model].filter(Boolean).join(" "));
    case "serial":
      return text(order.sn);
  }
}

/** Asks one field; Skip keeps its value. Returns the changes with this field's answer. */
export async function askDiagnosisField(
  run: DialogRun,
  ctx: DialogContext,
  field: Field,
  base: Order,
  changes: Changes,
): Promise<Changes> {
  const now = merged(base, changes);
  const q = (key: string, current: string | undefined) => withCurrent(ctx, ctx.t(key), current);
  const typed = (key: string, current: string | undefined, limit: number) =>
    askText(run, ctx, { prompt: q(key, current), skippable: true, max: limit });
  switch (field) {
    case "verdict": {
      const value = await typed("dx-ask-verdict", now.recommendation, LONG);
      return value === undefined ? changes : { ...changes, recommendation: value };
    }
    case "price": {
      const value = await askMoney(run, ctx, {
        prompt: q("dx-ask-price", await moneyNow(ctx, approximateAmount(now))),
        skippable: true,
        unreadable: "price-bad-amount",
      });
      return value === undefined ? changes : { ...changes, approximatePrice: String(value) };
    }
    case "deadline": {
      const current = now.deadline?.getTime();
      const shown =
        current === undefined
          ? undefined
          : formatDateTime(new Date(current), await localeOf(ctx), ctx.services.config.timezone);
      const value = await askDate(run, ctx, {
        prompt: withCurrent(ctx, ctx.t("new-ask-deadline"), shown),
        quick: true,
        skippable: true,
        current,
      });
      return value === undefined || value === current ? changes : { ...changes, deadline: value };
    }
    case "urgent":
      return { ...changes, isUrgent: await askYesNo(run, ctx, { prompt: ctx.t("dx-ask-urgent") }) };
    case "faults": {
      const value = await typed("dx-ask-faults", now.problem?.join("\n"), LONG);
      return value === undefined ? changes : { ...changes, problem: textLines(value) };
    }
    case "equipment":
    case "appearance": {
      // Added to what the service holds (shown), unless the clerk chose to replace the list.
      const key = field === "equipment" ? "completeSet" : "appearance";
      const change = await askListChange(run, ctx, {
        prompt: ctx.t(`dx-ask-${field}`),
        current: base[key] ?? [],
        max: LONG,
      });
      return change === undefined ? changes : { ...changes, [key]: combineListChanges(changes[key], change) };
    }
    case "device": {
      const typeDevice = await typed("dx-ask-device-type", now.typeDevice, SHORT);
      const brand = await typed("dx-ask-brand", now.brand, SHORT);
      const model = await typed("dx-ask-model", now.model, SHORT);
      return {
        ...changes,
        ...(typeDevice === undefined ? {} : { typeDevice }),
        ...(brand === undefined ? {} : { brand }),
        ...(model === undefined ? {} : { model }),
      };
    }
    case "serial": {
      const value = await typed("dx-ask-serial", now.sn, SHORT);
      return value === undefined ? changes : { ...changes, sn: value };
    }
  }
}

/** Each change as the edit it is: how it is sent and compared (writes/edit.ts). */
function editsOf(changes: Changes): FieldEdit[] {
  const edits: FieldEdit[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (key === "completeSet" || key === "appearance") {
      const list = value as ListChange;
      edits.push({ key, as: "list", value: list.items, mode: list.mode });
    } else if (key === "deadline") edits.push({ key, as: "date", value: value as number });
    else if (key === "approximatePrice") edits.push({ key, as: "amount", value: value as string });
    else if (key === "isUrgent") edits.push({ key, as: "bool", value: value as boolean });
    else if (Array.isArray(value)) edits.push({ key, as: "list", value, mode: "replace" });
    else edits.push({ key, as: "text", value: String(value) });
  }
  return edits;
}

/** What differs from the record the dialog started from; undefined when nothing does. */
export function updateOf(order: Full<Order>, changes: Changes): EditDiff | undefined {
  const diff = diffEdits(order, editsOf(changes));
  return diff.keys.length > 0 ? diff : undefined;
}
