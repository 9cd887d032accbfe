/**
 * Device: its type in one step (the device types of recent orders as buttons,
 * or typed) and the faults (one or several lines, required) on the main path;
 * brand, model and serial number, and equipment, appearance and colour are
 * optional groups opened from the summary (Skip keeps what is there).
 */
import type { DialogContext } from "../../context.ts";
import { accept, ask, type DialogRun, indexButtons, pickIndex, reject } from "../../dialog-kit/ask.ts";
import { askMoney } from "../../dialog-kit/ask-money.ts";
import { keepOrAsk, moneyNow, withCurrent } from "../../dialog-kit/keep.ts";
import { textLines } from "../../dialog-kit/parse.ts";
import { askText } from "../../dialog-kit/prompts.ts";
import { learnedOf } from "../../state/learned.ts";
import { approximateAmount } from "../../ui/card-workshop.ts";
import type { Device } from "./draft.ts";

const TYPE_LIMIT = 100;

export async function askDeviceType(run: DialogRun, ctx: DialogContext): Promise<string> {
  const recent = await run.dialog.external(async (outer) => {
    try {
      return await learnedOf(outer.services.store).deviceTypes();
    } catch {
      return [];
    }
  });
  const type = await ask<string>(run, ctx, {
    text: ctx.t(recent.length > 0 ? "new-ask-device-type-recent" : "new-ask-device-type"),
    acceptsText: true,
    lookups: true,
    buttons: indexButtons(recent, (t) => t, 2),
    parse: (a) => {
      if (a.kind === "button") {
        const picked = pickIndex(recent, a.value);
        return picked ? accept(picked) : reject(a.ctx.t("dlg-use-buttons"));
      }
      return a.text.length > TYPE_LIMIT
        ? reject(a.ctx.t("dlg-too-long-field", { limit: TYPE_LIMIT }))
        : accept(a.text);
    },
  });
  return type;
}

/**
 * The device type of a created order moves to the front of the buttons: learned
 * from created orders only, so a type typed in an intake that was cancelled (or
 * a fault typed at the device step and then put right with ✏️ Edit) teaches nothing.
 */
export async function learnDeviceType(run: DialogRun, type: string | undefined): Promise<void> {
  if (!type) return;
  await run.dialog.external(async (outer) => {
    await learnedOf(outer.services.store)
      .useDeviceType(type)
      .catch(() => {});
  });
}

export async function askProblem(run: DialogRun, ctx: DialogContext): Promise<string[]> {
  // One letter ("x") is no fault a master can work from.
  return textLines((await askText(run, ctx, { prompt: ctx.t("new-ask-problem"), min: 2, max: 1000 })) ?? "");
}

/** Group "brand, model, serial". */
export async function askDeviceDetails(run: DialogRun, ctx: DialogContext, device: Device): Promise<Device> {
  const brand = await keepOrAsk(run, ctx, "new-ask-brand", device.brand);
  const model = await keepOrAsk(run, ctx, "new-ask-model", device.model);
  const sn = await keepOrAsk(run, ctx, "new-ask-sn", device.sn);
  return { ...device, brand, model, sn };
}

/** Group "equipment and appearance" (colour too). */
export async function askCondition(run: DialogRun, ctx: DialogContext, device: Device): Promise<Device> {
  const completeSet = await keepOrAsk(run, ctx, "new-ask-complete-set", device.completeSet, 500);
  const appearance = await keepOrAsk(run, ctx, "new-ask-appearance", device.appearance, 500);
  const color = await keepOrAsk(run, ctx, "new-ask-color", device.color);
  return { ...device, completeSet, appearance, color };
}

/** The preliminary price as a money amount (the first question of "price and deadline"); Skip keeps it. */
export async function askPrice(
  run: DialogRun,
  ctx: DialogContext,
  device: Device,
): Promise<string | undefined> {
  // Only an amount is kept: a value that is no number (never typed here) is dropped, not sent.
  const current = approximateAmount(device) === undefined ? undefined : device.approximatePrice;
  const typed = await askMoney(run, ctx, {
    prompt: withCurrent(ctx, ctx.t("new-ask-price"), await moneyNow(ctx, approximateAmount(device))),
    skippable: true,
    unreadable: "price-bad-amount",
  });
  // The service keeps the price as a string: the plain number ("1500.5"), never the typed text.
  return typed === undefined ? current : String(typed);
}
