/**
 * What the bot learns from the orders passing through it (lookups, refreshes,
 * inline results, dialogs) at no request cost:
 *
 * - statuses (id, name, colour): the status change falls back to them when the
 *   service has no `GET /statuses` ("else learned from orders seen");
 * - how order numbers look per workshop (prefix and digit count, "А" + 6), so
 *   a bare number that finds nothing can hint how to search by a part of one;
 * - the device types of recent orders, newest first: the intake offers them as buttons.
 *
 * Kept in the shared store, so every instance learns from all. A process
 * remembers what it already wrote: an order with nothing new costs no storage
 * access at all.
 */
import { z } from "zod";
import { isHeldReading } from "../../mirror/index.ts";
import type { Order } from "../../service/index.ts";
import { persisted } from "../store/registry.ts";
import type { RecordAdapter, Store } from "../store/storage.ts";

const learnedStatus = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string().optional(),
  /** The status's group (`status.type` of real records): a move into "closed" is known as one. */
  group: z.string().optional(),
});
type LearnedStatus = z.infer<typeof learnedStatus>;

const numberShape = z.object({
  /** The workshop the number was seen in, when the record names it. */
  shopId: z.string().optional(),
  /** The letters before the digits, as the workshop writes them, a separator included ("А", "Б-"). */
  prefix: z.string(),
  /** How many digits follow (zero-padded), e.g. 6 in "А001042". */
  digits: z.number(),
});
export type NumberShape = z.infer<typeof numberShape>;

/** Statuses in the order first seen; number shapes, one per workshop and prefix. */
const learnedData = z.object({
  statuses: z.array(learnedStatus),
  numbers: z.array(numberShape),
  /** Newest first, at most DEVICE_TYPES_KEPT. */
  deviceTypes: z.array(z.string()).optional(),
  /** Unix ms until which `GET /statuses` is known to be missing on this service (not asked again). */
  statusesMissingUntil: z.number().optional(),
});
type LearnedData = z.infer<typeof learnedData>;

/**
 * One entry ("learned"); learning never fails a lookup, and a store that cannot be read has learned
 * nothing. What a refusing store skipped is kept here and written once it takes it (the lessons are
 * not taught twice by this process).
 */
const learnedRecord = persisted({
  namespace: "learned",
  schema: learnedData,
  whenStoreFails: "skip",
  keep: { entries: 1 },
});

const KEY = "learned";
const DEVICE_TYPES_KEPT = 8;
const DEVICE_TYPE_LIMIT = 60;
const NUMBER = /^(\D*?)(\d+)$/u;

export interface Learned {
  /** Records what the orders show; never throws (learning must not fail a lookup). */
  fromOrders(orders: readonly Order[]): Promise<void>;
  statuses(): Promise<LearnedStatus[]>;
  numbers(): Promise<NumberShape[]>;
  /** Device types of recent orders, newest first. */
  deviceTypes(): Promise<string[]>;
  /** Moves a device type just used to the front (the intake's own answers). */
  useDeviceType(type: string): Promise<void>;
  statusesMissing(now: number): Promise<boolean>;
  markStatusesMissing(until: number): Promise<void>;
}

const byStore = new WeakMap<Store, Learned>();

/** One Learned per store: the services object stays as it is, and tests with their own stores stay apart. */
export function learnedOf(store: Store): Learned {
  let learned = byStore.get(store);
  if (!learned) {
    learned = createLearned(store.open(learnedRecord), () => legacyLearned(store));
    byStore.set(store, learned);
  }
  return learned;
}

const statusSignature = (s: LearnedStatus) => `s:${s.id}:${s.name}:${s.color ?? ""}:${s.group ?? ""}`;
const numberSignature = (n: NumberShape) => `n:${n.shopId ?? ""}:${n.prefix}:${n.digits}`;
const deviceSignature = (type: string) => `d:${type.toLowerCase()}`;

/** `type` first, a differently cased copy of it dropped, at most DEVICE_TYPES_KEPT. */
function withDeviceType(types: readonly string[], type: string): string[] {
  const same = deviceSignature(type);
  return [type, ...types.filter((t) => deviceSignature(t) !== same)].slice(0, DEVICE_TYPES_KEPT);
}

/** Versions before the registry kept it in the reference cache's namespace, under the same key. */
async function legacyLearned(store: Store): Promise<LearnedData | undefined> {
  return learnedData.safeParse(await store.adapter<unknown>("reference").read(KEY)).data;
}

