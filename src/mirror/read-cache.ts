/**
 * The mirror's readings kept until the next write. A lookup reads its order
 * twice (its number, then its card's copy) and a busy chat reads the same
 * orders again and again, while the sync writes every few seconds at most:
 * between two writes the database answers the same, so the answer is kept.
 * Any write (a statement that is not a SELECT, a transaction's end) by this
 * connection empties it, and so does a commit by any other connection to the
 * same file (SQLite's data_version).
 */
const MAX_ENTRIES = 2_048;

export class ReadCache {
  readonly #entries = new Map<string, unknown>();
  #writes = 0;
  #seenWrites = 0;
  #seenVersion: number | undefined;

  readonly #version: () => number;

  /** `version`: SQLite's `PRAGMA data_version` (changes with another connection's commit). */
  constructor(version: () => number) {
    this.#version = version;
  }

  /** Something may have changed: what was kept is dropped. */
  wrote(): void {
    this.#writes++;
  }

  /** The kept answer for `key`, else `load`'s (kept, frozen: every reader shares it). */
  read<T>(key: string, load: () => T): T {
    const version = this.#version();
    if (
      this.#seenWrites !== this.#writes ||
      this.#seenVersion !== version ||
      this.#entries.size >= MAX_ENTRIES
    ) {
      this.#entries.clear();
      this.#seenWrites = this.#writes;
      this.#seenVersion = version;
    }
    if (this.#entries.has(key)) return this.#entries.get(key) as T;
    const value = load();
    this.#entries.set(key, value);
    return value;
  }

  /** An answer read along with another (a number's orders are each order's too). */
  keep(key: string, value: unknown): void {
    this.#entries.set(key, value);
  }
}
