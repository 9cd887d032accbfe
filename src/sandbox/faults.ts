/**
 * Fault injection for tests and demos.
 *
 * Spec string (`--faults`, option `faults`): comma-separated items
 *   error=RATE        answer this share of requests (0..1) with 500/502/503
 *   timeout=RATE      accept this share of requests and never answer (until
 *                     the client gives up or the sandbox closes)
 *   latency=MS        add MS milliseconds to every answer, or
 *   latency=MIN-MAX   a uniform delay between MIN and MAX
 *   burst429=N        the next N requests are answered 429 (quota spent)
 *   expireTokens      revoke every token once, when the sandbox is ready
 *   seed=N            seed of the fault sequence (default: the data seed)
 * e.g. `error=0.2,timeout=0.05,latency=50-200,burst429=10,expireTokens`.
 *
 * Scope: error and timeout spare `POST /auth`, so a client can always renew
 * its token and the faults hit the calls under test; latency and burst429
 * apply to every request (the quota counts /auth too). Faulted requests are
 * not charged to the quota (they never reached the "service").
 *
 * Determinism: every request draws exactly three numbers from a seeded PRNG,
 * in arrival order, whatever faults are on; the same seed and the same
 * request sequence give the same faults.
 */
import { createPrng, type Prng } from "./prng.ts";

interface FaultSettings {
  errorRate: number;
  timeoutRate: number;
  latencyMs: readonly [number, number] | null;
  burst429: number;
}

export interface FaultSpec extends Partial<FaultSettings> {
  expireTokens?: boolean;
  seed?: number;
}

type FaultDecision =
  | { kind: "none"; latencyMs: number }
  | { kind: "error"; latencyMs: number; status: number }
  | { kind: "timeout"; latencyMs: number }
  | { kind: "quota"; latencyMs: number };

const NONE: FaultSettings = { errorRate: 0, timeoutRate: 0, latencyMs: null, burst429: 0 };
const ERROR_STATUSES = [500, 502, 503] as const;

function rate(key: string, value: string): number {
  const number = Number(value);
  if (value === "" || !Number.isFinite(number) || number < 0 || number > 1) {
    throw new Error(`faults: ${key} needs a rate between 0 and 1, got "${value}"`);
  }
  return number;
}

function count(key: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new Error(`faults: ${key} needs a whole number, got "${value}"`);
  return Number(value);
}

export function parseFaultSpec(spec: string): FaultSpec {
  const out: FaultSpec = {};
  for (const item of spec
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [key = "", value = ""] = item.split("=", 2).map((part) => part.trim());
    switch (key) {
      case "error":
        out.errorRate = rate(key, value);
        break;
      case "timeout":
        out.timeoutRate = rate(key, value);
        break;
      case "latency": {
        const match = /^(\d+)(?:-(\d+))?$/.exec(value);
        if (!match) throw new Error(`faults: latency needs MS or MIN-MAX, got "${value}"`);
        const min = Number(match[1]);
        const max = match[2] === undefined ? min : Number(match[2]);
        if (max < min) throw new Error("faults: latency MIN must not exceed MAX");
        out.latencyMs = [min, max];
        break;
      }
      case "burst429":
        out.burst429 = count(key, value);
        break;
      case "expireTokens":
        if (value !== "" && value !== "true") throw new Error("faults: expireTokens takes no value");
        out.expireTokens = true;
        break;
      case "seed":
        out.seed = count(key, value);
        break;
      default:
        throw new Error(`faults: unknown item "${item}"`);
    }
  }
  return out;
}

/** Runtime control of the faults; `decide` is called once per request. */
export class FaultController {
  private settings: FaultSettings = { ...NONE };
  private prng: Prng;
  private readonly onExpireTokens: () => void;

  constructor(seed: number, onExpireTokens: () => void) {
    this.prng = createPrng(seed ^ 0xfa017);
    this.onExpireTokens = onExpireTokens;
  }

  get current(): Readonly<FaultSettings> {
    return this.settings;
  }

  /** Changes some settings (a spec string or an object); others stay. */
  set(spec: string | FaultSpec): void {
    const parsed = typeof spec === "string" ? parseFaultSpec(spec) : spec;
    const { expireTokens, seed, ...settings } = parsed;
    if (seed !== undefined) this.prng = createPrng(seed ^ 0xfa017);
    this.settings = { ...this.settings, ...settings };
    if (expireTokens) this.expireTokens();
  }

  /** Turns every fault off. */
  clear(): void {
    this.settings = { ...NONE };
  }

  /** Revokes every token issued so far: the next calls get 401. */
  expireTokens(): void {
    this.onExpireTokens();
  }

  /** The next `count` requests are answered 429. */
  burst429(count: number): void {
    this.settings = { ...this.settings, burst429: count };
  }

  decide(isAuth: boolean): FaultDecision {
    const latencyDraw = this.prng.next();
    const errorDraw = this.prng.next();
    const timeoutDraw = this.prng.next();
    const [min, max] = this.settings.latencyMs ?? [0, 0];
    const latencyMs = Math.round(min + latencyDraw * (max - min));
    if (this.settings.burst429 > 0) {
      this.settings = { ...this.settings, burst429: this.settings.burst429 - 1 };
      return { kind: "quota", latencyMs };
    }
    if (isAuth) return { kind: "none", latencyMs };
    if (timeoutDraw < this.settings.timeoutRate) return { kind: "timeout", latencyMs };
    if (errorDraw < this.settings.errorRate) {
      const status = ERROR_STATUSES[Math.floor((errorDraw / this.settings.errorRate) * 3)] ?? 500;
      return { kind: "error", latencyMs, status };
    }
    return { kind: "none", latencyMs };
  }
}
