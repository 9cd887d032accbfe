/**
 * Reference data cache. The service allows ~100 requests per 15 minutes, so
 * data that rarely changes (workshops, order types, statuses, registers, staff,
 * counteragent types, advertising sources, custom-field definitions) is fetched
 * once per TTL and kept in the shared storage: every instance of the bot uses the
 * same copy, and `invalidate` drops it for all of them.
 *
 * When the service cannot answer (quota spent, unavailable) an expired copy is
 * served instead of an error: old reference data beats no data.
 */
import { z } from "zod";
import type { Logger } from "../../logger.ts";
import type {
  CashItem,
  CashRegister,
  CounteragentType,
  CustomFieldDefinition,
  Employee,
  HowKnow,
  OrderType,
  ServiceClient,
  Shop,
  Status,
} from "../../service/index.ts";
import { isServiceError } from "../../service/index.ts";
import { persisted } from "../store/registry.ts";
import type { Store } from "../store/storage.ts";

const DEFAULT_TTL_MS = 60 * 60 * 1000;
/** Employee lists come without totals: page until a short page, within reason. */
const STAFF_PAGE_SIZE = 50;
const STAFF_MAX_PAGES = 10;

interface Entry<T> {
  /** When it was fetched, Unix ms. */
  at: number;
  data: T;
}

/**
 * One entry per list ("statuses", "masters.<shop>", ...). A cache: a store that refuses
 * writes skips them, and what this process knew is served while it cannot be read.
 * The lists themselves were checked by the client when fetched.
 */
const referenceLists = persisted<Entry<unknown>>({
  namespace: "reference",
  schema: z.object({ at: z.number(), data: z.unknown() }) as z.ZodType<Entry<unknown>>,
  whenStoreFails: "skip",
  keep: { entries: 200, copies: "all" },
});

export interface ReferenceCache {
  shops(): Promise<Shop[]>;
  /** The workshops as cached, however old, or undefined: never a request (the client's side). */
  cachedShops(): Promise<Shop[] | undefined>;
  orderTypes(): Promise<OrderType[]>;
  orderTypeFields(typeId: string): Promise<CustomFieldDefinition[]>;
  /** An order type's fields as cached, however old, or undefined: never a request (for cards). */
  cachedOrderTypeFields(typeId: string): Promise<CustomFieldDefinition[] | undefined>;
  statuses(): Promise<Status[]>;
  /** The statuses as cached, however old, or undefined: never a request (for cards). */
  cachedStatuses(): Promise<Status[] | undefined>;
  counteragentTypes(): Promise<CounteragentType[]>;
  counteragentTypeFields(typeId: string): Promise<CustomFieldDefinition[]>;
  howKnows(): Promise<HowKnow[]>;
  cashItems(): Promise<CashItem[]>;
  cashRegisters(shopId: string): Promise<CashRegister[]>;
  employees(shopId: string): Promise<Employee[]>;
  masters(shopId: string): Promise<Employee[]>;
  managers(shopId: string): Promise<Employee[]>;
  /** Drops one list (e.g. `invalidate("statuses")`, `invalidate("masters", shopId)`) or, without a kind, all. */
  invalidate(kind?: ReferenceKind, arg?: string): Promise<void>;
}

type ReferenceKind =
  | "shops"
  | "orderTypes"
  | "orderTypeFields"
  | "statuses"
  | "counteragentTypes"
  | "counteragentTypeFields"
  | "howKnows"
  | "cashItems"
  | "cashRegisters"
  | "employees"
  | "masters"
  | "managers";

interface ReferenceCacheOptions {
  client: ServiceClient;
  store: Store;
  logger: Logger;
  ttlMs?: number;
  now?: () => number;
}

