import { describe, expect, it } from "vitest";
import { learnedOf } from "../../../src/bot/state/learned.ts";
import { createMemoryStore } from "../../../src/bot/store/storage.ts";
import type { Order } from "../../../src/service/index.ts";

const order = (id: string, typeDevice?: string): Order => ({ id, typeDevice });

describe("device types learned for the intake", () => {
  it("keeps the newest first, without case duplicates, at most eight", async () => {
    const learned = learnedOf(createMemoryStore());
    await learned.fromOrders([order("1", "Смартфон"), order("2", "Ноутбук"), order("3"), order("4", " ")]);
    expect(await learned.deviceTypes()).toEqual(["Ноутбук", "Смартфон"]);
    await learned.fromOrders([order("5", "смартфон")]); // known: no change
    expect(await learned.deviceTypes()).toEqual(["Ноутбук", "Смартфон"]);
    await learned.useDeviceType("смартфон"); // the clerk's spelling, first
    expect(await learned.deviceTypes()).toEqual(["смартфон", "Ноутбук"]);
    for (let i = 0; i < 10; i++) await learned.useDeviceType(`Тип ${i}`);
    const types = await learned.deviceTypes();
    expect(types).toHaveLength(8);
    expect(types[0]).toBe("Тип 9");
  });

  it("ignores a device type too long to be a button", async () => {
    const learned = learnedOf(createMemoryStore());
    await learned.useDeviceType("x".repeat(61));
    await learned.fromOrders([order("1", "y".repeat(61))]);
    expect(await learned.deviceTypes()).toEqual([]);
  });

  it("a storage that fails does not fail the lookup that teaches it", async () => {
    const store = createMemoryStore();
    const broken = {
      ...store,
      adapter: () => ({
        read: async () => {
          throw new Error("down");
        },
        write: async () => {
          throw new Error("down");
        },
        delete: async () => {},
      }),
    } as unknown as typeof store;
    await expect(learnedOf(broken).fromOrders([order("1", "Планшет")])).resolves.toBeUndefined();
  });

  it("learns a frozen reading once it is written, and again after a failed write", async () => {
    const store = createMemoryStore();
    let down = true;
    let writes = 0;
    const flaky = {
      ...store,
      adapter: <T>(namespace: string) => {
        const real = store.adapter<T>(namespace);
        return {
          ...real,
          read: (key: string) => (down ? Promise.reject(new Error("down")) : real.read(key)),
          write: (key: string, value: T) => {
            if (down) return Promise.reject(new Error("down"));
            writes++;
            return real.write(key, value);
          },
        };
      },
    } as unknown as typeof store;
    const learned = learnedOf(flaky);
    const reading = Object.freeze(order("1", "Планшет"));
    await learned.fromOrders([reading]);
    down = false;
    await learned.fromOrders([reading]);
    expect(await learned.deviceTypes()).toEqual(["Планшет"]);
    const written = writes;
    await learned.fromOrders([reading]);
    expect(writes).toBe(written);
  });
});
