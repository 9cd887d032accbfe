/**
 * Who is told what about one change of the order mirror: pure rules, no I/O.
 * Never a stranger (only OWNER_IDS, OPERATOR_IDS and VIEWER_IDS; the sender re-checks at
 * send time), never about an order outside SHOP_IDS, never the user's own
 * change made through the bot.
 */
import type { Config } from "../../config/index.ts";
import type { MirrorChange } from "../../mirror/index.ts";
import type { UserSettings } from "../state/user-settings.ts";

export type Notice = (
  | { kind: "assigned"; role: "master" | "manager" }
  | { kind: "status" }
  | { kind: "ready" }
) & {
  /** Who made the change, when something says so (notifier.ts changedBy). */
  by?: string;
};

type StaffLists = Pick<Config, "operatorIds" | "viewerIds"> & Partial<Pick<Config, "ownerIds">>;

/** Every allowed user, each once. */
export function recipients(config: StaffLists): number[] {
  return [...new Set([...(config.ownerIds ?? []), ...config.operatorIds, ...config.viewerIds])];
}

/** What this user is told about this change, if anything. */
export function noticesFor(
  change: MirrorChange,
  userId: number,
  settings: UserSettings,
  config: StaffLists & Pick<Config, "shopIds">,
): Notice | undefined {
  if (!recipients(config).includes(userId) || settings.blocked) return undefined;
  if (change.source === "bot" && change.actorId === userId) return undefined;
  const { order } = change;
  if (order.isVisible === false) return undefined;
  const shopId = order.shop?.id;
  if (config.shopIds.length > 0 && (shopId === undefined || !config.shopIds.includes(shopId)))
    return undefined;
  const me = settings.employee?.id;
  const onIt = me !== undefined && (order.master?.id === me || order.manager?.id === me);
  switch (change.kind) {
    case "master":
    case "manager":
      return me !== undefined && change.to?.id === me && settings.notify.assigned
        ? { kind: "assigned", role: change.kind }
        : undefined;
    case "created":
      if (!settings.notify.assigned || me === undefined) return undefined;
      if (order.master?.id === me) return { kind: "assigned", role: "master" };
      return order.manager?.id === me ? { kind: "assigned", role: "manager" } : undefined;
    case "status":
      return wantsStatus(order.id, onIt, settings) ? { kind: "status" } : undefined;
    case "ready":
      // Told of the status change already (it names the ready status): one message, not two.
      return settings.notify.ready && !wantsStatus(order.id, onIt, settings) ? { kind: "ready" } : undefined;
    default:
      return undefined;
  }
}

/** A status change of an order the user watches, or is on and wants those of. */
function wantsStatus(orderId: string, onIt: boolean, settings: UserSettings): boolean {
  return settings.watch.includes(orderId) || (onIt && settings.notify.status);
}

/**
 * The news itself, for one user: the same for every record of one real change
 * (a sync's and a write-through's, a "created" naming the master and a "master"
 * change), so claims.ts tells it once.
 */
export function meaningOf(change: MirrorChange, notice: Notice, userId: number): string {
  const order = change.order.id;
  switch (notice.kind) {
    case "assigned":
      // The new value is the user (their employee record).
      return `${order}:assigned-${notice.role}:${userId}`;
    default:
      return `${order}:${notice.kind}:${change.to?.id ?? change.order.status?.id ?? "-"}:${userId}`;
  }
}
