/**
 * Auto-retry inside dialogs sits below the conversation's replay log: the log
 * sees one final outcome per call, so a replay never waits for a retry again
 * (it used to: every later step of a dialog slept for every earlier 429/5xx).
 */
import { Api, Context, type Transformer } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import { describe, expect, it } from "vitest";
import { dialogApiPlugin } from "../../../src/bot/telegram/api.ts";

const ME = { id: 1, is_bot: true, first_name: "Bot", username: "bot" } as UserFromGetMe;
const UPDATE = { update_id: 1, message: { message_id: 1, date: 0, chat: { id: 5, type: "private" } } };

/** Telegram answering with the given bodies in turn; counts the HTTP calls. */
function telegram(...bodies: object[]) {
  const calls: string[] = [];
  const fetch = (async (url: string | URL | Request) => {
    calls.push(String(url));
    const body = bodies[Math.min(calls.length - 1, bodies.length - 1)];
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

const OK = { ok: true, result: true };
const LIMITED = {
  ok: false,
  error_code: 429,
  description: "Too Many Requests",
  parameters: { retry_after: 0 },
};

/** A dialog context as conversations v2 builds it: its own Api with the replay log as a transformer. */
async function dialogContext(fetch: typeof globalThis.fetch, log: unknown[]): Promise<Context> {
  const api = new Api("1:test", { fetch });
  const replayLog: Transformer = async (prev, method, payload, signal) => {
    const result = await prev(method, payload, signal);
    log.push(result);
    return result;
  };
  api.config.use(replayLog);
  const ctx = new Context(UPDATE as unknown as Update, api, ME);
  await dialogApiPlugin()(ctx, async () => {});
  return ctx;
}

describe("dialogApiPlugin", () => {
  it("retries a 429 below the replay log: the log holds only the final answer", async () => {
    const server = telegram(LIMITED, OK);
    const log: unknown[] = [];
    const ctx = await dialogContext(server.fetch, log);
    await expect(ctx.api.sendChatAction(5, "typing")).resolves.toBe(true);
    expect(server.calls).toHaveLength(2);
    expect(log).toEqual([OK]);
  });

  it("gives up after a bounded number of attempts and reports the failure", async () => {
    const server = telegram(LIMITED);
    const ctx = await dialogContext(server.fetch, []);
    await expect(ctx.api.sendChatAction(5, "typing")).rejects.toThrow(/Too Many Requests/);
    expect(server.calls).toHaveLength(4); // the call and three retries
  });
});
