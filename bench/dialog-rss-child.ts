/**
 * Run by dialog-rss.ts in a fresh process (`node --expose-gc` + the flags of
 * `npm start`): the real bot with 1000 /new dialogs open, nothing else in the
 * heap but the fake Telegram, whose records are dropped before measuring (the
 * sandbox is another process and not even loaded here). Prints one JSON line.
 * argv[2]: {"url","token","shopId","store":"memory"|"file","dataDir"?}
 */
import { createFileStore, createMemoryStore } from "../src/bot/store/storage.ts";
import { FakeTelegram } from "../test/helpers/fake-telegram.ts";
import { DIALOGS } from "./dialog-storage.ts";
import { openDialog, openDialogs } from "./open-dialogs.ts";
import { remoteBot } from "./remote-bot.ts";

export interface RssChildInput {
  url: string;
  token: string;
  shopId: string;
  store: "memory" | "file";
  dataDir?: string;
  /** Load the modules and stop (fills the compile cache). */
  loadOnly?: boolean;
}

export interface RssChildOutput {
  rssBeforeMb: number;
  rssAfterMb: number;
  heapUsedMb: number;
  /** Memory V8 holds for its heap (committed), used or not. */
  heapTotalMb: number;
  gc: boolean;
}

const MB = 1024 * 1024;

function settle(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
}

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2] ?? "{}") as RssChildInput;
  if (input.loadOnly) return;
  const users = Array.from({ length: DIALOGS }, (_, i) => 20_000 + i);
  const telegram = new FakeTelegram();
  const store =
    input.store === "file" && input.dataDir ? createFileStore(input.dataDir) : createMemoryStore();
  const bot = remoteBot(
    { url: input.url, token: input.token, shopId: input.shopId, close: async () => {} },
    { operators: [19_999, ...users], store, telegramFetch: telegram.fetch as unknown as typeof fetch },
  );
  await openDialog(bot, telegram, 19_999); // everything loaded and warm
  telegram.calls.length = 0;
  telegram.state.chats.clear();
  settle();
  const rssBefore = process.memoryUsage().rss;
  await openDialogs(bot, telegram, users);
  telegram.calls.length = 0;
  telegram.state.chats.clear();
  settle();
  const usage = process.memoryUsage();
  const output: RssChildOutput = {
    rssBeforeMb: rssBefore / MB,
    rssAfterMb: usage.rss / MB,
    heapUsedMb: usage.heapUsed / MB,
    heapTotalMb: usage.heapTotal / MB,
    gc: typeof (globalThis as { gc?: unknown }).gc === "function",
  };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

await main();
