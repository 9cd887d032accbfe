/**
 * A Store wrapper that keeps the serialized size (JSON, UTF-8 bytes) of every
 * value currently stored, per namespace: what a file or Redis store would hold.
 */
import type { Persisted, RecordAdapter, Store } from "../src/bot/store/storage.ts";

export interface MeasuringStore extends Store {
  /** Bytes per namespace right now. */
  bytes(): Map<string, number>;
}

export function measuringStore(inner: Store): MeasuringStore {
  const sizes = new Map<string, Map<string, number>>();
  const sizesOf = (namespace: string) => {
    let map = sizes.get(namespace);
    if (!map) {
      map = new Map();
      sizes.set(namespace, map);
    }
    return map;
  };
  return {
    kind: inner.kind,
    close: () => inner.close(),
    adapter: (namespace, options) => inner.adapter(namespace, options),
    open<T>(record: Persisted<T>): RecordAdapter<T> {
      const adapter = inner.open(record);
      const map = sizesOf(record.namespace);
      const measure = (key: string, value: T | undefined) => {
        if (value === undefined) map.delete(key);
        else map.set(key, Buffer.byteLength(JSON.stringify(value)));
      };
      return {
        read: (key) => adapter.read(key),
        async write(key, value) {
          measure(key, value);
          await adapter.write(key, value);
        },
        async delete(key) {
          map.delete(key);
          await adapter.delete(key);
        },
        async update(key, change) {
          const next = await adapter.update(key, change);
          measure(key, next);
          return next;
        },
      };
    },
    bytes() {
      const out = new Map<string, number>();
      for (const [namespace, map] of sizes) {
        let total = 0;
        for (const size of map.values()) total += size;
        out.set(namespace, total);
      }
      return out;
    },
  };
}
