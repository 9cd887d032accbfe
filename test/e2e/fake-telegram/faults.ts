/**
 * Injected Telegram failures: the next N calls of a method, or a share of all
 * calls of some methods (seeded, so a run can be repeated). A failed call does
 * nothing, as when Telegram refuses it; a dropped one gets no answer at all.
 */
import type { Fault } from "./errors.ts";

export interface RandomFaults {
  /** Share of calls (0..1) that fail. */
  rate: number;
  /** Methods hit; default: every method that sends or changes something. */
  methods?: readonly string[];
  /** Picked in turn for the failing calls. */
  failures: readonly Fault[];
  seed?: number;
}

const DEFAULT_METHODS = [
  "sendMessage",
  "editMessageText",
  "editMessageReplyMarkup",
  "answerCallbackQuery",
  "answerInlineQuery",
  "sendChatAction",
  "deleteMessage",
];

export class TelegramFaults {
  /** Failures injected so far, for assertions that the faults really happened. */
  injected = 0;
  private queued: { method: string; failure: Fault }[] = [];
  private random: (RandomFaults & { next: () => number; turn: number }) | undefined;

  failNext(method: string, failure: Fault, times = 1): void {
    for (let i = 0; i < times; i++) this.queued.push({ method, failure });
  }

  failRandomly(faults: RandomFaults): void {
    this.random = { ...faults, next: mulberry32(faults.seed ?? 6), turn: 0 };
  }

  clear(): void {
    this.queued = [];
    this.random = undefined;
  }

  /** The failure for this call, if one is due. */
  take(method: string): Fault | undefined {
    const index = this.queued.findIndex((f) => f.method === method);
    if (index >= 0) {
      this.injected++;
      return this.queued.splice(index, 1)[0]?.failure;
    }
    const random = this.random;
    if (!random || !(random.methods ?? DEFAULT_METHODS).includes(method)) return undefined;
    if (random.next() >= random.rate) return undefined;
    this.injected++;
    return random.failures[random.turn++ % random.failures.length];
  }
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
