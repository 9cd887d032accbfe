/**
 * Update dedupe and the per-chat lock on in-process stores: claims let one
 * delivery of an update through, the per-chat mark still catches a redelivery
 * after a restart (claims lost), and the chat lock never drops an update when
 * it cannot be taken. The Redis side runs in test/scale-out.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Context } from "grammy";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { chatLock } from "../../../src/bot/middleware/chat-lock.ts";
import { claimUpdate } from "../../../src/bot/middleware/dedupe.ts";
import { createMemoryStore, type RedisLock, type Store } from "../../../src/bot/store/storage.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { callsOf, createTestBot, type TestBot } from "../../helpers/test-bot.ts";
import { inlineQueryUpdate, messageUpdate } from "../../helpers/updates.ts";

const OPERATOR = 101;

/** A logger whose warnings the test can read. */
function recordingLogger() {
  const lines: { msg: string }[] = [];
  const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, messages: () => lines.map((l) => l.msg) };
}

function contextOf(update: { update_id: number; chatId?: number }): Context {
  // The middlewares read only these two fields.
  return {
    update: { update_id: update.update_id },
    chat: update.chatId === undefined ? undefined : { id: update.chatId },
  } as unknown as Context;
}

describe("claims of in-process stores", () => {
  it("are taken once until they expire", async () => {
    const store = createMemoryStore();
    expect(await store.claim?.("update:1", 20)).toBe(true);
    expect(await store.claim?.("update:1", 20)).toBe(false);
    expect(await store.claim?.("update:2", 20)).toBe(true);
    await sleep(30);
    expect(await store.claim?.("update:1", 20)).toBe(true);
  });

  it("a failing claim lets the update through with a warning", async () => {
    const { logger, messages } = recordingLogger();
    const store: Store = { ...createMemoryStore(), claim: () => Promise.reject(new Error("down")) };
    let handled = 0;
    await claimUpdate(store, logger)(contextOf({ update_id: 7 }), async () => {
      handled++;
    });
    expect(handled).toBe(1);
    expect(messages()).toEqual(["could not claim an update; handling it anyway"]);
  });
});

describe("dedupe in a bot on the memory store", () => {
  let sandbox: Sandbox | undefined;
  let t: TestBot | undefined;
  afterEach(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it("handles an update delivered twice at once a single time, inline queries too", async () => {
    sandbox = await startSandbox({ port: 0 });
    t = await createTestBot({ sandbox, operators: [OPERATOR] });
    const op = t.user(OPERATOR, { languageCode: "en" });
    const update = messageUpdate(op.from, "/help", t.telegram.nextMessageId(OPERATOR));
    const calls = (await Promise.all([t.handle(update), t.handle(structuredClone(update))])).flat();
    expect(callsOf(calls, "sendMessage")).toHaveLength(1);

    const inline = inlineQueryUpdate(op.from, "10");
    const answers = (await Promise.all([t.handle(inline), t.handle(structuredClone(inline))])).flat();
    expect(callsOf(answers, "answerInlineQuery")).toHaveLength(1);
  });

  it("still ignores a redelivery after a restart that lost the claims (the per-chat mark)", async () => {
    sandbox = await startSandbox({ port: 0 });
    t = await createTestBot({ sandbox, operators: [OPERATOR] });
    const op = t.user(OPERATOR, { languageCode: "en" });
    const update = messageUpdate(op.from, "/help", t.telegram.nextMessageId(OPERATOR));
    expect(callsOf(await t.handle(update), "sendMessage")).toHaveLength(1);
    // Same data, fresh claims: what a process restart on a file store looks like.
    const restartedStore: Store = { ...t.store, claim: createMemoryStore().claim };
    const restarted = await createTestBot({ sandbox, operators: [OPERATOR], store: restartedStore });
    expect(await restarted.handle(structuredClone(update))).toEqual([]);
    await restarted.close();
  });
});

describe("chat lock", () => {
  const lockThat = (acquired: boolean, released: string[]) => (): Promise<RedisLock> =>
    Promise.resolve({
      acquired,
      extend: async () => acquired,
      release: async () => {
        released.push("released");
      },
    });

  it("is a no-op on an in-process store (sequentialize orders one process)", async () => {
    const { logger, messages } = recordingLogger();
    let handled = 0;
    await chatLock(createMemoryStore(), logger)(contextOf({ update_id: 1, chatId: 5 }), async () => {
      handled++;
    });
    expect(handled).toBe(1);
    expect(messages()).toEqual([]);
  });

  it("holds the lock around the handler and releases it after a failure", async () => {
    const released: string[] = [];
    const store: Store = { ...createMemoryStore(), lock: lockThat(true, released) };
    const { logger } = recordingLogger();
    const run = chatLock(store, logger)(contextOf({ update_id: 2, chatId: 5 }), async () => {
      expect(released).toEqual([]);
      throw new Error("handler failed");
    });
    await expect(run).rejects.toThrow("handler failed");
    expect(released).toEqual(["released"]);
  });

  it("handles the update anyway, with a warning, when the chat stays locked or Redis fails", async () => {
    const { logger, messages } = recordingLogger();
    let handled = 0;
    const next = async () => {
      handled++;
    };
    const busy: Store = { ...createMemoryStore(), lock: lockThat(false, []) };
    await chatLock(busy, logger)(contextOf({ update_id: 3, chatId: 5 }), next);
    const broken: Store = { ...createMemoryStore(), lock: () => Promise.reject(new Error("down")) };
    await chatLock(broken, logger)(contextOf({ update_id: 4, chatId: 5 }), next);
    expect(handled).toBe(2);
    expect(messages()).toEqual([
      "chat still locked; handling the update anyway",
      "chat lock unavailable; handling the update without it",
    ]);
  });
});
