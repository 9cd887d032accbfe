/**
 * Walks the order mirror's change log from a cursor kept in the mirror's own
 * file (one per reader name), one change at a time, in order; the staff's
 * notifier and the clients' one each own one. What a change means (and the
 * claims that make a message once) is the caller's `deliver`.
 */
import type { MirrorChange, OrderMirror } from "../../mirror/index.ts";

const BATCH = 100;

export interface ChangeFeedOptions {
  mirror: OrderMirror;
  /** This reader's name for its cursor in the mirror's file. */
  reader: string;
  deliver: (change: MirrorChange) => Promise<void>;
  /** A failed drain: logged by the caller; the next change retries from the cursor. */
  onError: (error: unknown) => void;
  /** Where a reader without a kept cursor starts, given the log's end (the end by default). */
  firstCursor?: (end: number) => Promise<number>;
}

export class ChangeFeed {
  private readonly options: ChangeFeedOptions;
  private cursor: number | undefined;
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | undefined;

  constructor(options: ChangeFeedOptions) {
    this.options = options;
  }

  /** Catches up with what the log holds since the last run, then follows the mirror. */
  start(): void {
    this.unsubscribe = this.options.mirror.onChange(() => this.kick());
    this.kick();
  }

  stop(): Promise<void> {
    this.unsubscribe?.();
    return this.queue;
  }

  /** Delivers what the log holds beyond the cursor; resolves when done (tests and the bench wait on it). */
  kick(): Promise<void> {
    this.queue = this.queue.then(() => this.drain()).catch((error: unknown) => this.options.onError(error));
    return this.queue;
  }

  private async drain(): Promise<void> {
    const { mirror, reader, deliver } = this.options;
    this.cursor ??= await this.loadCursor();
    for (;;) {
      const entries = mirror.changesSince(this.cursor, BATCH);
      if (entries.length === 0) return;
      for (const { seq, change } of entries) {
        await deliver(change);
        this.cursor = seq;
        mirror.setLogCursor(reader, seq);
      }
    }
  }

  /**
   * Where the log was left: kept in the mirror's file beside the log (on a shared
   * store each instance numbers its own log, and a new mirror file starts at 1). A
   * new log starts at its end (the claims stop a repeat of what others sent).
   */
  private async loadCursor(): Promise<number> {
    const { mirror, reader, firstCursor } = this.options;
    const kept = mirror.logCursor(reader);
    if (kept !== undefined) return kept;
    let seq = 0;
    for (;;) {
      const last = mirror.changesSince(seq, 1000).at(-1);
      if (!last) break;
      seq = last.seq;
    }
    if (firstCursor) seq = await firstCursor(seq);
    // Kept at once: a change that comes before the first send is still sent after a restart.
    mirror.setLogCursor(reader, seq);
    return seq;
  }
}
