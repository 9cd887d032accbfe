/**
 * The optional details of an order, in groups of a few questions each. The
 * summary has a button per group (and one that walks through all of them, so a
 * full order costs no more presses than one question after another would);
 * a group asks its questions and returns to the summary.
 */
import type { DialogContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import { askClientDetails } from "../../dialog-kit/ask-client.ts";
import { askDate } from "../../dialog-kit/ask-date.ts";
import { withCurrent } from "../../dialog-kit/keep.ts";
import { localeOf } from "../../i18n.ts";
import { formatDateTime } from "../../ui/dates.ts";
import { askOptionalFields } from "./ask-custom-fields.ts";
import { askCondition, askDeviceDetails, askPrice } from "./ask-device.ts";
import { askHowKnow, askOrderStaff, askUrgent } from "./ask-master.ts";
import { askPrepayment } from "./ask-prepayment.ts";
import type { Draft } from "./draft.ts";

export const GROUPS = [
  "client",
  "device",
  "condition",
  "price",
  "staff",
  "source",
  "fields",
  "prepayment",
] as const;
export type Group = (typeof GROUPS)[number];

/** What the service offers for this order: no sources or optional fields, no group for them. */
export interface Offer {
  sources: boolean;
  optionalFields: boolean;
}

export function groupsFor(draft: Draft, offer: Offer): Group[] {
  return GROUPS.filter((group) => {
    if (group === "client") return draft.client.kind === "new";
    if (group === "source") return offer.sources;
    if (group === "fields") return offer.optionalFields;
    return true;
  });
}

/** Whether the group has an answer (its button is marked ✓). */
export function isFilled(group: Group, draft: Draft): boolean {
  const { client, device: d } = draft;
  switch (group) {
    case "client":
      return client.kind === "new" && Boolean(client.phone || client.email || client.address);
    case "device":
      return Boolean(d.brand || d.model || d.sn);
    case "condition":
      return Boolean(d.completeSet || d.appearance || d.color);
    case "price":
      return Boolean(d.approximatePrice) || draft.deadline !== undefined;
    case "staff":
      return draft.master !== undefined || draft.isUrgent;
    case "source":
      return draft.howKnow !== undefined;
    case "fields":
      return draft.fields.some((f) => !f.required);
    case "prepayment":
      return draft.prepayment !== undefined;
  }
}

/** Asks the group's questions and puts the answers into the draft. */
export async function askGroup(
  run: DialogRun,
  ctx: DialogContext,
  draft: Draft,
  group: Group,
): Promise<void> {
  switch (group) {
    case "client":
      if (draft.client.kind === "new") draft.client = await askClientDetails(run, ctx, draft.client);
      return;
    case "device":
      draft.device = await askDeviceDetails(run, ctx, draft.device);
      return;
    case "condition":
      draft.device = await askCondition(run, ctx, draft.device);
      return;
    case "price": {
      const approximatePrice = await askPrice(run, ctx, draft.device);
      draft.device = { ...draft.device, approximatePrice };
      draft.deadline = await askDeadline(run, ctx, draft.deadline);
      return;
    }
    case "staff":
      draft.master = await askOrderStaff(run, ctx, "master", draft.shop.id, draft.master);
      draft.isUrgent = await askUrgent(run, ctx);
      return;
    case "source":
      draft.howKnow = await askHowKnow(run, ctx, draft.howKnow);
      return;
    case "fields":
      draft.fields = await askOptionalFields(run, ctx, draft.type, draft.fields);
      return;
    case "prepayment":
      draft.prepayment = await askPrepayment(run, ctx, draft.shop.id);
      return;
  }
}

/** The deadline: quick buttons or a typed future date; Skip keeps the current one. */
async function askDeadline(
  run: DialogRun,
  ctx: DialogContext,
  current?: number,
): Promise<number | undefined> {
  const { timezone } = ctx.services.config;
  const now =
    current === undefined ? undefined : formatDateTime(new Date(current), await localeOf(ctx), timezone);
  return askDate(run, ctx, {
    prompt: withCurrent(ctx, ctx.t("new-ask-deadline"), now),
    quick: true,
    skippable: true,
    current,
  });
}