function createLearned(
  entries: RecordAdapter<LearnedData>,
  legacy: () => Promise<LearnedData | undefined>,
): Learned {
  const written = new Set<string>();
  const taught = new WeakSet<Order>();
  // Looked for once per process, while this namespace has nothing: then moved into it
  // (again at the next read if the store could not be read).
  let upgraded: Promise<LearnedData | undefined> | undefined;
  const upgrade = async (): Promise<LearnedData | undefined> => {
    upgraded ??= legacy().then(async (data) => {
      if (data) await entries.write(KEY, data).catch(() => undefined);
      return data;
    });
    try {
      return await upgraded;
    } catch {
      upgraded = undefined;
      return undefined;
    }
  };
  const read = async (): Promise<LearnedData> =>
    (await entries.read(KEY)) ?? structuredClone((await upgrade()) ?? { statuses: [], numbers: [] });

  return {
    async fromOrders(all) {
      const orders = all.filter((order) => !taught.has(order));
      if (orders.length === 0) return;
      // A reading of the mirror's never changes: what it teaches is learned once.
      const learnedAll = () => {
        for (const order of orders) if (isHeldReading(order)) taught.add(order);
      };
      const statuses = orders.flatMap(statusOf).filter((s) => !written.has(statusSignature(s)));
      const numbers = orders.flatMap(numberShapeOf).filter((n) => !written.has(numberSignature(n)));
      const devices = [...new Set(orders.flatMap(deviceTypeOf))].filter(
        (d) => !written.has(deviceSignature(d)),
      );
      if (statuses.length === 0 && numbers.length === 0 && devices.length === 0) {
        learnedAll();
        return;
      }
      try {
        const data = await read();
        for (const status of statuses) {
          const at = data.statuses.findIndex((known) => known.id === status.id);
          // A renamed or recoloured status: the newest record wins, in its old place.
          if (at >= 0) data.statuses[at] = status;
          else data.statuses.push(status);
        }
        for (const shape of numbers) {
          const known = data.numbers.some((n) => numberSignature(n) === numberSignature(shape));
          if (!known) data.numbers.push(shape);
        }
        for (const type of devices) {
          const known = (data.deviceTypes ?? []).some((d) => deviceSignature(d) === deviceSignature(type));
          if (!known) data.deviceTypes = withDeviceType(data.deviceTypes ?? [], type);
        }
        await entries.write(KEY, data);
        for (const s of statuses) written.add(statusSignature(s));
        for (const n of numbers) written.add(numberSignature(n));
        for (const d of devices) written.add(deviceSignature(d));
        learnedAll();
      } catch {
        // The storage is down: the next order teaches the same again.
      }
    },
    statuses: async () => (await read()).statuses,
    numbers: async () => (await read()).numbers,
    deviceTypes: async () => (await read()).deviceTypes ?? [],
    async useDeviceType(type) {
      if (type.length > DEVICE_TYPE_LIMIT) return;
      const data = await read();
      if (deviceSignature(data.deviceTypes?.[0] ?? "") === deviceSignature(type)) return;
      await entries.write(KEY, { ...data, deviceTypes: withDeviceType(data.deviceTypes ?? [], type) });
    },
    statusesMissing: async (now) => ((await read()).statusesMissingUntil ?? 0) > now,
    async markStatusesMissing(until) {
      const data = await read();
      await entries.write(KEY, { ...data, statusesMissingUntil: until });
    },
  };
}

function statusOf(order: Order): LearnedStatus[] {
  const { id, name, color, type } = order.status ?? {};
  if (!id || !name) return [];
  return [{ id, name, color, group: type }];
}

function deviceTypeOf(order: Order): string[] {
  const type = order.typeDevice?.trim();
  return type && type.length <= DEVICE_TYPE_LIMIT ? [type] : [];
}

function numberShapeOf(order: Order): NumberShape[] {
  const match = order.number ? NUMBER.exec(order.number.trim()) : null;
  const prefix = match?.[1] ?? "";
  const digits = match?.[2] ?? "";
  // Only numbers with letters teach something: a bare number needs no hint.
  if (!match || prefix === "" || digits.length > 12) return [];
  return [{ shopId: order.shop?.id, prefix, digits: digits.length }];
}
