import { answer, record } from "../schemas/common.ts";
import { listEnvelope, type Page } from "../schemas/envelope.ts";
import {
  type CounteragentType,
  type CustomFieldDefinition,
  counteragentType,
  customFieldDefinition,
  type HowKnow,
  howKnow,
  type OrderType,
  orderType,
  type Shop,
  type Status,
  shop,
  statusList,
} from "../schemas/reference.ts";
import { type Caller, pathId, wholeList } from "./shared.ts";

/** Reference data: small, unpaged lists (the bot caches them; the client does not). */
const orderTypes = listEnvelope(orderType);
const counteragentTypes = listEnvelope(counteragentType);
const fields = listEnvelope(customFieldDefinition);
const shops = listEnvelope(shop);
const howKnows = listEnvelope(howKnow);
const statuses = answer(record({ data: statusList }));

export function createOrderTypes(api: Caller) {
  return {
    async list(): Promise<Page<OrderType>> {
      return wholeList(await api.call({ method: "GET", path: "/type-orders", schema: orderTypes }));
    },
    async fields(typeId: string): Promise<Page<CustomFieldDefinition>> {
      const path = `/type-orders/${pathId(typeId, "typeId")}/fields`;
      return wholeList(await api.call({ method: "GET", path, schema: fields }));
    },
  };
}
export type OrderTypesApi = ReturnType<typeof createOrderTypes>;

export function createCounteragentTypes(api: Caller) {
  return {
    async list(): Promise<Page<CounteragentType>> {
      return wholeList(
        await api.call({ method: "GET", path: "/type-counteragents", schema: counteragentTypes }),
      );
    },
    async fields(typeId: string): Promise<Page<CustomFieldDefinition>> {
      const path = `/type-counteragents/${pathId(typeId, "typeId")}/fields`;
      return wholeList(await api.call({ method: "GET", path, schema: fields }));
    },
  };
}
export type CounteragentTypesApi = ReturnType<typeof createCounteragentTypes>;

export function createStatuses(api: Caller) {
  return {
    /** GET /statuses: the groups flattened in order; each status keeps `group` and `isPayRequired`. */
    async list(): Promise<Page<Status>> {
      return wholeList(await api.call({ method: "GET", path: "/statuses", schema: statuses }));
    },
  };
}
export type StatusesApi = ReturnType<typeof createStatuses>;

export function createShops(api: Caller) {
  return {
    async list(): Promise<Page<Shop>> {
      return wholeList(await api.call({ method: "GET", path: "/shops", schema: shops }));
    },
  };
}
export type ShopsApi = ReturnType<typeof createShops>;

export function createHowKnows(api: Caller) {
  return {
    /** GET /how-knows: advertising sources. */
    async list(): Promise<Page<HowKnow>> {
      return wholeList(await api.call({ method: "GET", path: "/how-knows", schema: howKnows }));
    },
  };
}
export type HowKnowsApi = ReturnType<typeof createHowKnows>;
