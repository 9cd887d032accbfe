/**
 * Bot lookups per second next to raw ofetch requests per second: the same
 * service request (the URL the bot's client sends, captured), the same sandbox
 * process, the same concurrency (N chats / N loops), in one run, measured in
 * A-B-B-A order so that drift hits both alike.
 */
import { ofetch } from "ofetch";
import { round, throughput } from "./measure.ts";
import { remoteBot, someOrderNum } from "./remote-bot.ts";
import { startSandboxProcess } from "./sandbox-process.ts";
import type { BenchModule, BenchRow } from "./types.ts";

const CHATS = 8;
const TARGET = 0.8;
const OPTIONS = { concurrency: CHATS, durationMs: 2_000, warmupMs: 500 };

export const lookupThroughput: BenchModule = {
  name: "lookup throughput",
  async run(): Promise<BenchRow[]> {
    const sandbox = await startSandboxProcess();
    try {
      const num = await someOrderNum(sandbox);
      const users = Array.from({ length: CHATS }, (_, i) => 5_000 + i);
      let lookupUrl = "";
      let failures = 0;
      let answers = 0;
      let lastAnswer = "";
      const bot = remoteBot(sandbox, {
        operators: users,
        onFetch: (url) => {
          lookupUrl = url;
        },
        onRequest: (event) => {
          if (event.status !== 200) failures++;
        },
        onTelegramCall: (method, payload) => {
          if (method !== "sendMessage") return;
          answers++;
          lastAnswer = String(payload.text);
        },
      });
      let next = 0;
      const botLookup = () => {
        const user = users[next++ % CHATS] ?? 0;
        return bot.handleUpdate(bot.lookupUpdate(user, num));
      };
      await botLookup();
      if (!lastAnswer.includes(String(num)) || lookupUrl === "") {
        throw new Error(
          `bench: the lookup of ${num} did not answer with its card: ${lastAnswer.slice(0, 200)}`,
        );
      }
      const raw = ofetch.create({ headers: { authorization: sandbox.token, accept: "application/json" } });
      const rawLookup = () => raw(lookupUrl);

      // Chats run in parallel, a chat's updates one after another: N chats = N loops.
      const rawA = await throughput(rawLookup, OPTIONS);
      answers = 0;
      const botA = await throughput(botLookup, OPTIONS);
      const botB = await throughput(botLookup, OPTIONS);
      const rawB = await throughput(rawLookup, OPTIONS);
      if (failures > 0 || answers === 0) throw new Error(`bench: ${failures} failed service requests`);
      const rawRate = (rawA + rawB) / 2;
      const botRate = (botA + botB) / 2;
      const ratio = botRate / rawRate;
      return [
        { name: `bot lookups/s (${CHATS} chats, sandbox process)`, value: round(botRate, 0), unit: "1/s" },
        { name: `raw ofetch req/s, same request (c=${CHATS})`, value: round(rawRate, 0), unit: "1/s" },
        {
          name: "bot lookups/s ÷ raw req/s",
          value: round(ratio, 3),
          unit: "x",
          target: `>= ${TARGET}`,
          ok: ratio >= TARGET,
        },
      ];
    } finally {
      await sandbox.close();
    }
  },
};
