/**
 * Scale-out (issue 6): two bot instances in webhook mode on one Redis behave as
 * one bot. Each has its own service client, Redis connection and webhook
 * server; updates are real HTTP POSTs with the secret token. Needs REDIS_TEST_URL.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatTime } from "../../src/bot/ui/dates.ts";
import { KNOWN_NUM, type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { buttons, fillOrder, lastText } from "../helpers/dialog-driver.ts";
import { callsOf, testConfig } from "../helpers/test-bot.ts";
import { inlineQueryUpdate } from "../helpers/updates.ts";
import { type Cluster, startCluster } from "./cluster.ts";

const redisUrl = process.env.REDIS_TEST_URL;
const OPERATOR = 101;
const OTHER_OPERATOR = 102;

describe.skipIf(!redisUrl)("two instances on one Redis", () => {
  let sandbox: Sandbox;
  let shopId: string;
  let cluster: Cluster;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    shopId = sandbox.shops[0]?.id ?? "";
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    sandbox.faults.clear();
    cluster = await startCluster({
      sandbox,
      redisUrl: redisUrl ?? "",
      operators: [OPERATOR, OTHER_OPERATOR],
      shopIds: [shopId],
    });
  });
  afterEach(() => cluster.close());

  const ordersOf = (name: string) =>
    sandbox.store.orders.filter((o) => sandbox.store.counteragentById.get(o.counteragentId)?.name === name);

  describe("sessions", () => {
    it("a language chosen with /language on A is used by B", async () => {
      const op = cluster.user(OPERATOR, { languageCode: "ru" });
      await op.on(cluster.b).send("/help");
      expect(lastText(op)).toContain("Что я умею");

      await op.on(cluster.a).send("/language");
      await op.on(cluster.a).press("🇬🇧 English");
      await op.on(cluster.b).send("/help");
      expect(lastText(op)).toContain("What I can do");
      expect(await cluster.redis.exists(`${cluster.prefix}:sessions:${OPERATOR}`)).toBe(1);
    });
  });

  describe("dialog state", () => {
    it("/new started on A finishes on B and creates exactly one order", async () => {
      const before = sandbox.store.orders.length;
      // /new and the order type on A, every later step on B.
      const op = cluster.user(OPERATOR, {
        languageCode: "en",
        route: (n) => (n < 2 ? cluster.a : cluster.b),
      });
      await fillOrder(op, { client: { query: "Кластер Первый" }, brand: "Apple" });
      expect(await cluster.redis.exists(`${cluster.prefix}:dialogs:${OPERATOR}`)).toBe(1);
      await op.press("✅ Create");

      expect(sandbox.store.orders.length).toBe(before + 1);
      expect(ordersOf("Кластер Первый")).toHaveLength(1);
      expect(ordersOf("Кластер Первый")[0]?.brand).toBe("Apple");
      expect(lastText(op)).toContain("Order created");
    });

    it("/new with every step on the other instance than the one before creates one order", async () => {
      const before = sandbox.store.orders.length;
      const op = cluster.user(OPERATOR, { languageCode: "en" }); // A, B, A, B, ...
      await fillOrder(op, { client: { query: "Кластер Второй" } });
      const summary = op.lastReply();
      const confirm = summary?.replyMarkup?.inline_keyboard.flat().find((b) => b.text === "✅ Create");
      const confirmData = confirm && "callback_data" in confirm ? confirm.callback_data : "";
      await op.press("✅ Create");

      expect(sandbox.store.orders.length).toBe(before + 1);
      expect(ordersOf("Кластер Второй")).toHaveLength(1);
      // The old confirm button pressed again, on either instance, is not a second order.
      await op.on(cluster.a).pressData(confirmData, summary);
      await op.on(cluster.b).pressData(confirmData, summary);
      expect(ordersOf("Кластер Второй")).toHaveLength(1);
      expect(sandbox.store.orders.length).toBe(before + 1);
    });

    it("a list searched on A pages on B (the saved search is shared)", async () => {
      const op = cluster.user(OPERATOR, { languageCode: "en" });
      await op.on(cluster.a).send("/order А00104");
      const list = op.lastReply();
      expect(list?.text).toContain("Page 1 of 2");

      await op.on(cluster.b).press("Next ▶️");
      expect(op.lastReply()?.messageId).toBe(list?.messageId);
      expect(lastText(op)).toContain("Page 2 of 2");
    });
  });

  describe("reference-data cache", () => {
    it("B serves the reference data A fetched: no request to the service", async () => {
      const first = cluster.user(OPERATOR, { languageCode: "en" });
      await first.on(cluster.a).send("/new"); // loads the order types (and the token) on A
      expect(buttons(first)).toContain("Платный ремонт");
      await first.on(cluster.a).send("/cancel");

      const requests = sandbox.requestCount();
      const second = cluster.user(OTHER_OPERATOR, { languageCode: "en" });
      await second.on(cluster.b).send("/new");
      expect(buttons(second)).toContain("Платный ремонт");
      expect(sandbox.requestCount()).toBe(requests);
      await second.on(cluster.b).send("/cancel");

      const statuses = await cluster.a.services.reference.statuses();
      const fetched = sandbox.requestCount();
      expect(await cluster.b.services.reference.statuses()).toEqual(statuses);
      expect(sandbox.requestCount()).toBe(fetched);
    });

    it("an invalidation on one instance makes both fetch again", async () => {
      const { a, b } = cluster;
      await a.services.reference.shops(); // main.ts warms the workshop list at start
      await a.services.reference.statuses();
      await a.services.reference.masters(shopId);

      await b.services.reference.invalidate("statuses");
      let requests = sandbox.requestCount();
      await a.services.reference.statuses();
      expect(sandbox.requestCount()).toBe(requests + 1);

      // Without a kind, B drops the per-workshop lists that only A wrote.
      await b.services.reference.invalidate();
      requests = sandbox.requestCount();
      await a.services.reference.masters(shopId);
      expect(sandbox.requestCount()).toBeGreaterThan(requests);
    });
  });

  describe("service token", () => {
    it("is obtained once for both instances, and renewed once for both after it expires", async () => {
      const opA = cluster.user(OPERATOR, { languageCode: "en", route: () => cluster.a });
      const opB = cluster.user(OTHER_OPERATOR, { languageCode: "en", route: () => cluster.b });
      const lookupOnBoth = async () => {
        await Promise.all([opA.send(String(KNOWN_NUM)), opB.send(String(KNOWN_NUM))]);
        expect(lastText(opA)).toContain("Order А001042");
        expect(lastText(opB)).toContain("Order А001042");
      };

      await lookupOnBoth();
      expect(cluster.logins()).toBe(1);
      await lookupOnBoth();
      expect(cluster.logins()).toBe(1);

      sandbox.faults.expireTokens();
      await lookupOnBoth();
      expect(cluster.logins()).toBe(2);
      const refused = [...cluster.a.requests, ...cluster.b.requests].filter((r) => r.status === 401);
      expect(refused.length).toBeGreaterThanOrEqual(1); // the expiry was noticed, and cost one login
      await lookupOnBoth();
      expect(cluster.logins()).toBe(2);
    });
  });

  describe("crash-safety dedupe", () => {
    const messagesTo = (chatId: number) =>
      callsOf(cluster.telegram.calls, "sendMessage").filter((c) => c.payload.chat_id === chatId).length;

    it("an update redelivered to the other instance is handled once", async () => {
      const op = cluster.user(OPERATOR, { languageCode: "en" });
      const update = op.messageUpdate("/help");
      await cluster.a.deliver(update);
      await cluster.b.deliver(update);
      await cluster.a.deliver(update);
      expect(messagesTo(OPERATOR)).toBe(1);
    });

    // The per-chat mark alone is read, then written: both instances would pass it. The atomic
    // claim (SET NX) lets one through. Several rounds, so a lucky interleaving cannot hide a double.
    it("an update delivered to both instances at the same moment is handled once", async () => {
      const op = cluster.user(OPERATOR, { languageCode: "en" });
      for (let round = 1; round <= 5; round++) {
        const update = op.messageUpdate("/help");
        await Promise.all([cluster.a.deliver(update), cluster.b.deliver(update)]);
        expect(messagesTo(OPERATOR)).toBe(round);
        expect(
          await cluster.redis.pttl(`${cluster.prefix}:claim:update:${update.update_id}`),
        ).toBeGreaterThan(0);
      }
    });

    it("an inline query (no chat, no mark) delivered to both at once is answered once", async () => {
      const op = cluster.user(OPERATOR, { languageCode: "en" });
      const update = inlineQueryUpdate(op.from, "10"); // short: answered at once, no debounce
      await Promise.all([cluster.a.deliver(update), cluster.b.deliver(update)]);
      expect(callsOf(cluster.telegram.calls, "answerInlineQuery")).toHaveLength(1);
    });
  });
});

describe.skipIf(!redisUrl)("two instances on one Redis: the service quota", () => {
  const LIMIT = 6;
  let sandbox: Sandbox;
  let cluster: Cluster;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quota: { limit: LIMIT, windowMs: 15 * 60_000 } });
    cluster = await startCluster({
      sandbox,
      redisUrl: redisUrl ?? "",
      operators: [OPERATOR, OTHER_OPERATOR],
    });
  });
  afterAll(async () => {
    await cluster.close();
    await sandbox.close();
  });

  it("spent through A, is respected by B: a localized refusal with the reset time, nothing sent", async () => {
    const opA = cluster.user(OPERATOR, { languageCode: "en", route: () => cluster.a });
    const refusal = /request limit is reached\. It resets at (\w+ \d{1,2}, )?\d{2}:\d{2}/;
    for (let i = 0; i <= LIMIT && !refusal.test(lastText(opA)); i++) await opA.send(String(KNOWN_NUM));
    expect(lastText(opA)).toMatch(refusal);
    expect(sandbox.quota.peek(sandbox.login).remainRequest).toBe(0);

    const resetAt = new Date(sandbox.quota.peek(sandbox.login).expireDate);
    const requests = sandbox.requestCount();
    const bRequests = cluster.b.requests.length;
    const opB = cluster.user(OTHER_OPERATOR, { languageCode: "ru", route: () => cluster.b });
    await opB.send(String(KNOWN_NUM));

    const time = formatTime(resetAt, "ru", testConfig().timezone, new Date());
    expect(lastText(opB)).toContain(`Исчерпан лимит запросов к сервису. Он обновится в ${time}`);
    expect(sandbox.requestCount()).toBe(requests);
    expect(cluster.b.requests.length).toBe(bRequests);
  });
});
