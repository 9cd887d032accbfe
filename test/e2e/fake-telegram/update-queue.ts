/**
 * Telegram's update queue: ids grow by one; an update stays until confirmed
 * (getUpdates with a greater offset, or a 2xx from the webhook). getUpdates
 * long-polls: it answers at once when updates are waiting, else as soon as one
 * arrives, else with [] after `timeout` seconds. A newer getUpdates ends the
 * older one with 409, as Telegram does.
 */
import type { Update } from "grammy/types";

export type NewUpdate = Omit<Update, "update_id">;

interface Poller {
  offset: number | undefined;
  limit: number;
  answer(result: Update[] | "conflict"): void;
}

export class UpdateQueue {
  private pending: Update[] = [];
  private nextId: number;
  private poller: Poller | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(firstId = 700_000_001) {
    this.nextId = firstId;
  }

  push(update: NewUpdate): Update {
    const full = { update_id: this.nextId++, ...update } as Update;
    this.pending.push(full);
    this.wakePoller();
    for (const listener of this.listeners) listener();
    return full;
  }

  /** Unconfirmed updates, oldest first. */
  get unconfirmed(): readonly Update[] {
    return this.pending;
  }

  confirm(updateId: number): void {
    this.pending = this.pending.filter((u) => u.update_id !== updateId);
  }

  dropAll(): void {
    this.pending = [];
  }

  /** Called on every push (webhook delivery listens here). */
  onPush(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * One getUpdates call. `closed` resolves when the HTTP request goes away
   * (the bot was killed): the long poll ends and nothing is confirmed by it.
   */
  getUpdates(
    params: { offset?: number; limit?: number; timeout?: number },
    closed: Promise<void>,
  ): Promise<Update[] | "conflict"> {
    const offset = params.offset;
    if (offset !== undefined && offset > 0) {
      this.pending = this.pending.filter((u) => u.update_id >= offset);
    }
    const limit = Math.min(100, Math.max(1, params.limit ?? 100));
    this.poller?.answer("conflict");
    this.poller = undefined;
    const ready = this.take(offset, limit);
    const timeoutMs = Math.max(0, params.timeout ?? 0) * 1000;
    if (ready.length > 0 || timeoutMs === 0) return Promise.resolve(ready);
    return new Promise((resolve) => {
      const poller: Poller = {
        offset,
        limit,
        answer: (result) => {
          clearTimeout(timer);
          if (this.poller === poller) this.poller = undefined;
          resolve(result);
        },
      };
      const timer = setTimeout(() => poller.answer([]), timeoutMs);
      this.poller = poller;
      void closed.then(() => poller.answer([]));
    });
  }

  private take(offset: number | undefined, limit: number): Update[] {
    const from = offset ?? 0;
    return this.pending.filter((u) => u.update_id >= from).slice(0, limit);
  }

  private wakePoller(): void {
    const poller = this.poller;
    if (!poller) return;
    const ready = this.take(poller.offset, poller.limit);
    if (ready.length > 0) poller.answer(ready);
  }
}
