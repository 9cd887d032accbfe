/** What a bench module returns; bench/index.ts prints the rows as a table and one JSON line. */
import type { Sandbox } from "../src/sandbox/index.ts";

export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  /** Human-readable target, e.g. "<= 10%". */
  target?: string;
  /** Whether the value meets the target; absent when there is none. */
  ok?: boolean;
}

/** Shared by all modules of one run: one in-process sandbox over loopback. */
export interface BenchContext {
  sandbox: Sandbox;
  /** A visible order id and the first workshop id of the demo data. */
  orderId: string;
  shopId: string;
}

export interface BenchModule {
  name: string;
  run(context: BenchContext): Promise<BenchRow[]>;
}
