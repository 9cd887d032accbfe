/** Prompts every dialog uses, built on `ask`: free text (optionally skippable), yes/no, a pick from a list. */
import type { DialogContext } from "../context.ts";
import {
  accept,
  ask,
  type Button,
  type DialogRun,
  indexButtons,
  type Parsed,
  pickIndex,
  reject,
  SKIP,
} from "./ask.ts";

export { SKIP } from "./ask.ts";

const SHORT_TEXT_LIMIT = 200;

/** Free text of `min` to `limit` characters; with `skippable` a "Skip" button answers undefined. */
export async function askText(
  run: DialogRun,
  ctx: DialogContext,
  text: string,
  options: { skippable?: boolean; limit?: number; min?: number; extra?: Button[][] } = {},
): Promise<string | undefined> {
  const limit = options.limit ?? SHORT_TEXT_LIMIT;
  const min = options.min ?? 1;
  return ask<string | undefined>(run, ctx, {
    text,
    acceptsText: true,
    limit,
    buttons: [
      ...(options.extra ?? []),
      ...(options.skippable ? [[{ text: ctx.t("dlg-btn-skip"), value: SKIP }]] : []),
    ],
    parse: (answer) => {
      if (answer.kind === "button")
        return answer.value === SKIP && options.skippable
          ? accept(undefined)
          : reject(answer.ctx.t("dlg-use-buttons"));
      if (answer.text.length > limit) return reject(answer.ctx.t("dlg-too-long-field", { limit }));
      return answer.text.length < min
        ? reject(answer.ctx.t("dlg-too-short-field", { min }))
        : accept(answer.text);
    },
  });
}

/**
 * Yes or no. A `confirmation` (No leaves, as Cancel would) shows no ✖ Cancel
 * beside ❌ No: one way to say no. Elsewhere (e.g. "Urgent?") No is an answer and Cancel stays.
 */
export async function askYesNo(
  run: DialogRun,
  ctx: DialogContext,
  text: string,
  options: { confirmation?: boolean } = {},
): Promise<boolean> {
  return ask(run, ctx, {
    text,
    cancelButton: options.confirmation !== true,
    buttons: [
      [
        { text: ctx.t("dlg-btn-yes"), value: "y" },
        { text: ctx.t("dlg-btn-no"), value: "n" },
      ],
    ],
    acceptsText: true,
    parse: (answer) => {
      const value = answer.kind === "button" ? answer.value : yesNoWord(answer.text);
      if (value === "y") return accept(true);
      if (value === "n") return accept(false);
      return reject(answer.ctx.t("dlg-use-buttons"));
    },
  });
}

function yesNoWord(text: string): "y" | "n" | undefined {
  const word = text.toLowerCase();
  if (["да", "yes", "y", "д", "+"].includes(word)) return "y";
  if (["нет", "no", "n", "н", "-"].includes(word)) return "n";
  return undefined;
}

/**
 * A pick from a list of items (buttons by index). Typed text picks the item
 * whose label matches exactly (case-insensitive) — handy for short lists.
 * `skippable` adds a Skip button that answers undefined.
 */
export async function askPick<T>(
  run: DialogRun,
  ctx: DialogContext,
  text: string,
  items: readonly T[],
  label: (item: T) => string,
  options: { skippable?: boolean; perRow?: number } = {},
): Promise<T | undefined> {
  const buttons = indexButtons(items, label, options.perRow ?? 1);
  if (options.skippable) buttons.push([{ text: ctx.t("dlg-btn-skip"), value: SKIP }]);
  return ask<T | undefined>(run, ctx, {
    text,
    buttons,
    acceptsText: true,
    parse: (answer): Parsed<T | undefined> => {
      if (answer.kind === "text") {
        const wanted = answer.text.toLowerCase();
        const found = items.find((item) => label(item).toLowerCase() === wanted);
        return found === undefined ? reject(answer.ctx.t("dlg-use-buttons")) : accept(found);
      }
      if (answer.value === SKIP && options.skippable) return accept(undefined);
      const picked = pickIndex(items, answer.value);
      return picked === undefined ? reject(answer.ctx.t("dlg-use-buttons")) : accept(picked);
    },
  });
}
