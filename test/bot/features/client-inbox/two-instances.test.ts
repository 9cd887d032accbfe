/**
 * Two instances on one Redis (issue 36.3): a client's message delivered to both is
 * posted once; the staff reply handled by the other instance finds the client (the
 * thread is in the shared store) and reaches them once. 0 requests.
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { createRedisStore } from "../../../../src/bot/store/storage.ts";
import { createTestBot } from "../../../helpers/test-bot.ts";
import { groupReply, INBOX, linkClient, OPERATOR, staffMember, startInboxBot } from "./setup.ts";

const redisUrl = process.env.REDIS_TEST_URL;

describe.skipIf(!redisUrl)("the inbox on two instances (Redis)", () => {
  it("a client's message is posted once and the other instance's reply reaches them once (ru)", async () => {
    const prefix = `inbox-${randomUUID()}`;
    const connections = [0, 1].map(() => new Redis(redisUrl ?? "", { maxRetriesPerRequest: 1 }));
    const [ra, rb] = connections as [Redis, Redis];
    const a = await startInboxBot({ store: createRedisStore(ra, prefix) });
    const b = await createTestBot({
      sandbox: a.sandbox,
      store: createRedisStore(rb, prefix),
      clock: a.clock,
      operators: [OPERATOR],
      config: a.config,
      deps: { mirror: a.mirror },
    });
    try {
      await b.services.reference.shops();
      await b.services.reference.statuses();
      await linkClient(a, 7601, "ru");
      const update = a.user(7601, { languageCode: "ru" }).messageUpdate("Два экземпляра");
      await Promise.all([a.handle(update), b.handle(update)]);
      const posted = [...a.telegram.botMessages(INBOX), ...b.telegram.botMessages(INBOX)];
      expect(posted).toHaveLength(1);
      const reply = groupReply(a, staffMember(OPERATOR, "ru"), posted[0]!, { text: "Ответ с другого" });
      await Promise.all([b.handle(reply), a.handle(reply)]);
      const answers = [...a.telegram.botMessages(7601), ...b.telegram.botMessages(7601)].filter((m) =>
        m.text.includes("Ответ с другого"),
      );
      expect(answers).toHaveLength(1);
      expect(a.requests()).toBe(0);
    } finally {
      await b.close();
      await a.close();
      for (const redis of connections) redis.disconnect();
    }
  });
});
