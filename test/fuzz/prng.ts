/**
 * A small seeded PRNG (mulberry32) so a fuzz run is replayable: the same seed
 * gives the same inputs in the same order. FUZZ_SEED overrides the seed.
 */
import { createPrng as createSandboxPrng, type Prng as SandboxPrng } from "../../src/sandbox/prng.ts";

const DEFAULT_SEED = 0x5eed_f022;

export interface Prng extends SandboxPrng {
  readonly seed: number;
  /** `count` random bytes (0..255). */
  bytes(count: number): number[];
}

/** The sandbox's generator (one implementation of mulberry32), plus what a fuzzer needs. */
export function createPrng(seed: number): Prng {
  const base = createSandboxPrng(seed);
  return { ...base, seed, bytes: (count) => Array.from({ length: count }, () => base.int(0, 255)) };
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
