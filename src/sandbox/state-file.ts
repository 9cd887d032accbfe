/**
 * The sandbox's mutable state in a JSON file (`--state FILE`, option
 * `stateFile`), so orders, counteragents and payments made in a demo survive
 * a restart. The file holds what requests change (orders, counteragents,
 * transactions, register balances, the number and id counters) and the start
 * tokens of the ready line; the reference data comes from the code. Dates are
 * absolute: a loaded state is not moved to the new start time.
 *
 * Format: {"format":"repair-crm-sandbox-state","version":1,"seed":1,"savedAt":"...",
 *   "tokens":{"demo":"..."},"counters":{"nextNum":{"<shop id>":1043},
 *   "nextTransactionNumber":12,"idsState":123},"registers":[{"id","cashMoney","bankMoney"}],
 *   "counteragents":[...],"orders":[...],"transactions":[...]} with the records of model.ts.
 * A file that does not read, parse or fit (another version, unknown references)
 * is an error naming the file: never a silent reseed that would lose the data.
 */
import { readFileSync } from "node:fs";
import writeFileAtomic from "write-file-atomic";
import { z } from "zod";
import { type SandboxState, STATE_FORMAT, STATE_VERSION, stateSchema } from "./state-schema.ts";
import { type Clock, type Reference, Store } from "./store.ts";

export { type SandboxState, STATE_VERSION } from "./state-schema.ts";

export class StateFileError extends Error {
  constructor(path: string, problem: string) {
    super(
      `sandbox state file ${path}: ${problem}. Fix or move the file away to start from fresh demo data (nothing was overwritten).`,
    );
    this.name = "StateFileError";
  }
}

/** What the file keeps of a running sandbox. */
export function snapshotState(store: Store, seed: number, tokens: Record<string, string>): SandboxState {
  return {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    seed,
    savedAt: new Date(store.now()).toISOString(),
    tokens,
    counters: store.counters(),
    registers: store.ref.registers.map((r) => ({ id: r.id, cashMoney: r.cashMoney, bankMoney: r.bankMoney })),
    counteragents: store.counteragents,
    orders: store.orders,
    transactions: store.transactions,
  };
}

/** The parsed and checked file, or undefined when there is no file (seed then). */
export function readStateFile(path: string): SandboxState | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new StateFileError(path, `cannot be read (${(error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StateFileError(path, `is not valid JSON (${(error as Error).message})`);
  }
  const head = z.object({ format: z.unknown(), version: z.unknown() }).safeParse(json);
  if (!head.success || head.data.format !== STATE_FORMAT) {
    throw new StateFileError(path, `is not a sandbox state file (no "format": "${STATE_FORMAT}")`);
  }
  if (head.data.version !== STATE_VERSION) {
    throw new StateFileError(
      path,
      `has version ${JSON.stringify(head.data.version)}, this sandbox reads version ${STATE_VERSION} only`,
    );
  }
  const parsed = stateSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
    throw new StateFileError(path, `does not fit the state format (${issues.join("; ")})`);
  }
  return parsed.data;
}

/**
 * A store from a checked state: every reference must exist, ids and numbers
 * must be unique and below the counters, so later writes cannot collide.
 * Indexes are built by the store's own add methods.
 */
export function restoreStore(
  path: string,
  state: SandboxState,
  ref: Reference,
  clock: Clock,
  seed: number,
): Store {
  const fail = (problem: string): never => {
    throw new StateFileError(path, problem);
  };
  if (state.seed !== seed) {
    fail(`was made with seed ${state.seed}, not ${seed}; start with that seed`);
  }
  const store = new Store(ref, clock, seed);
  const has = (map: Map<string, unknown>, value: string | null): boolean => value === null || map.has(value);

  const registerIds = new Set<string>();
  for (const saved of state.registers) {
    const register = store.registerById.get(saved.id);
    if (!register) fail(`names an unknown register ${saved.id}`);
    else {
      register.cashMoney = saved.cashMoney;
      register.bankMoney = saved.bankMoney;
      registerIds.add(saved.id);
    }
  }
  if (registerIds.size !== ref.registers.length) fail("does not hold the balance of every register");

  for (const [shopId, num] of Object.entries(state.counters.nextNum)) {
    if (!store.shopById.has(shopId)) fail(`counts numbers of an unknown workshop ${shopId}`);
    if (num < 1) fail(`has a bad next number for workshop ${shopId}`);
  }

  for (const counteragent of state.counteragents) {
    const where = `counteragent ${counteragent.id}`;
    if (store.counteragentById.has(counteragent.id)) fail(`holds ${where} twice`);
    if (!store.typeCounteragentById.has(counteragent.typeCounteragentId))
      fail(`${where} has an unknown type`);
    if (!has(store.howKnowById, counteragent.howKnowId)) fail(`${where} has an unknown advertising source`);
    store.addCounteragent(counteragent);
  }

  const numbers = new Set<string>();
  for (const order of state.orders) {
    const where = `order ${order.id}`;
    if (store.orderById.has(order.id)) fail(`holds ${where} twice`);
    if (!store.shopById.has(order.shopId)) fail(`${where} is in an unknown workshop`);
    if (!store.statusById.has(order.statusId)) fail(`${where} has an unknown status`);
    if (!store.typeOrderById.has(order.typeOrderId)) fail(`${where} has an unknown order type`);
    if (!store.counteragentById.has(order.counteragentId)) fail(`${where} has an unknown counteragent`);
    for (const staff of [order.managerId, order.masterId, order.createManagerId, order.closeManagerId]) {
      if (!has(store.employeeById, staff)) fail(`${where} names an unknown employee`);
    }
    if (!has(store.howKnowById, order.howKnowId)) fail(`${where} has an unknown advertising source`);
    const key = `${order.shopId}:${order.num}`;
    if (numbers.has(key)) fail(`holds the number ${order.number} twice`);
    numbers.add(key);
    if (order.num >= (state.counters.nextNum[order.shopId] ?? 1)) {
      fail(`${where} has a number (${order.number}) at or above the workshop's next number`);
    }
    store.addOrder(order);
  }

  const transactionIds = new Set<string>();
  for (const transaction of state.transactions) {
    const where = `transaction ${transaction.id}`;
    if (transactionIds.has(transaction.id)) fail(`holds ${where} twice`);
    transactionIds.add(transaction.id);
    if (!store.registerById.has(transaction.cashRegisterId)) fail(`${where} has an unknown register`);
    if (!store.cashItemById.has(transaction.cashItemId)) fail(`${where} has an unknown cash item`);
    if (!has(store.orderById, transaction.orderId)) fail(`${where} names an unknown order`);
    if (!has(store.counteragentById, transaction.counteragentId))
      fail(`${where} names an unknown counteragent`);
    if (transaction.number >= state.counters.nextTransactionNumber) {
      fail(`${where} has a number at or above the next transaction number`);
    }
    store.loadTransaction(transaction);
  }
  store.restoreCounters(state.counters);
  return store;
}

