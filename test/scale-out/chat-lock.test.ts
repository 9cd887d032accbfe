/**
 * Scale-out (issue 6): one chat's updates run one at a time across instances
 * (src/bot/middleware/chat-lock.ts), so a dialog step handled on B while A is still on the
 * previous one neither overwrites nor loses it. Needs REDIS_TEST_URL.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { lastText } from "../helpers/dialog-driver.ts";
import { takeOfferedName } from "../helpers/offered-name.ts";
import { type Cluster, type ClusterOptions, type ClusterUser, eventually, startCluster } from "./cluster.ts";

const redisUrl = process.env.REDIS_TEST_URL;
const OPERATOR = 101;
const SKIP = "⏭ Skip";

describe.skipIf(!redisUrl)("one chat at a time across instances", () => {
  let sandbox: Sandbox;
  let shopId: string;
  let cluster: Cluster | undefined;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    shopId = sandbox.shops[0]?.id ?? "";
  });
  afterAll(() => sandbox.close());
  afterEach(async () => {
    await cluster?.close();
    cluster = undefined;
  });

  const start = async (options: Partial<ClusterOptions> = {}) => {
    cluster = await startCluster({
      sandbox,
      redisUrl: redisUrl ?? "",
      operators: [OPERATOR],
      shopIds: [shopId],
      ...options,
    });
    return cluster;
  };
  const lockKey = (c: Cluster) => `${c.prefix}:lock:chat:${OPERATOR}`;
  /** SET commands the Redis server has run so far: a waiting instance polls the lock with SET NX. */
  const setCalls = async (c: Cluster) => {
    const stats = await c.redis.info("commandstats");
    return Number(/cmdstat_set:calls=(\d+)/.exec(stats)?.[1] ?? 0);
  };

  /** /new for a new client, on the given instance, up to the brand prompt. */
  const toBrandStep = async (op: ClusterUser, name: string) => {
    await op.send("/new");
    await op.press("Платный ремонт");
    await op.send(name);
    await op.press("➕ New client");
    await takeOfferedName(op);
    await op.press("⏭ Skip"); // the new client's phone
    await op.send("Smartphone");
    await op.send("Не включается");
    await op.press("📱 Brand, model, serial");
    expect(lastText(op)).toContain("Brand:");
  };

  it("two steps of one dialog on A and B at once: applied in order, no step lost", async () => {
    const c = await start();
    const op = c.user(OPERATOR, { languageCode: "en" });
    await toBrandStep(op.on(c.a), "Замок Первый");

    // A answers the brand and stalls on Telegram while holding the chat; B gets the model meanwhile.
    const hold = c.holdTelegram();
    const brand = op.on(c.a).send("Apple");
    await eventually("A is inside the brand step", () => hold.waiting() >= 1);
    expect(await c.redis.exists(lockKey(c))).toBe(1);
    const setsBefore = await setCalls(c);
    const model = op.on(c.b).send("iPhone 12");
    // B either polls the lock (correct) or, without a lock, reaches Telegram too (the bug).
    // Other suites on this Redis add SETs as well: that can only end this wait early.
    await eventually(
      "B waits for the chat",
      async () => hold.waiting() >= 2 || (await setCalls(c)) >= setsBefore + 3,
    );
    const waitingOnTelegram = hold.waiting();
    hold.release();
    await Promise.all([brand, model]);
    expect(waitingOnTelegram).toBe(1); // only A: B did not enter the chat while A was in it
    expect(lastText(op)).toContain("Serial number");

    // Finish on both instances in turn; the order carries both answers.
    const rest = c.user(OPERATOR, { languageCode: "en" });
    await rest.press(SKIP); // serial number
    expect(lastText(rest)).toContain("Check the order");
    await rest.press("✅ Create");
    const orders = sandbox.store.orders.filter(
      (o) => sandbox.store.counteragentById.get(o.counteragentId)?.name === "Замок Первый",
    );
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ brand: "Apple", model: "iPhone 12" });
    expect(await c.redis.exists(lockKey(c))).toBe(0); // released, not left to expire
  });

  it("a lock that is never freed delays an update, never drops it", async () => {
    const c = await start({ chatLock: { waitMs: 200, pollMs: 10 } });
    await c.redis.set(lockKey(c), "a crashed holder", "PX", 60_000);
    const op = c.user(OPERATOR, { languageCode: "en" });
    await op.on(c.b).send("/help");
    expect(lastText(op)).toContain("What I can do");
    expect(await c.redis.get(lockKey(c))).toBe("a crashed holder"); // not someone else's to free
  });

  it("a long handler keeps its chat past the lock's lifetime", async () => {
    const c = await start({ chatLock: { ttlMs: 240, pollMs: 10 } });
    const op = c.user(OPERATOR, { languageCode: "en" });
    const hold = c.holdTelegram();
    const help = op.on(c.a).send("/help");
    await eventually("A is handling /help", () => hold.waiting() >= 1);
    const token = await c.redis.get(lockKey(c));
    expect(token).not.toBeNull();
    // Two and a half lifetimes later the same holder still has it: it was extended, not expired.
    await sleep(600);
    const later = await c.redis.get(lockKey(c));
    hold.release();
    await help;
    expect(later).toBe(token);
    expect(await c.redis.exists(lockKey(c))).toBe(0);
  });
});
