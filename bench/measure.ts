/** Timing helpers: warm-up, then timed iterations with performance.now(). */

export interface Timing {
  iterations: number;
  totalMs: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
}

export function summarize(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const totalMs = samples.reduce((sum, ms) => sum + ms, 0);
  return {
    iterations: samples.length,
    totalMs,
    meanMs: samples.length ? totalMs / samples.length : 0,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
  };
}

/** Runs `fn` `warmup` times untimed, then `iterations` times, one at a time. */
async function timeSequential(
  fn: () => Promise<unknown>,
  warmup: number,
  iterations: number,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return samples;
}

/**
 * Compares two implementations of the same call: alternating blocks so that
 * drift (GC, JIT, CPU frequency) hits both alike. Returns the samples of each.
 */
export async function compareInterleaved(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  options: { warmup: number; rounds: number; perRound: number },
): Promise<{ a: number[]; b: number[] }> {
  await timeSequential(a, options.warmup, 0);
  await timeSequential(b, options.warmup, 0);
  const out = { a: [] as number[], b: [] as number[] };
  for (let round = 0; round < options.rounds; round++) {
    const first = round % 2 === 0;
    const [x, y] = first ? [a, b] : [b, a];
    const xs = await timeSequential(x, 0, options.perRound);
    const ys = await timeSequential(y, 0, options.perRound);
    (first ? out.a : out.b).push(...xs);
    (first ? out.b : out.a).push(...ys);
  }
  return out;
}

/**
 * The median of the per-round means of `samples` taken `perRound` at a time (as
 * compareInterleaved gives them): a round's mean keeps the GC a call causes, the
 * median drops the rounds another process on the machine disturbed.
 */
export function medianRoundMean(samples: number[], perRound: number): number {
  const means: number[] = [];
  for (let i = 0; i + perRound <= samples.length; i += perRound) {
    means.push(samples.slice(i, i + perRound).reduce((sum, ms) => sum + ms, 0) / perRound);
  }
  means.sort((a, b) => a - b);
  return means[Math.floor(means.length / 2)] ?? 0;
}

/**
 * The median over rounds of a's round mean ÷ b's (compareInterleaved's rounds, the two
 * of a pair run back to back): a machine that speeds up or slows down between pairs
 * moves both sides of a pair, so the ratio keeps what the two medians apart lose.
 */
export function medianPairedRatio(a: number[], b: number[], perRound: number): number {
  const mean = (samples: number[], from: number) =>
    samples.slice(from, from + perRound).reduce((sum, ms) => sum + ms, 0) / perRound;
  const ratios: number[] = [];
  for (let i = 0; i + perRound <= Math.min(a.length, b.length); i += perRound) {
    ratios.push(mean(a, i) / mean(b, i));
  }
  ratios.sort((x, y) => x - y);
  return ratios[Math.floor(ratios.length / 2)] ?? Number.NaN;
}

/** Runs `fn` from `concurrency` loops for `durationMs` after a warm-up; requests per second. */
export async function throughput(
  fn: () => Promise<unknown>,
  options: { concurrency: number; durationMs: number; warmupMs: number },
): Promise<number> {
  const runFor = async (ms: number) => {
    const until = performance.now() + ms;
    let done = 0;
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (performance.now() < until) {
          await fn();
          done++;
        }
      }),
    );
    return done;
  };
  await runFor(options.warmupMs);
  const started = performance.now();
  const done = await runFor(options.durationMs);
  return (done * 1000) / (performance.now() - started);
}

export const round = (value: number, digits = 2): number => Number(value.toFixed(digits));
