/**
 * What a client is told an order's status is, from its status group
 * (decisions.md): new → accepted, inWork → in work (diagnosis where the name
 * says so), wait → waiting (parts, or your approval for the approval status),
 * finish → ready, closed → handed over, except the declined status ("repair
 * declined: the device can be collected") and CLIENT_RETURN_STATUSES
 * ("returned without repair"), which owe no estimate. And the approval and
 * return statuses of the configuration (by id or name), resolved against the
 * cached statuses: never a request.
 */
import type { ClientsConfig, Config } from "../../../config/index.ts";
import { statusGroupOf } from "../../../contract/status-groups.ts";
import type { Order, Status } from "../../../service/index.ts";
import type { BotServices } from "../../context.ts";

export type ClientStatus =
  | "accepted"
  | "diagnosis"
  | "in-work"
  | "waiting-parts"
  | "waiting"
  | "approval"
  | "ready"
  | "handed-over"
  /** The declined status: the repair was declined, the device can be collected. */
  | "declined"
  /** A CLIENT_RETURN_STATUSES status in the closed group: the device went back without repair. */
  | "returned"
  /** A CLIENT_RETURN_STATUSES status before that (ready without repair): the device can be collected. */
  | "return-ready";

/** The client statuses on which no repair was done: no estimate is owed (decisions.md "Money"). */
export const NO_REPAIR: readonly ClientStatus[] = ["declined", "returned", "return-ready"];

export interface ApprovalStatuses {
  waiting: { id: string; name: string };
  approved: { id: string; name: string; group?: string };
  declined: { id: string; name: string; group?: string };
}

/** The statuses as known without a request: the cache (warmed at start and by staff), else STATUSES. */
export async function knownStatuses(services: BotServices): Promise<Status[]> {
  const cached = await services.reference.cachedStatuses().catch(() => undefined);
  if (cached && cached.length > 0) return cached;
  return (services.config.statuses ?? []).map((s) => ({ ...s, isPayRequired: s.isPayRequired ?? false }));
}

function resolve(statuses: readonly Status[], wanted: string): Status | undefined {
  const byId = statuses.find((s) => s.id === wanted);
  if (byId) return byId;
  const folded = wanted.trim().toLowerCase();
  return statuses.find((s) => s.name?.trim().toLowerCase() === folded);
}

/** The three approval statuses, or undefined when not configured or not all known. */
export function approvalStatuses(
  config: Pick<Config, "clients">,
  statuses: readonly Status[],
): ApprovalStatuses | undefined {
  const wanted: ClientsConfig["approval"] = config.clients?.approval;
  if (!wanted) return undefined;
  const waiting = resolve(statuses, wanted.waiting);
  const approved = resolve(statuses, wanted.approved);
  const declined = resolve(statuses, wanted.declined);
  if (!waiting || !approved || !declined) return undefined;
  const named = (s: Status) => ({ id: s.id, name: s.name ?? s.id, group: s.group });
  return { waiting: named(waiting), approved: named(approved), declined: named(declined) };
}

/** The ids of CLIENT_RETURN_STATUSES (each by id or name) among the known statuses. */
export function returnStatusIds(
  config: Pick<Config, "returnStatuses">,
  statuses: readonly Status[],
): string[] {
  return (config.returnStatuses ?? [])
    .map((wanted) => resolve(statuses, wanted)?.id)
    .filter((id): id is string => id !== undefined);
}

export function clientStatus(
  order: Order,
  statuses: readonly Status[],
  approval: ApprovalStatuses | undefined,
  returns: readonly string[] = [],
): ClientStatus {
  const name = order.status?.name ?? "";
  const id = order.status?.id;
  if (approval && id === approval.waiting.id) return "approval";
  // Whatever its group: a declined order is never "handed over" nor "ready" with its estimate due.
  if (approval && id === approval.declined.id) return "declined";
  const group = statusGroupOf(order, statuses);
  if (id !== undefined && returns.includes(id)) return group === "closed" ? "returned" : "return-ready";
  switch (group) {
    case "new":
      return "accepted";
    case "wait":
      return /запчаст|детал|part/i.test(name) ? "waiting-parts" : "waiting";
    case "finish":
      return "ready";
    case "closed":
      return "handed-over";
    default:
      if (order.dateClose) return "handed-over";
      if (order.dateFinish) return "ready";
      return /диагност|diagnos/i.test(name) ? "diagnosis" : "in-work";
  }
}
