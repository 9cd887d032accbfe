/**
 * Bot lookups per second next to raw ofetch requests per second: the same
 * service request (the URL the bot's client sends, captured), the same sandbox
 * process, the same concurrency (N chats / N loops), in one run, measured in
 * A-B-B-A order so that drift hits both alike. Once on bare loopback (the
 * sandbox answers in well under a millisecond, so this compares CPU per
 * lookup), once with 20 ms added to every answer, like a service on a network.
 *
 * The anchor that means something (issue 34.4): a bare grammY bot answering the
 * same updates from the same fake Telegram with a fixed text, driven the same
 * way (handleUpdate, N chats, one process, one core): what any grammY bot costs
 * per update. The bot's lookups per second are at least half of its answers.
 */
import { Bot } from "grammy";
import { ofetch } from "ofetch";
import { BOT_INFO } from "../test/helpers/fake-telegram.ts";
import { leanTelegramFetch } from "./lean-telegram.ts";
import { round, throughput } from "./measure.ts";
import { remoteBot, someOrderNum } from "./remote-bot.ts";
import { startSandboxProcess } from "./sandbox-process.ts";
import type { BenchModule, BenchRow } from "./types.ts";

const CHATS = 8;
const TARGET = 0.8;
/** The bot's lookups per second over a bare grammY bot's fixed answers per second. */
const BARE_TARGET = 0.5;
const OPTIONS = { concurrency: CHATS, durationMs: 1_500, warmupMs: 300 };

/** A bare grammY bot: every text message answered with a fixed text, nothing else. */
function bareBot(onAnswer: () => void): Bot {
  const bare = new Bot("1:bench", {
    botInfo: BOT_INFO,
    client: { fetch: leanTelegramFetch((method) => method === "sendMessage" && onAnswer()) },
  });
  bare.on("message:text", (ctx) => ctx.reply("Order А001042: in work"));
  return bare;
}

async function compare(faults: string | undefined): Promise<{ bot: number; raw: number; bare: number }> {
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

    let bareAnswers = 0;
    const bare = bareBot(() => bareAnswers++);
    const bareAnswer = () => bare.handleUpdate(bot.lookupUpdate(users[next++ % CHATS] ?? 0, num));

    const rawA = await throughput(rawLookup, OPTIONS);
    const bareA = await throughput(bareAnswer, OPTIONS);
    answers = 0;
    const botA = await throughput(botLookup, OPTIONS);
    const botB = await throughput(botLookup, OPTIONS);
    const bareB = await throughput(bareAnswer, OPTIONS);
    const rawB = await throughput(rawLookup, OPTIONS);
    if (failures > 0 || answers === 0) throw new Error(`bench: ${failures} failed service requests`);
    if (bareAnswers === 0) throw new Error("bench: the bare grammY bot never answered");
    return { bot: (botA + botB) / 2, raw: (rawA + rawB) / 2, bare: (bareA + bareB) / 2 };
  } finally {
    await sandbox.close();
  }
}

function rows(label: string, { bot, raw, bare }: { bot: number; raw: number; bare: number }): BenchRow[] {
  const ratio = bot / raw;
  // The bare bot asks no service: its anchor is the loopback run's (CPU per update).
  const anchor: BenchRow[] =
    label !== "loopback"
      ? []
      : [
          {
            name: `bare grammY bot answers/s, ${label} (${CHATS} chats)`,
            value: round(bare, 0),
            unit: "1/s",
          },
          {
            name: `bot lookups/s ÷ bare grammY bot answers/s, ${label}`,
            value: round(bot / bare, 3),
            unit: "x",
            target: `>= ${BARE_TARGET}`,
            ok: bot / bare >= BARE_TARGET,
          },
        ];
  return [
    ...anchor,
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
