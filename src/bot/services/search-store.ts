/**
 * Saved searches: a lookup's query under a short random token, so list paging
 * and "try again" buttons carry 8 characters instead of the user's text (which
 * may be long, Cyrillic, and would not fit into 64 bytes of callback data).
 * Kept in the shared storage for a day; an expired token means "search again".
 *
 * A list's records are saved under the same token for a shorter time
 * (RESULT_TTL_MS): its pages and the cards opened from it cost no request while
 * they are fresh; after that a page asks the service once and saves anew. Only
 * what a card shows is kept (cardRecord): 32 KB for 50 sandbox list records
 * (46 KB as fetched).
 */
import { randomBytes } from "node:crypto";
import type { Order } from "../../service/index.ts";
import type { Store } from "../storage.ts";
import { cardRecord, reviveOrders } from "./order-json.ts";
import type { SearchResult } from "./order-search.ts";

export const SEARCH_NAMESPACE = "searches";
export const SEARCH_RESULT_NAMESPACE = "search-results";
const SEARCH_TTL_SECONDS = 24 * 60 * 60;
/** How long a saved list stands for the service's answer (its cards have 🔄 Refresh for the latest). */
export const RESULT_TTL_MS = 30 * 60 * 1000;

export interface SavedSearch {
  query: string;
  /** The chat that ran it; a token pressed in another chat is refused as stale. */
  chatId: number;
}

/** A search with its list records as fetched at `at` (Unix ms). */
export interface SavedResult extends SavedSearch, SearchResult {
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

export function createSearchStore(store: Store): SearchStore {
  const searches = store.adapter<SavedSearch>(SEARCH_NAMESPACE, { ttlSeconds: SEARCH_TTL_SECONDS });
  const results = store.adapter<unknown>(SEARCH_RESULT_NAMESPACE, {
    ttlSeconds: Math.ceil(RESULT_TTL_MS / 1000),
  });
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
      return TOKEN.test(token) ? searches.read(token) : undefined;
    },
    async saveResult(token, result) {
      if (TOKEN.test(token)) await writeResult(token, result);
    },
    async loadResult(token) {
      return TOKEN.test(token) ? parseResult(await results.read(token)) : undefined;
    },
  };
}

/** A saved result as JSON gave it back: dates are strings again, anything foreign is a miss. */
function parseResult(raw: unknown): SavedResult | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const { query, items, total, truncated, chatId, at } = raw as Partial<Record<keyof SavedResult, unknown>>;
  if (!Array.isArray(items) || typeof total !== "number" || typeof truncated !== "boolean") return undefined;
  if (typeof query !== "string" || typeof chatId !== "number" || typeof at !== "number") return undefined;
  const orders: Order[] = reviveOrders(items);
  return { query, chatId, items: orders, total, truncated, at };
}
