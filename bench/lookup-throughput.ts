/**
 * Bot lookups per second next to raw ofetch requests per second: the same
 * service request (the URL the bot's client sends, captured), the same sandbox
 * process, the same concurrency (N chats / N loops), in one run, measured in
 * A-B-B-A order so that drift hits both alike. Once on bare loopback (the
 * sandbox answers in well under a millisecond, so this compares CPU per
 * lookup), once with 20 ms added to every answer, like a service on a network.
 */
import { ofetch } from "ofetch";
import { round, throughput } from "./measure.ts";
import { remoteBot, someOrderNum } from "./remote-bot.ts";
import { startSandboxProcess } from "./sandbox-process.ts";
import type { BenchModule, BenchRow } from "./types.ts";

const CHATS = 8;
const TARGET = 0.8;
const OPTIONS = { concurrency: CHATS, durationMs: 1_500, warmupMs: 300 };

async function compare(faults: string | undefined): Promise<{ bot: number; raw: number }> {
  const sandbox = await startSandboxProcess(faults);
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
    // Chats run in parallel, a chat's updates one after another: N chats = N loops.
    const botLookup = () => bot.handleUpdate(bot.lookupUpdate(users[next++ % CHATS] ?? 0, num));
    await botLookup();
    if (!lastAnswer.includes(String(num)) || lookupUrl === "") {
      throw new Error(
        `bench: the lookup of ${num} did not answer with its card: ${lastAnswer.slice(0, 200)}`,
      );
    }
    const raw = ofetch.create({ headers: { authorization: sandbox.token, accept: "application/json" } });
    const rawLookup = () => raw(lookupUrl);

    const rawA = await throughput(rawLookup, OPTIONS);
    answers = 0;
    const botA = await throughput(botLookup, OPTIONS);
    const botB = await throughput(botLookup, OPTIONS);
    const rawB = await throughput(rawLookup, OPTIONS);
    if (failures > 0 || answers === 0) throw new Error(`bench: ${failures} failed service requests`);
    return { bot: (botA + botB) / 2, raw: (rawA + rawB) / 2 };
  } finally {
    await sandbox.close();
  }
}

function rows(label: string, { bot, raw }: { bot: number; raw: number }): BenchRow[] {
  const ratio = bot / raw;
  return [
    { name: `bot lookups/s, ${label} (${CHATS} chats)`, value: round(bot, 0), unit: "1/s" },
    { name: `raw ofetch req/s, same request, ${label} (c=${CHATS})`, value: round(raw, 0), unit: "1/s" },
    {
      name: `bot lookups/s ÷ raw req/s, ${label}`,
      value: round(ratio, 3),
      unit: "x",
      target: `>= ${TARGET}`,
      ok: ratio >= TARGET,
    },
  ];
}

export const lookupThroughput: BenchModule = {
  name: "lookup throughput",
  async run(): Promise<BenchRow[]> {
    return [
      ...rows("loopback", await compare(undefined)),
      ...rows("service +20 ms", await compare("latency=20")),
    ];
  },
};
