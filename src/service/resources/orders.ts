import type { Logger } from "pino";
import { listEnvelope, oneEnvelope, type Page } from "../schemas/envelope.ts";
import {
  type ChangeResult,
  type CreatedOrder,
  changeResult,
  createdOrder,
  fastOrderOf,
  type Order,
  order,
} from "../schemas/order.ts";
import {
  type OrderCreateInput,
  type OrderUpdateInput,
  orderCreateInput,
  orderUpdateInput,
} from "../schemas/order-input.ts";
import { type OrderListQuery, orderListQuery } from "../schemas/queries.ts";
import { keepMatching } from "./order-checks.ts";
import { type Caller, parseInput, pathId, toPage } from "./shared.ts";

const orderList = listEnvelope(order, fastOrderOf);
const oneOrder = oneEnvelope(order, fastOrderOf);
const created = oneEnvelope(createdOrder);
/** `{data: {success: true}}`; an empty answer counts as success too. */
const changed = oneEnvelope(changeResult.optional().transform((data) => data ?? { success: true }));

export function createOrders(api: Caller, logger?: Logger) {
  // Once per filter and client: the sign is worth one line, not one per lookup.
  const warned = new Set<string>();
  const onIgnored = (filter: string, dropped: number) => {
    if (warned.has(filter)) return;
    warned.add(filter);
    logger?.warn({ filter, dropped }, "the service returned orders that do not match the filter; dropped");
  };

  return {
    /**
     * GET /shops/{shopId}/orders with `shopId`, else GET /company/orders. Only
     * records matching the number, status and workshop asked for are returned.
     */
    async list(query: OrderListQuery = {}): Promise<Page<Order>> {
      const { shopId, number, ...filters } = parseInput(orderListQuery, query, "order list query");
      const path = shopId === undefined ? "/company/orders" : `/shops/${pathId(shopId, "shopId")}/orders`;
      // The partial textual number filter is `numer` on a workshop and `number` company-wide.
      const numberKey = shopId === undefined ? "number" : "numer";
      const answer = await api.call({
        method: "GET",
        path,
        query: { ...filters, [numberKey]: number },
        schema: orderList,
      });
      const asked = { num: filters.num, number, statusIds: filters.statusIds, shopId };
      return keepMatching(toPage(answer, filters), asked, onIgnored);
    },

    async get(id: string): Promise<Order> {
      return (await api.call({ method: "GET", path: `/orders/${pathId(id, "id")}`, schema: oneOrder })).data;
    },

    /** POST /shops/{shopId}/orders; never repeated automatically (a create must not happen twice). */
    async create(shopId: string, input: OrderCreateInput): Promise<CreatedOrder> {
      const path = `/shops/${pathId(shopId, "shopId")}/orders`;
      const json = parseInput(orderCreateInput, input, "order");
      return (await api.call({ method: "POST", path, json, schema: created })).data;
    },

    /** PATCH /orders/{id}; payment fields only with statusId. */
    async update(id: string, input: OrderUpdateInput): Promise<ChangeResult> {
      const path = `/orders/${pathId(id, "id")}`;
      const json = parseInput(orderUpdateInput, input, "order change");
      return (await api.call({ method: "PATCH", path, json, schema: changed })).data;
    },

    async delete(id: string): Promise<ChangeResult> {
      return (await api.call({ method: "DELETE", path: `/orders/${pathId(id, "id")}`, schema: changed }))
        .data;
    },
  };
}
export type OrdersApi = ReturnType<typeof createOrders>;
