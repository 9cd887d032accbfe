/**
 * Step 9. The summary of everything, with Confirm, Edit and Cancel. Edit picks
 * one part of the form, asks it again and comes back to the summary.
 */
import type { DialogContext } from "../../context.ts";
import { accept, ask, type DialogRun, reject } from "../../dialog-kit/ask.ts";
import { amountsText } from "../../dialog-kit/payment.ts";
import { askPick } from "../../dialog-kit/prompts.ts";
import { localeOf } from "../../i18n.ts";
import { formatDateTime } from "../../ui/dates.ts";
import { cutHtml, escapeHtml } from "../../ui/text.ts";
import { askClient } from "./askClient.ts";
import { askCustomFields } from "./askCustomFields.ts";
import { askDeadline } from "./askDeadline.ts";
import { askDevice } from "./askDevice.ts";
import { askHowKnow, askMaster, askUrgent } from "./askMaster.ts";
import { askOrderType } from "./askOrderType.ts";
import { askPrepayment } from "./askPrepayment.ts";
import { askShop } from "./askShop.ts";
import type { Draft } from "./draft.ts";

export type SummaryAction = "confirm" | "edit";

export async function summaryText(ctx: DialogContext, draft: Draft): Promise<string> {
  const locale = await localeOf(ctx);
  const { timezone } = ctx.services.config;
  const none = ctx.t("dlg-none");
  const e = (text: string | undefined) => (text ? escapeHtml(text) : none);
  const client = draft.client;
  const clientText =
    client.kind === "existing"
      ? [client.name, client.phone].filter(Boolean).join(", ")
      : `${[client.name, client.phone, client.email, client.address].filter(Boolean).join(", ")} (${ctx.t("new-client-is-new")})`;
  const d = draft.device;
  const device = [d.typeDevice, d.brand, d.model].filter(Boolean).join(" ");
  const lines = [
    ctx.t("new-summary-title"),
    "",
    ctx.t("new-sum-shop", { value: e(draft.shop.name) }),
    ctx.t("new-sum-type", { value: e(draft.type.name) }),
    ctx.t("new-sum-client", { value: e(clientText) }),
    ...(client.kind === "new"
      ? client.fields.map((f) => `   ${escapeHtml(f.name)}: ${escapeHtml(f.shown)}`)
      : []),
    ctx.t("new-sum-device", { value: e(device || undefined) }),
    ctx.t("new-sum-sn", { value: e(d.sn) }),
    ctx.t("new-sum-problem", { value: e(d.problem.join("; ")) }),
    ctx.t("new-sum-complete-set", { value: e(d.completeSet) }),
    ctx.t("new-sum-appearance", { value: e(d.appearance) }),
    ctx.t("new-sum-color", { value: e(d.color) }),
    ctx.t("new-sum-price", { value: e(d.approximatePrice) }),
    ctx.t("new-sum-deadline", {
      value: draft.deadline === undefined ? none : formatDateTime(new Date(draft.deadline), locale, timezone),
    }),
    ctx.t("new-sum-master", { value: e(draft.master?.name) }),
    ctx.t("new-sum-urgent", { value: ctx.t(draft.isUrgent ? "dlg-yes" : "dlg-no") }),
    ctx.t("new-sum-how-know", { value: e(draft.howKnow?.name) }),
    ...draft.fields.map((f) => `${escapeHtml(f.name)}: ${escapeHtml(f.shown)}`),
    ctx.t("new-sum-prepayment", {
      value: draft.prepayment
        ? `${escapeHtml(draft.prepayment.register.name)}: ${amountsText(ctx, draft.prepayment, locale)}`
        : none,
    }),
  ];
  return cutHtml(lines.join("\n"), 3500);
}

/** Shows the summary (with the last error, if any) and waits for Confirm or Edit; Cancel leaves in `ask`. */
export async function askSummary(
  run: DialogRun,
  ctx: DialogContext,
  draft: Draft,
  error?: string,
): Promise<SummaryAction> {
  const summary = await summaryText(ctx, draft);
  return ask<SummaryAction>(run, ctx, {
    text: error ? `${error}\n\n${summary}` : summary,
    buttons: [
      [
        { text: ctx.t(error ? "new-btn-retry" : "new-btn-confirm"), value: "ok" },
        { text: ctx.t("new-btn-edit"), value: "edit" },
      ],
    ],
    parse: (a) => {
      if (a.kind !== "button") return reject(a.ctx.t("dlg-use-buttons"));
      if (a.value === "ok") return accept("confirm");
      if (a.value === "edit") return accept("edit");
      return reject(a.ctx.t("dlg-use-buttons"));
    },
  });
}

type Part =
  | "shop"
  | "type"
  | "client"
  | "device"
  | "deadline"
  | "master"
  | "urgent"
  | "howKnow"
  | "fields"
  | "prepayment";

/** Asks one part again; parts that depend on it (type -> fields, workshop -> master and prepayment) follow. */
export async function editDraft(
  run: DialogRun,
  ctx: DialogContext,
  draft: Draft,
  shopAsked: boolean,
): Promise<void> {
  const parts: Part[] = [
    ...(shopAsked ? (["shop"] as const) : []),
    "type",
    "client",
    "device",
    "deadline",
    "master",
    "urgent",
    "howKnow",
    "fields",
    "prepayment",
  ];
  const part = await askPick(run, ctx, ctx.t("new-ask-edit"), parts, (p) => ctx.t(`new-part-${p}`), {
    perRow: 2,
  });
  switch (part) {
    case "shop": {
      draft.shop = await askShop(run, ctx);
      draft.master = await askMaster(run, ctx, draft.shop.id);
      draft.prepayment = await askPrepayment(run, ctx, draft.shop.id);
      break;
    }
    case "type":
      draft.type = await askOrderType(run, ctx);
      draft.fields = await askCustomFields(run, ctx, draft.type);
      break;
    case "client":
      draft.client = await askClient(run, ctx);
      break;
    case "device":
      draft.device = await askDevice(run, ctx);
      break;
    case "deadline":
      draft.deadline = await askDeadline(run, ctx);
      break;
    case "master":
      draft.master = await askMaster(run, ctx, draft.shop.id);
      break;
    case "urgent":
      draft.isUrgent = await askUrgent(run, ctx);
      break;
    case "howKnow":
      draft.howKnow = await askHowKnow(run, ctx);
      break;
    case "fields":
      draft.fields = await askCustomFields(run, ctx, draft.type);
      break;
    case "prepayment":
      draft.prepayment = await askPrepayment(run, ctx, draft.shop.id);
      break;
    default:
      break;
  }
}
