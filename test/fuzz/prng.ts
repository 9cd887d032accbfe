/**
 * A small seeded PRNG (mulberry32) so a fuzz run is replayable: the same seed
 * gives the same inputs in the same order. FUZZ_SEED overrides the seed.
 */

export const DEFAULT_SEED = 0x5eed_f022;

export interface Prng {
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` random bytes (0..255). */
  bytes(count: number): number[];
}

export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    seed,
    next,
    int,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error("pick from an empty list");
      return item;
    },
    bytes: (count) => Array.from({ length: count }, () => int(0, 255)),
  };
}

/** FUZZ_SEED when set (decimal or 0x hex), else a fixed seed: the default run is the same every time. */
export function seedFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.FUZZ_SEED?.trim();
  if (raw) {
    const parsed = Number(raw);
    if (!Number.isInteger(parsed)) throw new Error(`FUZZ_SEED must be an integer, got "${raw}"`);
    return parsed >>> 0;
  }
  return DEFAULT_SEED;
}

export function iterationsFromEnv(fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.FUZZ_ITERATIONS?.trim();
  if (!raw) return fallback;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`FUZZ_ITERATIONS must be a positive integer`);
  return parsed;
}
