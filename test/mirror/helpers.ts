/** Orders, a fake service client and mirror options for the mirror's unit tests. */
import { DEFAULT_BUDGET, type MirrorClient, type MirrorOptions } from "../../src/mirror/index.ts";
import type { Order, OrderListQuery, Page } from "../../src/service/index.ts";
import { ServiceError } from "../../src/service/index.ts";

let counter = 0;

/** An open order of workshop s1 with a few defaults; `overrides` win. */
export function order(overrides: Partial<Order> & { id?: string } = {}): Order {
  counter++;
  return {
    id: overrides.id ?? `o${counter}`,
    number: `А${String(counter).padStart(6, "0")}`,
    dateCreate: new Date(Date.UTC(2026, 9, 1) + counter * 60_000),
    status: { id: "s-new", name: "Новый", type: "new" } as Order["status"],
    shop: { id: "s1", name: "Мастерская" },
    counteragent: { id: `c${counter}`, name: "Клиент", phones: [] },
    isVisible: true,
    ...overrides,
  } as Order;
}

export type FakeCall = { list: OrderListQuery } | { get: string };

/** A client that answers lists with `list` and reads with `get`, recording every call. */
export function fakeMirrorClient(
  answers: { list?: Order[]; get?: Order } = {},
): MirrorClient & { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const orders = {
    async list(query: OrderListQuery): Promise<Page<Order>> {
      calls.push({ list: query });
      const items = answers.list ?? [];
      return { items, total: items.length, page: 1, pageSize: 50 };
    },
    async get(id: string): Promise<Order> {
      calls.push({ get: id });
      if (!answers.get) throw new ServiceError("not_found", "no such order", { status: 404 });
      return answers.get;
    },
  };
  return {
    calls,
    orders: orders as unknown as MirrorClient["orders"],
    statuses: {
      list: async () => ({ items: [], page: 1, pageSize: 50 }),
    } as unknown as MirrorClient["statuses"],
    quota: null,
  };
}

export function mirrorOptions(
  overrides: Partial<MirrorOptions> & Pick<MirrorOptions, "client">,
): MirrorOptions {
  return {
    path: ":memory:",
    shopIds: [],
    budget: { ...DEFAULT_BUDGET, baseIntervalMs: 60_000 },
    overlapMs: 30_000,
    backfillDays: 30,
    ...overrides,
  };
}
