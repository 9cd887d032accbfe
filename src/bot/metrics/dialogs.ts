/**
 * Open dialogs: the chats whose dialog state this process last read or wrote
 * as present (the conversations plugin deletes a chat's state when its last
 * dialog ends). A dialog state left by an earlier run counts once its chat
 * writes again; with several instances each counts the chats it served.
 */
import type { StorageAdapter } from "grammy";
import { Gauge, type Registry } from "prom-client";

export interface DialogCount {
  /** The dialogs' storage, counting as it goes: read, write and delete pass through unchanged. */
  counting<T>(adapter: StorageAdapter<T>): StorageAdapter<T>;
}

export function dialogCounter(registry: Registry, prefix: string): DialogCount {
  const open = new Set<string>();
  new Gauge({
    name: `${prefix}dialogs_open`,
    help: "Chats with a dialog open (as this process last read or wrote their state)",
    registers: [registry],
    collect() {
      this.set(open.size);
    },
  });
  return {
    counting: (adapter) => ({
      read: async (key) => {
        const value = await adapter.read(key);
        if (value === undefined) open.delete(key);
        else open.add(key);
        return value;
      },
      write: async (key, value) => {
        await adapter.write(key, value);
        open.add(key);
      },
      delete: async (key) => {
        await adapter.delete(key);
        open.delete(key);
      },
    }),
  };
}
