import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TranslateFunction } from "@grammyjs/i18n";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "../../../src/bot/i18n.ts";
import { cardRecord } from "../../../src/bot/orders/json.ts";
import { asListQuery, asStaffFilter } from "../../../src/bot/orders/list-query.ts";
import {
  createSearchStore,
  type SavedResult,
  SEARCH_NAMESPACE,
  SEARCH_RESULT_NAMESPACE,
} from "../../../src/bot/orders/saved-searches.ts";
import { createFileStore, createMemoryStore } from "../../../src/bot/store/storage.ts";
import { formatOrderCard, orderSummary } from "../../../src/bot/ui/order-card.ts";
import { startSandbox } from "../../../src/sandbox/index.ts";
import { createServiceClient, type Order } from "../../../src/service/index.ts";

const i18n = createI18n("ru");
const t: TranslateFunction = (key, vars) => i18n.t("ru", key, vars);
const NOW = new Date("2026-06-01T12:00:00Z");
const card = (order: Order) =>
  formatOrderCard(order, { t, locale: "ru", timezone: "Europe/Moscow", now: NOW, statusGroup: "inWork" });

let items: Order[] = [];
let dir = "";

beforeAll(async () => {
  const sandbox = await startSandbox({ port: 0 });
  const client = createServiceClient({ baseUrl: sandbox.url, token: sandbox.token });
  items = (await client.orders.list({ page: 1, pageSize: 50, isVisible: true })).items;
  await sandbox.close();
  dir = await mkdtemp(join(tmpdir(), "search-store-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("saved search results", () => {
  it("come back from a file store (JSON) with the same cards and list labels, smaller", async () => {
    expect(items).toHaveLength(50);
    const searches = createSearchStore(createFileStore(dir));
    const query = { kind: "number", text: "А00" } as const;
    const saved: SavedResult = {
      query,
      chatId: 7,
      items,
      total: 60,
      checked: 50,
      scoped: false,
      fetch: 1,
      at: 123,
    };
    const token = await searches.saveWithResult(saved);
    expect(await searches.load(token)).toEqual({ query, chatId: 7 });
    const back = await searches.loadResult(token);
    expect(back).toMatchObject({
      query,
      chatId: 7,
      total: 60,
      checked: 50,
      scoped: false,
      fetch: 1,
      at: 123,
    });
    expect(back?.items.map(card)).toEqual(items.map(card));
    expect(back?.items.map(orderSummary)).toEqual(items.map(orderSummary));
    expect(back?.items[0]?.dateCreate).toBeInstanceOf(Date);
    // Stored size: what a card needs only.
    const full = Buffer.byteLength(JSON.stringify(items));
    const slim = Buffer.byteLength(JSON.stringify(items.map(cardRecord)));
    expect(slim).toBeLessThan(full * 0.8);
  });

  it("treat a bad token or a foreign entry as nothing saved", async () => {
    const store = createMemoryStore();
    const searches = createSearchStore(store);
    expect(await searches.loadResult("bad")).toBeUndefined();
    expect(await searches.loadResult("AAAAAAAA")).toBeUndefined();
    const raw = store.adapter<unknown>(SEARCH_RESULT_NAMESPACE, { ttlSeconds: 60 });
    for (const entry of [
      null,
      "x",
      { items: "no" },
      { query: 1, chatId: 1, items: [], total: 0, truncated: false },
      // The shape of an older version (no fetch number): read as expired, so the list asks again.
      { query: "А00", chatId: 1, items: [], total: 0, truncated: false, at: 1 },
      {
        query: { kind: "who knows" },
        chatId: 1,
        items: [],
        total: 0,
        checked: 0,
        scoped: false,
        fetch: 1,
        at: 1,
      },
    ]) {
      await raw.write("BBBBBBBB", entry);
      expect(await searches.loadResult("BBBBBBBB")).toBeUndefined();
    }
    await raw.write("BBBBBBBB", {
      query: { kind: "number", text: "q" },
      chatId: 1,
      items: [{ id: "o1", dateCreate: "not a date" }, { no: "id" }, 5],
      total: 3,
      checked: 3,
      scoped: false,
      fetch: 1,
      at: 1,
    });
    expect((await searches.loadResult("BBBBBBBB"))?.items).toEqual([{ id: "o1" }]);
  });

  it("read a staff filter as no list, and a query of another shape as nothing saved", async () => {
    const store = createMemoryStore();
    const searches = createSearchStore(store);
    const raw = store.adapter<unknown>(SEARCH_NAMESPACE, { ttlSeconds: 60 });
    await raw.write("CCCCCCCC", { query: { kind: "number", text: "А00104" }, chatId: 5 });
    const list = await searches.load("CCCCCCCC");
    expect(list && asListQuery(list.query)).toEqual({ kind: "number", text: "А00104" });
    expect(list && asStaffFilter(list.query)).toBeUndefined();
    await raw.write("CCCCCCCC", { query: { kind: "staff", name: "Ив" }, chatId: 5 });
    const staff = await searches.load("CCCCCCCC");
    expect(staff && asListQuery(staff.query)).toBeUndefined();
    expect(staff && asStaffFilter(staff.query)).toBe("Ив");
    for (const foreign of [
      { query: { kind: "num", num: -1, text: "x" }, chatId: 5 },
      // The typed text an older version saved alone (its entries expired a day after it).
      { query: "А00104", chatId: 5 },
      { query: "x", chatId: "5" },
      [],
    ]) {
      await raw.write("CCCCCCCC", foreign);
      expect(await searches.load("CCCCCCCC")).toBeUndefined();
    }
  });
});
