/**
 * Saved searches: a lookup's query under a short random token, so list paging
 * and "try again" buttons carry 8 characters instead of the user's text (which
 * may be long, Cyrillic, and would not fit into 64 bytes of callback data).
 * Kept in the shared storage for a day; an expired token means "search again".
 */
import { randomBytes } from "node:crypto";
import type { Store } from "../storage.ts";

export const SEARCH_NAMESPACE = "searches";
const SEARCH_TTL_SECONDS = 24 * 60 * 60;

export interface SavedSearch {
  query: string;
  /** The chat that ran it; a token pressed in another chat is refused as stale. */
  chatId: number;
}

export interface SearchStore {
  save(search: SavedSearch): Promise<string>;
  load(token: string): Promise<SavedSearch | undefined>;
}

const TOKEN = /^[A-Za-z0-9_-]{8}$/;

export function createSearchStore(store: Store): SearchStore {
  const searches = store.adapter<SavedSearch>(SEARCH_NAMESPACE, { ttlSeconds: SEARCH_TTL_SECONDS });
  return {
    async save(search) {
      const token = randomBytes(6).toString("base64url");
      await searches.write(token, search);
      return token;
    },
    async load(token) {
      return TOKEN.test(token) ? searches.read(token) : undefined;
    },
  };
}