/**
 * Saves after changes without holding up answers: a change schedules a write
 * `delayMs` later (a burst of requests becomes one write); at most one write
 * is in flight, and changes made meanwhile become one more write after it.
 * The text is taken when a write starts, so it always holds a whole state.
 * Serializing blocks (about 0.5 s at 50 000 orders), so writes are spaced
 * by at least four times the last serializing time: under a steady stream of
 * changes saving takes at most a fifth of the event loop.
 */
export class StateSaver {
  private readonly path: string;
  private readonly serialize: () => string;
  private readonly delayMs: number;
  private readonly onError: (error: unknown) => void;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private dirty = false;
  private failure: unknown;
  private lastSerializeMs = 0;

  constructor(options: {
    path: string;
    serialize: () => string;
    delayMs?: number;
    onError: (error: unknown) => void;
  }) {
    this.path = options.path;
    this.serialize = options.serialize;
    this.delayMs = options.delayMs ?? 50;
    this.onError = options.onError;
  }

  /** The state changed: write it soon. */
  changed(): void {
    this.dirty = true;
    // A running write reschedules itself when it ends.
    if (this.timer === undefined && this.writing === undefined) this.schedule();
  }

  /** Writes every change made so far and waits for it; rejects when the write fails. */
  async flush(): Promise<void> {
    for (;;) {
      if (this.timer !== undefined) {
        clearTimeout(this.timer);
        this.timer = undefined;
      }
      if (this.writing !== undefined) {
        await this.writing;
        continue;
      }
      if (!this.dirty) return;
      await this.start();
      if (this.failure !== undefined) throw this.failure;
    }
  }

  private schedule(): void {
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        void this.start();
      },
      Math.max(this.delayMs, 4 * this.lastSerializeMs),
    );
  }

  private start(): Promise<void> {
    this.dirty = false;
    this.writing = (async () => {
      try {
        const started = performance.now();
        const text = this.serialize();
        this.lastSerializeMs = performance.now() - started;
        // Beside the file, then renamed: a reader or a crash sees the old file or the new one, whole.
        await writeFileAtomic(this.path, text, { mode: 0o600 });
        this.failure = undefined;
      } catch (error) {
        // Kept dirty: the next change or close() tries again.
        this.dirty = true;
        this.failure = error;
        this.onError(error);
      } finally {
        this.writing = undefined;
      }
      if (this.dirty && this.failure === undefined && this.timer === undefined) this.schedule();
    })();
    return this.writing;
  }
}
