/** Reference data: shops, statuses, order and counteragent types, fields, sources, cash items. */

import { STATUS_GROUP_INFO } from "../demo-reference.ts";
import { notFound } from "../errors.ts";
import { canShop } from "../grants.ts";
import { type FieldDef, STATUS_GROUPS } from "../model.ts";
import type { Router } from "../router.ts";

const fieldView = (field: FieldDef): FieldDef => ({
  ...field,
  items: field.items.map((item) => ({ ...item })),
});

const ROLE_NAMES: Readonly<Record<string, string>> = {
  admin: "Администратор",
  manager: "Менеджер",
  master: "Мастер",
};

/** A role allowed into a status, as the real service lists it. */
const roleView = (role: string) => ({
  id: role,
  name: ROLE_NAMES[role] ?? role,
  isSet: true,
  isChange: true,
  isChecked: true,
});

export function referenceRoutes(router: Router): void {
  // A restricted client sees only its workshops (docs/decisions.md, "Sandbox").
  router.add("GET", "/shops", ({ store, client }) => ({
    data: store.ref.shops
      .filter((shop) => canShop(client, shop.id))
      .map((shop) => ({
        id: shop.id,
        name: shop.name,
        address: shop.address,
        color: shop.color,
        phones: store.shapes === "real" ? [...shop.phones] : undefined,
      })),
  }));

  router.add("GET", "/statuses", ({ store }) => {
    const data: Record<string, unknown> = {};
    for (const group of STATUS_GROUPS) {
      data[group] = {
        ...STATUS_GROUP_INFO[group],
        elements: store.ref.statuses
          .filter((status) => status.group === group)
          .sort((a, b) => a.sort - b.sort)
          .map((s) => ({
            id: s.id,
            name: s.name,
            color: s.color,
            sort: s.sort,
            comment: s.comment,
            isPayRequired: s.isPayRequired,
            roles: store.shapes === "real" ? s.roles.map(roleView) : [...s.roles],
          })),
      };
    }
    return { data };
  });

  router.add("GET", "/type-orders", ({ store }) => ({
    data: store.ref.typeOrders.map((t) => ({ id: t.id, name: t.name, color: t.color })),
  }));

  router.add("GET", "/type-orders/:id/fields", ({ store, params }) => {
    const type = store.typeOrderById.get(params.id ?? "");
    if (!type) throw notFound("Order type");
    return { data: type.fields.map(fieldView) };
  });

  router.add("GET", "/type-counteragents", ({ store }) => ({
    data: store.ref.typeCounteragents.map((t) => ({ id: t.id, name: t.name, sort: t.sort })),
  }));

  router.add("GET", "/type-counteragents/:id/fields", ({ store, params }) => {
    const type = store.typeCounteragentById.get(params.id ?? "");
    if (!type) throw notFound("Counteragent type");
    return { data: type.fields.map(fieldView) };
  });

  router.add("GET", "/how-knows", ({ store }) => ({ data: store.ref.howKnows.map((h) => ({ ...h })) }));

  router.add("GET", "/cash-items", ({ store }) => ({ data: store.ref.cashItems.map((c) => ({ ...c })) }));
}
