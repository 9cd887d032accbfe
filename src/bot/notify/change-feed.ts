/**
 * Walks the order mirror's change log from a cursor kept in the mirror's own
 * file (one per reader name), one change at a time, in order: the staff's
 * notifier and the clients' one extend it. What a change means (and the
 * claims that make a message once) is the reader's `deliver`.
 */
import type { MirrorChange, OrderMirror } from "../../mirror/index.ts";

const BATCH = 100;

/** A reader of the log: what a change means to it is `deliver`'s; `reader` names its cursor in the mirror's file. */
export abstract class ChangeFeed {
  private readonly mirror: OrderMirror;
  private readonly reader: string;
  private cursor: number | undefined;
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | undefined;

  constructor(mirror: OrderMirror, reader: string) {
    this.mirror = mirror;
    this.reader = reader;
  }

  protected abstract deliver(change: MirrorChange): Promise<void>;

  /** A failed drain: logged by the reader; the next change retries from the cursor. */
  protected abstract failed(error: unknown): void;

  /** Where a reader without a kept cursor starts, given the log's end (the end by default). */
  protected firstCursor(end: number): Promise<number> {
    return Promise.resolve(end);
  }

  /** Catches up with what the log holds since the last run, then follows the mirror. */
  start(): void {
    this.unsubscribe = this.mirror.onChange(() => this.kick());
    this.kick();
  }

  stop(): Promise<void> {
    this.unsubscribe?.();
    return this.queue;
  }

  /** Delivers what the log holds beyond the cursor; resolves when done (tests and the bench wait on it). */
  kick(): Promise<void> {
    this.queue = this.queue.then(() => this.drain()).catch((error: unknown) => this.failed(error));
    return this.queue;
  }

  private async drain(): Promise<void> {
    const { mirror, reader } = this;
    this.cursor ??= await this.loadCursor();
    for (;;) {
      const entries = mirror.changesSince(this.cursor, BATCH);
      if (entries.length === 0) return;
      for (const { seq, change } of entries) {
        await this.deliver(change);
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
    const { mirror, reader } = this;
    const kept = mirror.logCursor(reader);
    if (kept !== undefined) return kept;
    let seq = 0;
    for (;;) {
      const last = mirror.changesSince(seq, 1000).at(-1);
      if (!last) break;
      seq = last.seq;
    }
    seq = await this.firstCursor(seq);
    // Kept at once: a change that comes before the first send is still sent after a restart.
    mirror.setLogCursor(reader, seq);
    return seq;
  }
}
