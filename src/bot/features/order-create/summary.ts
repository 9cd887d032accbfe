/**
 * The summary: what the order will be, with ✅ Create, a button per group of
 * optional details (see groups.ts), 📝 Every detail, ✏️ Edit (a part of the
 * main path or an answered group asked again) and ✖ Cancel. Optional details
 * show only once given.
 */
import type { DialogContext } from "../../context.ts";
import { accept, ask, type DialogRun, reject } from "../../dialog-kit/ask.ts";
import { askClient } from "../../dialog-kit/ask-client.ts";
import { amountsText } from "../../dialog-kit/payment.ts";
import { askPick } from "../../dialog-kit/prompts.ts";
import { localeOf } from "../../i18n.ts";
import { approximateAmount } from "../../ui/card-workshop.ts";
import { formatDateTime } from "../../ui/dates.ts";
import { formatAmount } from "../../ui/money.ts";
import { cutHtml, escapeHtml } from "../../ui/text.ts";
import { askRequiredFields } from "./ask-custom-fields.ts";
import { askDeviceType, askProblem } from "./ask-device.ts";
import { askOrderStaff } from "./ask-master.ts";
import { askOrderType } from "./ask-order-type.ts";
import { askPrepayment } from "./ask-prepayment.ts";
import { askShop } from "./ask-shop.ts";
import type { Draft } from "./draft.ts";
import { askGroup, GROUPS, type Group, isFilled } from "./groups.ts";

type SummaryAction =
  | { kind: "confirm" }
  | { kind: "edit" }
  | { kind: "all" }
  | { kind: "group"; group: Group };

async function summaryText(ctx: DialogContext, draft: Draft): Promise<string> {
  const locale = await localeOf(ctx);
  const { timezone } = ctx.services.config;
  const e = (text: string) => escapeHtml(text);
  const lines: string[] = [];
  const add = (key: string, value: string | undefined) => {
    if (value) lines.push(ctx.t(key, { value }));
  };
  const client = draft.client;
  // Each field on its own labelled line, as it will be sent: a name in the phone's place shows.
  const clientText =
    client.kind === "existing"
      ? [client.name, client.phone].filter(Boolean).join(", ")
      : `${client.name} (${ctx.t("new-client-is-new")})`;
  const d = draft.device;
  add("new-sum-shop", e(draft.shop.name));
  add("new-sum-type", e(draft.type.name));
  add("new-sum-client", e(clientText));
  if (client.kind === "new") {
    add("new-sum-client-phone", client.phone && e(client.phone));
    add("new-sum-client-email", client.email && e(client.email));
    add("new-sum-client-address", client.address && e(client.address));
    lines.push(...client.fields.map((f) => `   ${e(f.name)}: ${e(f.shown)}`));
  }
  add("new-sum-device", e(d.typeDevice ?? "") || ctx.t("dlg-none"));
  add("new-sum-brand-model", e([d.brand, d.model].filter(Boolean).join(" ")));
  add("new-sum-sn", d.sn && e(d.sn));
  add("new-sum-problem", e(d.problem.join("; ")) || ctx.t("dlg-none"));
  add("new-sum-complete-set", d.completeSet && e(d.completeSet));
  add("new-sum-appearance", d.appearance && e(d.appearance));
  add("new-sum-color", d.color && e(d.color));
  const price = approximateAmount(d);
  add(
    "new-sum-price",
    price === undefined ? undefined : ctx.t("money", { amount: formatAmount(price, locale) }),
  );
  add(
    "new-sum-deadline",
    draft.deadline === undefined ? undefined : formatDateTime(new Date(draft.deadline), locale, timezone),
  );
  add("new-sum-master", draft.master && e(draft.master.name));
  add("new-sum-manager", draft.manager && e(draft.manager.name));
  if (draft.isUrgent) add("new-sum-urgent", ctx.t("dlg-yes"));
  add("new-sum-how-know", draft.howKnow && e(draft.howKnow.name));
  lines.push(...draft.fields.map((f) => `${e(f.name)}: ${e(f.shown)}`));
  add(
    "new-sum-prepayment",
    draft.prepayment && `${e(draft.prepayment.register.name)}: ${amountsText(ctx, draft.prepayment, locale)}`,
  );
  return cutHtml([ctx.t("new-summary-title"), "", ...lines].join("\n"), 3500);
}