export function createReferenceCache(options: ReferenceCacheOptions): ReferenceCache {
  const { client, store, logger } = options;
  const ttl = options.ttlMs ?? DEFAULT_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = store.open(referenceLists);
  const known = new Set<string>(); // keys this process wrote, for invalidate() without a kind
  const inFlight = new Map<string, Promise<unknown>>();

  const keyOf = (kind: ReferenceKind, arg?: string) => (arg === undefined ? kind : `${kind}.${arg}`);

  async function cached<T>(kind: ReferenceKind, arg: string | undefined, load: () => Promise<T>): Promise<T> {
    const key = keyOf(kind, arg);
    const entry = (await entries.read(key)) as Entry<T> | undefined;
    if (entry && now() - entry.at < ttl) return entry.data;
    // One request per key at a time: ten users opening the same dialog cost one request.
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const fetching = (async () => {
      try {
        const data = await load();
        await entries.write(key, { at: now(), data });
        known.add(key);
        return data;
      } catch (error) {
        if (entry && isServiceError(error) && (error.kind === "quota" || error.kind === "unavailable")) {
          logger.warn({ key, kind: error.kind }, "reference data: serving an expired copy");
          return entry.data;
        }
        throw error;
      } finally {
        inFlight.delete(key);
      }
    })();
    inFlight.set(key, fetching);
    return fetching;
  }

  async function allStaff(fetchPage: (page: number) => Promise<{ items: Employee[] }>): Promise<Employee[]> {
    const all: Employee[] = [];
    for (let page = 1; page <= STAFF_MAX_PAGES; page++) {
      const { items } = await fetchPage(page);
      all.push(...items);
      if (items.length < STAFF_PAGE_SIZE) break;
    }
    return all;
  }

  const staffQuery = (page: number) => ({ page, pageSize: STAFF_PAGE_SIZE });

  return {
    shops: () => cached("shops", undefined, async () => (await client.shops.list()).items),
    orderTypes: () => cached("orderTypes", undefined, async () => (await client.orderTypes.list()).items),
    orderTypeFields: (typeId) =>
      cached("orderTypeFields", typeId, async () => (await client.orderTypes.fields(typeId)).items),
    statuses: () => cached("statuses", undefined, async () => (await client.statuses.list()).items),
    cachedShops: async () => ((await entries.read("shops")) as Entry<Shop[]> | undefined)?.data,
    cachedStatuses: async () => ((await entries.read("statuses")) as Entry<Status[]> | undefined)?.data,
    cachedOrderTypeFields: async (typeId) =>
      ((await entries.read(keyOf("orderTypeFields", typeId))) as Entry<CustomFieldDefinition[]> | undefined)
        ?.data,
    counteragentTypes: () =>
      cached("counteragentTypes", undefined, async () => (await client.counteragentTypes.list()).items),
    counteragentTypeFields: (typeId) =>
      cached(
        "counteragentTypeFields",
        typeId,
        async () => (await client.counteragentTypes.fields(typeId)).items,
      ),
    howKnows: () => cached("howKnows", undefined, async () => (await client.howKnows.list()).items),
    cashItems: () => cached("cashItems", undefined, async () => (await client.cashItems.list()).items),
    cashRegisters: (shopId) =>
      cached("cashRegisters", shopId, async () => (await client.cashRegisters.list(shopId)).items),
    employees: (shopId) =>
      cached("employees", shopId, () => allStaff((page) => client.employees.list(shopId, staffQuery(page)))),
    masters: (shopId) =>
      cached("masters", shopId, () => allStaff((page) => client.employees.masters(shopId, staffQuery(page)))),
    managers: (shopId) =>
      cached("managers", shopId, () =>
        allStaff((page) => client.employees.managers(shopId, staffQuery(page))),
      ),

    async invalidate(kind, arg) {
      if (kind !== undefined) {
        await entries.delete(keyOf(kind, arg));
        known.delete(keyOf(kind, arg));
        return;
      }
      // Storage adapters cannot list keys portably. The per-workshop and per-type lists are named
      // after the ids in the cached workshop and type lists, so the keys another instance wrote are
      // found too (`known` holds only this process's); read those lists before dropping them.
      const perId: [ReferenceKind, ReferenceKind[]][] = [
        ["shops", ["cashRegisters", "employees", "masters", "managers"]],
        ["orderTypes", ["orderTypeFields"]],
        ["counteragentTypes", ["counteragentTypeFields"]],
      ];
      const keys = new Set<string>(known);
      for (const [list, kinds] of perId) {
        const ids = idsOf((await entries.read(list))?.data);
        for (const kind of kinds) for (const id of ids) keys.add(keyOf(kind, id));
      }
      const plain: ReferenceKind[] = [
        "shops",
        "orderTypes",
        "statuses",
        "counteragentTypes",
        "howKnows",
        "cashItems",
      ];
      for (const key of new Set([...keys, ...plain])) await entries.delete(key);
      known.clear();
    },
  };
}

/** The ids of a cached list (workshops, types), whatever else its records hold. */
function idsOf(data: unknown): string[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((item: unknown) => {
    if (typeof item !== "object" || item === null || !("id" in item)) return [];
    const { id } = item;
    return typeof id === "string" || typeof id === "number" ? [String(id)] : [];
  });
}
