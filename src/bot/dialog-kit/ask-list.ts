/**
 * A list the clerk adds to (equipment, appearance notes): what is typed joins
 * the list as the service holds it; 🔁 Replace asks for the whole list anew.
 * So adding "charger" never drops the "mouse, bag" already there.
 */
import type { DialogContext } from "../context.ts";
import { escapeHtml } from "../ui/text.ts";
import { ANSWER_LIMIT, accept, ask, type DialogRun, reject, SKIP } from "./ask.ts";
import { textLines } from "./parse.ts";
import { askText } from "./prompts.ts";

/** Items to add to the list, or the list that replaces it. */
export interface ListChange {
  items: string[];
  mode: "add" | "replace";
}

const REPLACE = "r";

/**
 * Asks what to add to `current` (one item per line); Skip keeps it (undefined). `prompt`: the
 * question (HTML); `max`: the most characters one answer takes.
 */
export async function askListChange(
  run: DialogRun,
  ctx: DialogContext,
  options: { prompt: string; current: readonly string[]; max?: number },
): Promise<ListChange | undefined> {
  const max = Math.min(options.max ?? ANSWER_LIMIT, ANSWER_LIMIT);
  const now = options.current.length > 0 ? options.current.join("; ") : ctx.t("dlg-none");
  const picked = await ask<ListChange | typeof REPLACE | undefined>(run, ctx, {
    text: [
      options.prompt,
      ctx.t("kit-list-now", { items: escapeHtml(now) }),
      ctx.t("kit-list-add-hint"),
    ].join("\n"),
    acceptsText: true,
    limit: max,
    buttons: [
      ...(options.current.length > 0 ? [[{ text: ctx.t("kit-list-btn-replace"), value: REPLACE }]] : []),
      [{ text: ctx.t("dlg-btn-skip"), value: SKIP }],
    ],
    parse: (answer) => {
      if (answer.kind === "button") {
        if (answer.value === SKIP) return accept(undefined);
        return answer.value === REPLACE ? accept(REPLACE) : reject(answer.ctx.t("dlg-use-buttons"));
      }
      const items = textLines(answer.text);
      return items.length > 0 ? accept({ items, mode: "add" }) : reject(answer.ctx.t("dlg-use-buttons"));
    },
  });
  if (picked !== REPLACE) return picked;
  const typed = await askText(run, ctx, { prompt: ctx.t("kit-list-ask-replace"), max, skippable: true });
  return typed === undefined ? undefined : { items: textLines(typed), mode: "replace" };
}

/** The list after `change`: added items after those held (each once), or the new list. */
export function listAfter(current: readonly string[], change: ListChange | undefined): string[] {
  if (!change) return [...current];
  if (change.mode === "replace") return [...change.items];
  return [...current, ...change.items.filter((item) => !current.includes(item))];
}

/** Two changes of the same list in one dialog, as one: a replace wins, adds add up. */
export function combineListChanges(before: ListChange | undefined, next: ListChange): ListChange {
  if (!before || next.mode === "replace") return next;
  return { mode: before.mode, items: listAfter(before.items, { items: next.items, mode: "add" }) };
}