/** Shows the summary (with the last error, if any) and waits for a button; Cancel leaves in `ask`. */
export async function askSummary(
  run: DialogRun,
  ctx: DialogContext,
  draft: Draft,
  groups: readonly Group[],
  error?: string,
): Promise<SummaryAction> {
  const summary = await summaryText(ctx, draft);
  const groupButtons = groups.map((group) => ({
    text: `${ctx.t(`new-group-${group}`)}${isFilled(group, draft) ? " ✓" : ""}`,
    value: `g.${group}`,
  }));
  const rows = [];
  for (let i = 0; i < groupButtons.length; i += 2) rows.push(groupButtons.slice(i, i + 2));
  return ask<SummaryAction>(run, ctx, {
    text: error ? `${error}\n\n${summary}` : summary,
    buttons: [
      [{ text: ctx.t(error ? "new-btn-retry" : "new-btn-confirm"), value: "ok" }],
      ...rows,
      [
        { text: ctx.t("new-btn-all-details"), value: "all" },
        { text: ctx.t("new-btn-edit"), value: "edit" },
      ],
    ],
    parse: (a) => {
      if (a.kind !== "button") return reject(a.ctx.t("dlg-use-buttons"));
      if (a.value === "ok") return accept({ kind: "confirm" });
      if (a.value === "edit") return accept({ kind: "edit" });
      if (a.value === "all") return accept({ kind: "all" });
      const group = GROUPS.find((g) => `g.${g}` === a.value);
      return group && groups.includes(group)
        ? accept({ kind: "group", group })
        : reject(a.ctx.t("dlg-use-buttons"));
    },
  });
}

type Part = "shop" | "type" | "client" | "device" | "problem" | "fields" | "manager";
type Choice = { part: Part } | { group: Group };

/**
 * Asks one answered part again: a part of the main path (parts that depend on
 * it follow: type -> its fields, workshop -> master and prepayment), or an
 * answered group of optional details.
 */
export async function editDraft(
  run: DialogRun,
  ctx: DialogContext,
  draft: Draft,
  options: { shopAsked: boolean; requiredFields: boolean; groups: readonly Group[] },
): Promise<void> {
  const parts: Part[] = [
    ...(options.shopAsked ? (["shop"] as const) : []),
    "type",
    "client",
    "device",
    "problem",
    ...(options.requiredFields ? (["fields"] as const) : []),
    "manager",
  ];
  const choices: Choice[] = [
    ...parts.map((part) => ({ part })),
    ...options.groups.filter((group) => isFilled(group, draft)).map((group) => ({ group })),
  ];
  const label = (c: Choice) => ("part" in c ? ctx.t(`new-part-${c.part}`) : ctx.t(`new-group-${c.group}`));
  const choice = await askPick(run, ctx, ctx.t("new-ask-edit"), choices, label, { perRow: 2 });
  if (!choice) return;
  if ("group" in choice) {
    await askGroup(run, ctx, draft, choice.group);
    return;
  }
  switch (choice.part) {
    case "shop": {
      draft.shop = await askShop(run, ctx, draft.shop.id);
      // Masters and registers belong to a workshop: what was chosen in the old one is asked again.
      if (draft.master) draft.master = await askOrderStaff(run, ctx, "master", draft.shop.id);
      if (draft.manager) draft.manager = await askOrderStaff(run, ctx, "manager", draft.shop.id);
      if (draft.prepayment) draft.prepayment = await askPrepayment(run, ctx, draft.shop.id);
      break;
    }
    case "type": {
      const type = await askOrderType(run, ctx, draft.type.id);
      // The same type picked again: its answers stay. Another type's form asks its own.
      if (type.id === draft.type.id) break;
      draft.type = type;
      draft.fields = await askRequiredFields(run, ctx, draft.type);
      break;
    }
    case "client":
      draft.client = await askClient(run, ctx);
      break;
    case "device":
      draft.device = { ...draft.device, typeDevice: await askDeviceType(run, ctx) };
      break;
    case "problem":
      draft.device = { ...draft.device, problem: await askProblem(run, ctx) };
      break;
    case "manager":
      draft.manager = await askOrderStaff(run, ctx, "manager", draft.shop.id, draft.manager);
      break;
    case "fields": {
      const required = await askRequiredFields(run, ctx, draft.type);
      draft.fields = [...required, ...draft.fields.filter((f) => !f.required)];
      break;
    }
    default:
      break;
  }
}
