/**
 * Step 4. Device: type, brand, model, serial number (each skippable), faults
 * (one or several lines, required), equipment, appearance, colour and the
 * preliminary price (free text), as on the paper intake form.
 */
import type { DialogContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import { askText } from "../../dialog-kit/prompts.ts";
import type { Device } from "./draft.ts";

const lines = (text: string): string[] =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

export async function askDevice(run: DialogRun, ctx: DialogContext): Promise<Device> {
  const optional = (key: string, limit = 100) => askText(run, ctx, ctx.t(key), { skippable: true, limit });
  const typeDevice = await optional("new-ask-device-type");
  const brand = await optional("new-ask-brand");
  const model = await optional("new-ask-model");
  const sn = await optional("new-ask-sn");
  const problem = lines((await askText(run, ctx, ctx.t("new-ask-problem"), { limit: 1000 })) ?? "");
  const completeSet = await optional("new-ask-complete-set", 500);
  const appearance = await optional("new-ask-appearance", 500);
  const color = await optional("new-ask-color");
  const approximatePrice = await optional("new-ask-price");
  return {
    ...(typeDevice ? { typeDevice } : {}),
    ...(brand ? { brand } : {}),
    ...(model ? { model } : {}),
    ...(sn ? { sn } : {}),
    problem,
    ...(completeSet ? { completeSet } : {}),
    ...(appearance ? { appearance } : {}),
    ...(color ? { color } : {}),
    ...(approximatePrice ? { approximatePrice } : {}),
  };
}
