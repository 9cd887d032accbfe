/**
 * Saved searches: a list's typed query (list-query.ts) or a staff filter under a
 * short random token, so paging and "try again" buttons carry 8 characters
 * instead of the user's text (which may be long, Cyrillic, and would not fit
 * into 64 bytes of callback data). Kept in the shared storage for a day; an
 * expired token means "search again". Read back through zod schemas: anything
 * else under a key (another version, a broken file) reads as nothing saved.
 *
 * A list's records (one fetch of it) are saved under the same token for a shorter
 * time (RESULT_TTL_MS): its pages and the cards opened from it cost no request while
 * they are fresh; after that a page asks the service once and saves anew. Only
 * what a card shows is kept (cardRecord): 32 KB for 50 sandbox list records
 * (46 KB as fetched).
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { persisted } from "../store/registry.ts";
import type { Store } from "../store/storage.ts";
import type { OrderPage } from "./by-number.ts";
import { cardRecord, storedOrders } from "./json.ts";
import { type ListQuery, listQuerySchema, type SavedQuery, savedQuerySchema } from "./list-query.ts";

export const SEARCH_NAMESPACE = "searches";
export const SEARCH_RESULT_NAMESPACE = "search-results";
const SEARCH_TTL_SECONDS = 24 * 60 * 60;
/** How long a saved list stands for the service's answer (its cards have 🔄 Refresh for the latest). */
export const RESULT_TTL_MS = 30 * 60 * 1000;

interface SavedSearch<Q = SavedQuery> {
  query: Q;
  /** The chat that ran it; a token pressed in another chat is refused as stale. */
  chatId: number;
}

/** One fetch of a list (`fetch`, 1-based) with its records as fetched at `at` (Unix ms). */
export interface SavedResult extends SavedSearch<ListQuery>, OrderPage {
  fetch: number;
  at: number;
}

export interface SearchStore {
  save(search: SavedSearch): Promise<string>;
  /** A new search with its records (written together); returns the token. */
  saveWithResult(result: SavedResult): Promise<string>;
  load(token: string): Promise<SavedSearch | undefined>;
  /** Saves a search's records under its token (the storage drops them after RESULT_TTL_MS). */
  saveResult(token: string, result: SavedResult): Promise<void>;
  /** The saved records, whatever their age (the caller compares `at` with its clock); undefined when gone. */
  loadResult(token: string): Promise<SavedResult | undefined>;
}

const TOKEN = /^[A-Za-z0-9_-]{8}$/;
const newToken = () => randomBytes(6).toString("base64url");

const count = z.number().int().nonnegative();
const savedSearchSchema = z.object({ query: savedQuerySchema, chatId: z.number() });
const savedListSchema = z.object({ query: listQuerySchema, chatId: z.number() });
const savedResultSchema = savedListSchema.extend({
  fetch: z.number().int().positive(),
  items: storedOrders,
  total: count,
  checked: count,
  scoped: z.boolean(),
  at: z.number(),
});

// Saved lists and searches are a cache: a store that refuses them never fails the list shown.
const savedSearches = persisted({
  namespace: SEARCH_NAMESPACE,
  schema: savedSearchSchema,
  ttlSeconds: SEARCH_TTL_SECONDS,
  whenStoreFails: "skip",
  keep: { entries: 200, copies: "all" },
});
const savedResults = persisted({
  namespace: SEARCH_RESULT_NAMESPACE,
  schema: savedResultSchema,
  ttlSeconds: Math.ceil(RESULT_TTL_MS / 1000),
  whenStoreFails: "skip",
  keep: { entries: 50, copies: "all" },
});

export function createSearchStore(store: Store): SearchStore {
  const searches = store.open(savedSearches);
  const results = store.open(savedResults);
  const writeResult = (token: string, result: SavedResult) =>
    results.write(token, { ...result, items: result.items.map(cardRecord) });
  return {
    async save(search) {
      const token = newToken();
      await searches.write(token, search);
      return token;
    },
    async saveWithResult(result) {
      const token = newToken();
      await Promise.all([
        searches.write(token, { query: result.query, chatId: result.chatId }),
        writeResult(token, result),
      ]);
      return token;
    },
    async load(token) {
      return TOKEN.test(token) ? await searches.read(token) : undefined;
    },
    async saveResult(token, result) {
      if (TOKEN.test(token)) await writeResult(token, result);
    },
    async loadResult(token) {
      return TOKEN.test(token) ? await results.read(token) : undefined;
    },
  };
}
