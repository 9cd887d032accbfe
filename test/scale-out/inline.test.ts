/**
 * Scale-out (issue 6): inline typing whose keystrokes a load balancer spreads
 * over two instances still sends only the newest query of the user to the
 * service, and a result fetched by one instance serves the other. Both share
 * one manual clock, so the 500 ms debounce passes when the test says so.
 * Needs REDIS_TEST_URL.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { ManualClock } from "../helpers/manual-clock.ts";
import { callsOf } from "../helpers/test-bot.ts";
import { inlineQueryUpdate, telegramUser } from "../helpers/updates.ts";
import { type Cluster, eventually, type Instance, startCluster } from "./cluster.ts";

const redisUrl = process.env.REDIS_TEST_URL;
const OPERATOR = 101;
const from = telegramUser(OPERATOR, { languageCode: "en" });

interface InlineAnswer {
  results: { title: string }[];
}

describe.skipIf(!redisUrl)("inline typing across two instances", () => {
  let sandbox: Sandbox;
  let cluster: Cluster;
  let clock: ManualClock;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    clock = new ManualClock(new Date(), false);
    cluster = await startCluster({ sandbox, redisUrl: redisUrl ?? "", operators: [OPERATOR], clock });
  });
  afterEach(() => cluster.close());

  /** Order searches of both instances (the token and reference data are not searches). */
  const searches = () =>
    [...cluster.a.requests, ...cluster.b.requests].filter((r) => r.path.endsWith("/orders")).length;
  /** The answer to one inline query: deliveries overlap, so calls are matched by query id. */
  const answerTo = (queryId: string) =>
    callsOf(cluster.telegram.calls, "answerInlineQuery").find((c) => c.payload.inline_query_id === queryId)
      ?.payload as InlineAnswer | undefined;
  /** One keystroke on `instance`; resolves when it sleeps in its debounce (`debouncing` in all) or was answered. */
  const keystroke = async (instance: Instance, query: string, debouncing = 0) => {
    const update = inlineQueryUpdate(from, query);
    const answered = instance.deliver(update);
    if (debouncing === 0) await answered;
    else await eventually(`"${query}" waits for its debounce`, () => clock.pending === debouncing);
    const id = update.inline_query?.id ?? "";
    return { answered, answer: () => answerTo(id) };
  };

  it('"1042" typed quickly key by key, alternating A and B, costs one search', async () => {
    const { a, b } = cluster;
    expect((await keystroke(a, "1")).answer()?.results).toEqual([]); // short: at once, no search
    expect((await keystroke(b, "10")).answer()?.results).toEqual([]);
    const older = await keystroke(a, "104", 1);
    const newest = await keystroke(b, "1042", 2); // within the debounce of "104" on A
    await clock.advance(500);
    await Promise.all([older.answered, newest.answered]);

    expect(searches()).toBe(1);
    expect(older.answer()?.results).toEqual([]); // replaced by the newer keystroke on the other instance
    expect(newest.answer()?.results).toHaveLength(1);
    expect(newest.answer()?.results[0]?.title).toContain("А001042");
  });

  it('"1042" typed slowly costs at most two searches; a repeat on the other instance none', async () => {
    const { a, b } = cluster;
    await keystroke(a, "1");
    await keystroke(b, "10");
    for (const [instance, query] of [
      [a, "104"],
      [b, "1042"],
    ] as const) {
      const { answered } = await keystroke(instance, query, 1);
      await clock.advance(600);
      await answered;
    }
    expect(searches()).toBeLessThanOrEqual(2);

    // "1042" was fetched on B; A serves it from the shared cache at once: no debounce, no search.
    const before = searches();
    const repeat = await keystroke(a, "1042");
    expect(repeat.answer()?.results).toHaveLength(1);
    expect(searches()).toBe(before);
  });
});
