/**
 * A clock the test moves by hand. `sleep` resolves only when `advance` passes
 * its deadline — unless `autoAdvance` is on (the default), when sleeps end at
 * once; switch it off to test debouncing deterministically.
 */
import type { Clock } from "../../src/bot/clock.ts";

export class ManualClock implements Clock {
  private current: number;
  private readonly sleepers: { at: number; wake: () => void }[] = [];
  autoAdvance: boolean;

  constructor(start: Date = new Date(), autoAdvance = true) {
    this.current = start.getTime();
    this.autoAdvance = autoAdvance;
  }

  now(): Date {
    return new Date(this.current);
  }

  sleep(ms: number): Promise<void> {
    if (this.autoAdvance || ms <= 0) return Promise.resolve();
    return new Promise((wake) => this.sleepers.push({ at: this.current + ms, wake }));
  }

  /** Number of sleeps waiting for time to pass. */
  get pending(): number {
    return this.sleepers.length;
  }

  /** Moves time forward and wakes every sleep whose deadline passed. */
  async advance(ms: number): Promise<void> {
    // Updates sent just before may not have reached their sleep yet: let them run up to it.
    await ticks(20);
    this.current += ms;
    const due = this.sleepers.filter((s) => s.at <= this.current);
    for (const sleeper of due) {
      this.sleepers.splice(this.sleepers.indexOf(sleeper), 1);
      sleeper.wake();
    }
    // Let the woken handlers run up to their next await on I/O.
    await ticks(1);
  }
}

async function ticks(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
}
