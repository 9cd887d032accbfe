/**
 * Linked clients waiting for news keep the mirror's daytime pace: the sync
 * slows down when no staff use the bot (mirror/budget.ts), but a client whose
 * order is still open waits for its "ready", which the shop sets in the CRM's
 * own pages, not in the bot. So while any linked client has an open order held
 * in the mirror (not ready, not closed), the client notifier notes activity on
 * the mirror every few minutes, as a staff member's message would. 0 requests:
 * the mirror's open orders and the store's links.
 */
import { isDoneGroup, statusGroupOf } from "../../../contract/status-groups.ts";
import type { OrderMirror } from "../../../mirror/index.ts";
import type { BotServices } from "../../context.ts";
import { clientLinksOf } from "./links.ts";
import { inShops } from "./orders.ts";
import { knownStatuses } from "./statuses.ts";

const PAGE = 50;
/** Open orders looked at, at most (a workshop holds far fewer open ones). */
const MAX_PAGES = 40;

/** True when a linked client has an open order in the mirror (one that may still become ready). */
export async function clientsWaiting(services: BotServices, mirror: OrderMirror): Promise<boolean> {
  const statuses = await knownStatuses(services);
  const links = clientLinksOf(services.store);
  const seen = new Set<string>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { items } = mirror.list({ page, pageSize: PAGE });
    for (const { order } of items) {
      const group = statusGroupOf(order, statuses);
      if (isDoneGroup(group) || order.isVisible === false) continue;
      if (!inShops(order, services.config.shopIds)) continue;
      const id = order.counteragent?.id;
      if (!id || seen.has(id)) continue;
      seen.add(id);
      if ((await links.usersOf(id)).length > 0) return true;
    }
    if (items.length < PAGE) break;
  }
  return false;
}
