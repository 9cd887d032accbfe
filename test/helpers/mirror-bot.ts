/**
 * The test bot with a warm order mirror on the same sandbox and clock: the
 * mirror syncs only when a test says so (`sync()`), and `requests()` counts
 * every request the sandbox served (the bot's and the mirror's).
 */
import { type BudgetOptions, DEFAULT_BUDGET, Mirror } from "../../src/mirror/index.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { createServiceClient } from "../../src/service/index.ts";
import { syncUntilDone } from "../mirror/sandbox-mirror.ts";
import { ManualClock } from "./manual-clock.ts";
import { createTestBot, type TestBot, type TestBotOptions } from "./test-bot.ts";

export interface MirrorBot extends TestBot {
  mirror: Mirror;
  /** Sync until the run completes; returns the requests it spent. */
  sync(): Promise<number>;
  /** Requests the sandbox served since the start or the last `mark()`. */
  requests(): number;
  mark(): void;
  /**
   * A second instance's mirror on the same sandbox and clock, synced: no feed between
   * the two, so it learns the bot's writes only by its own sync (closed with the bot).
   */
  otherMirror(): Promise<Mirror>;
}

export async function createMirrorBot(
  options: TestBotOptions & {
    start?: Date;
    orders?: number;
    /** The sync's budget (tests: a large one, so a sync never waits). */
    budget?: Partial<BudgetOptions>;
    /** The mirror keeps the company's clients too (filled before the bot starts). */
    clients?: boolean;
    /** The bot and its mirror share one service client, as in production (with `clientOptions`). */
    oneClient?: boolean;
  } = {},
): Promise<MirrorBot> {
  const clock = options.clock ?? new ManualClock(options.start ?? new Date());
  const now = () => clock.now().getTime();
  const sandbox: Sandbox =
    options.sandbox ??
    (await startSandbox({
      port: 0,
      orders: options.orders ?? 120,
      clock: { now },
      ...options.sandboxOptions,
    }));
  const client = createServiceClient({
    baseUrl: sandbox.url,
    token: sandbox.token,
    now,
    retry: { count: 0 },
    timeoutMs: 3000,
    writeReserve: options.config?.writeReserve ?? 0,
    ...(options.oneClient ? options.clientOptions : {}),
  });
  const newMirror = async (): Promise<Mirror> => {
    const budget: BudgetOptions = {
      ...DEFAULT_BUDGET,
      perWindow: 1000,
      reserve: 0,
      baseIntervalMs: 10_000,
      ...options.budget,
    };
    // One client, as in production (src/mirror/from-config.ts): the sync stops its own reserve
    // above the client's write reserve of the moment (it follows the writes seen).
    const mirrorReserve = budget.reserve;
    if (options.oneClient)
      Object.defineProperty(budget, "reserve", { get: () => mirrorReserve + client.writeReserve });
    const made = new Mirror({
      client,
      path: ":memory:",
      shopIds: options.config?.shopIds ?? [],
      budget,
      overlapMs: 30_000,
      backfillDays: 30,
      clients: options.clients,
      now,
    });
    await made.open();
    await syncUntilDone(made);
    for (let steps = 0; made.stats().clientsFilling && steps < 100; steps++) await made.step();
    return made;
  };
  const mirror = await newMirror();
  const others: Mirror[] = [];
  const shared = options.oneClient ? { client } : {};
  const t = await createTestBot({ ...options, sandbox, clock, deps: { mirror, ...shared, ...options.deps } });
  let base = sandbox.requestCount();
  const ownSandbox = options.sandbox === undefined;
  return {
    ...t,
    mirror,
    sync: () => syncUntilDone(mirror),
    requests: () => sandbox.requestCount() - base,
    mark: () => {
      base = sandbox.requestCount();
    },
    async otherMirror() {
      const other = await newMirror();
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.stop();
      await mirror.stop();
      await t.close();
      if (ownSandbox) await sandbox.close();
    },
  };
}
