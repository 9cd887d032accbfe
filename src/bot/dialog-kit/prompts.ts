/**
 * Prompts every dialog uses, built on `ask`: bounded free text (optionally
 * skippable), yes/no, a pick from a list. Dates, money and staff have files of
 * their own (ask-date.ts, ask-money.ts, ask-staff.ts).
 */
import type { DialogContext } from "../context.ts";
import {
  ANSWER_LIMIT,
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

interface AskTextOptions {
  /** The question (HTML); a line stating the length limits is added under it. */
  prompt: string;
  /** The fewest characters taken (default 1). */
  min?: number;
  /** The most characters taken (default 200, at most ANSWER_LIMIT). */
  max?: number;
  /** ⏭ Skip answers undefined. */
  skippable?: boolean;
  /** Rows of buttons above Skip, answered by the caller's own parse (none here: they re-ask). */
  extra?: Button[][];
  /** An order number typed here shows its card (the answer is no number: a name). */
  lookups?: boolean;
}

/** Characters as the clerk counts them (an emoji is one), the same count the limits state. */
const textLength = (text: string): number => [...text].length;

/** Free text between `min` and `max` characters (both stated in the prompt); undefined on Skip. */
export async function askText(
  run: DialogRun,
  ctx: DialogContext,
  options: AskTextOptions,
): Promise<string | undefined> {
  const max = Math.min(options.max ?? SHORT_TEXT_LIMIT, ANSWER_LIMIT);
  const min = Math.max(options.min ?? 1, 1);
  const limits = min > 1 ? ctx.t("dlg-text-between", { min, max }) : ctx.t("dlg-text-up-to", { max });
  return ask<string | undefined>(run, ctx, {
    text: `${options.prompt}\n<i>${limits}</i>`,
    acceptsText: true,
    limit: max,
    lookups: options.lookups,
    buttons: [
      ...(options.extra ?? []),
      ...(options.skippable ? [[{ text: ctx.t("dlg-btn-skip"), value: SKIP }]] : []),
    ],
    parse: (answer) => {
      if (answer.kind === "button")
        return answer.value === SKIP && options.skippable
          ? accept(undefined)
          : reject(answer.ctx.t("dlg-use-buttons"));
      const length = textLength(answer.text);
      if (length > max) return reject(answer.ctx.t("dlg-too-long-field", { limit: max }));
      if (length < min) return reject(answer.ctx.t("dlg-text-too-short", { min }));
      return accept(answer.text);
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
  options: { prompt: string; confirmation?: boolean },
): Promise<boolean> {
  return ask(run, ctx, {
    text: options.prompt,
    cancelButton: options.confirmation !== true,
    buttons: [
      [
        { text: ctx.t("dlg-btn-yes"), value: "y" },
        { text: ctx.t("dlg-btn-no"), value: "n" },
      ],
    ],
    acceptsText: true,
    lookups: true,
    parse: (answer) => {
      const value = answer.kind === "button" ? answer.value : yesNoWord(answer.text);
      if (value === "y") return accept(true);
      if (value === "n") return accept(false);
      return reject(answer.ctx.t("dlg-use-buttons"));
    },
  });
}

/** "да", "yes", "+" and their noes, as typed for a yes/no question. */
export function yesNoWord(text: string): "y" | "n" | undefined {
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
    // A label is typed here, never a number: a number typed is an order's, its card is shown.
    lookups: true,
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

/**
 * After a failed write: says `failed` (HTML: what went wrong, the service's reason), then, when
 * the failure may pass (network, quota), asks whether to try again. True: try again.
 */
export async function askRetry(
  run: DialogRun,
  ctx: DialogContext,
  failed: string,
  retryable: boolean,
): Promise<boolean> {
  await ctx.reply(failed);
  return retryable && (await askYesNo(run, ctx, { prompt: ctx.t("st-ask-retry"), confirmation: true }));
}
