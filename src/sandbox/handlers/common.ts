/** Checks and envelopes shared by the handlers. */
import { accessDenied, notFound } from "../errors.ts";
import { canShop } from "../grants.ts";
import type { Shop } from "../model.ts";
import type { RequestContext } from "../router.ts";
import { type Page, slicePage } from "../rules.ts";

/** 404 for an unknown workshop in the path, 403 without the grant. */
export function requireShop(ctx: RequestContext, id: string | undefined): Shop {
  const shop = ctx.store.shopById.get(id ?? "");
  if (!shop) throw notFound("Shop");
  if (!canShop(ctx.client, shop.id)) throw accessDenied();
  return shop;
}

export function requireOrdersGrant(ctx: RequestContext): void {
  if (!ctx.client.orders) throw accessDenied();
}

/** `{data, total, page, pageSize}` of one page of the items. */
export function pageEnvelope<T>(
  items: readonly T[],
  page: Page,
  view: (item: T) => unknown,
): Record<string, unknown> {
  return {
    data: slicePage(items, page).map(view),
    total: items.length,
    page: page.page,
    pageSize: page.pageSize,
  };
}
