/**
 * The status list: grouped and ordered as GET /statuses gives it (cached; or
 * configured and learned ones, see statuses.ts),
 * the group names in the text (the bot's words for the known groups), the
 * current status marked and not pickable.
 */
import { isStatusGroup } from "../../../contract/status-groups.ts";
import type { Status } from "../../../service/index.ts";
import type { DialogContext } from "../../context.ts";
import { accept, ask, type Button, type DialogRun, pickIndex, reject } from "../../dialog-kit/ask.ts";
import { escapeHtml } from "../../ui/text.ts";

export interface StatusOption {
  id: string;
  name: string;
  group?: string;
  groupName?: string;
  /** Undefined when not known (a status learned from orders): payment is then offered as optional. */
  isPayRequired?: boolean;
}

export const statusOption = (s: Status): StatusOption => ({
  id: s.id,
  name: s.name ?? s.id,
  group: s.group,
  groupName: s.groupDescription,
  isPayRequired: s.isPayRequired,
});

/** The service's group keys: the bot names these in the user's language (st-group-*). */

/** A group in the user's words; a group the bot does not know keeps the service's description. */
function groupLabel(ctx: DialogContext, status: StatusOption): string | undefined {
  if (isStatusGroup(status.group)) return ctx.t(`st-group-${status.group}`);
  return status.groupName ?? status.group;
}

export async function askStatus(
  run: DialogRun,
  ctx: DialogContext,
  header: string,
  statuses: StatusOption[],
  currentId: string | undefined,
  /** Said when the current status is picked again, instead of "in this status already" (a debt: how to take it). */
  sameStatusText?: string,
): Promise<StatusOption> {
  const rows: Button[][] = [];
  let group: string | undefined = "\u0000";
  statuses.forEach((status, index) => {
    // A new row at each group boundary keeps the groups visible in the keyboard too.
    if (status.group !== group || (rows.at(-1)?.length ?? 0) >= 2) rows.push([]);
    group = status.group;
    const paid =
      status.isPayRequired === true ? ctx.t("mark-pay-required", { label: status.name }) : status.name;
    const label = status.id === currentId ? ctx.t("mark-current", { label: paid }) : paid;
    rows.at(-1)?.push({ text: label, value: String(index) });
  });
  const groups = [...new Set(statuses.map((s) => groupLabel(ctx, s)).filter(Boolean))];
  const text = [
    header,
    ctx.t("st-ask-status"),
    groups.length > 0 ? escapeHtml(groups.join(ctx.t("list-arrow"))) : "",
  ]
    .filter(Boolean)
    .join("\n");
  return ask<StatusOption>(run, ctx, {
    text,
    buttons: rows,
    parse: (a) => {
      if (a.kind !== "button") return reject(a.ctx.t("dlg-use-buttons"));
      const picked = pickIndex(statuses, a.value);
      if (!picked) return reject(a.ctx.t("dlg-use-buttons"));
      if (picked.id === currentId) return reject(sameStatusText ?? a.ctx.t("st-same-status"));
      return accept(picked);
    },
  });
}
