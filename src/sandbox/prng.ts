/**
 * Seeded pseudo-random numbers (mulberry32). The sandbox never uses Math.random:
 * the same seed must give the same demo data and the same fault sequence.
 */
export interface Prng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Up to `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** 24 hex characters, the look of the real service's ids. */
  hexId(): string;
  /** The internal state: `prngAt(state())` continues the same sequence (state files). */
  state(): number;
}

export function createPrng(seed: number): Prng {
  return prngAt(seed >>> 0 || 0x9e3779b9);
}

/** A generator that continues from a state read by `state()`. */
export function prngAt(initial: number): Prng {
  let state = initial >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[int(0, items.length - 1)] as T;
    },
    sample: <T>(items: readonly T[], count: number): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, count);
    },
    hexId: () => {
      let out = "";
      for (let i = 0; i < 3; i++)
        out += Math.floor(next() * 0x100000000)
          .toString(16)
          .padStart(8, "0");
      return out;
    },
    state: () => state,
  };
}
