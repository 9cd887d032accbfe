/**
 * Storage per open dialog: 1000 /new dialogs left at the client step, in the
 * in-memory store (serialized size of what each namespace holds) and in the
 * file store (bytes of the files under DATA_DIR). A first dialog in another chat
 * fills the shared reference cache before the "before" snapshot, so the
 * difference is what the dialogs themselves cost: dialog state, the session and
 * the last-update mark of each chat.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DIALOG_NAMESPACE } from "../src/bot/dialog-kit/plugins.ts";
import { createFileStore, createMemoryStore, type Store } from "../src/bot/store/storage.ts";
import { FakeTelegram } from "../test/helpers/fake-telegram.ts";
import { dirSize } from "./dir-size.ts";
import { round } from "./measure.ts";
import { measuringStore } from "./measuring-store.ts";
import { openDialog, openDialogs } from "./open-dialogs.ts";
import { remoteBot } from "./remote-bot.ts";
import type { SandboxProcess } from "./sandbox-process.ts";
import type { BenchContext, BenchModule, BenchRow } from "./types.ts";

export const DIALOGS = 1_000;
const TARGET_BYTES = 8 * 1024;
const FIRST_USER = 10_000;
const WARM_USER = 9_999;

const users = Array.from({ length: DIALOGS }, (_, i) => FIRST_USER + i);

async function openAll(sandbox: SandboxProcess, store: Store, before: () => Promise<void>): Promise<void> {
  const telegram = new FakeTelegram();
  const bot = remoteBot(sandbox, {
    operators: [WARM_USER, ...users],
    store,
    telegramFetch: telegram.fetch as unknown as typeof fetch,
  });
  await openDialog(bot, telegram, WARM_USER);
  await before();
  await openDialogs(bot, telegram, users);
}

const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);

async function memoryRows(sandbox: SandboxProcess): Promise<BenchRow[]> {
  const store = measuringStore(createMemoryStore());
  let before = new Map<string, number>();
  await openAll(sandbox, store, async () => {
    before = store.bytes();
  });
  const after = store.bytes();
  const perDialog = (sum(after) - sum(before)) / DIALOGS;
  const dialogState = ((after.get(DIALOG_NAMESPACE) ?? 0) - (before.get(DIALOG_NAMESPACE) ?? 0)) / DIALOGS;
  return [
    {
      name: "storage per open dialog (serialized, all per-chat keys)",
      value: round(perDialog, 0),
      unit: "B",
      target: "<= 8 KB",
      ok: perDialog <= TARGET_BYTES,
    },
    { name: "  of which dialog state (conversations)", value: round(dialogState, 0), unit: "B" },
  ];
}

async function fileRows(sandbox: SandboxProcess): Promise<BenchRow[]> {
  const dir = await mkdtemp(join(tmpdir(), "bench-dialogs-"));
  try {
    let before = { files: 0, bytes: 0, allocated: 0 };
    await openAll(sandbox, createFileStore(dir), async () => {
      before = await dirSize(dir);
    });
    const after = await dirSize(dir);
    const perDialog = (after.bytes - before.bytes) / DIALOGS;
    return [
      {
        name: "file storage per open dialog (file bytes)",
        value: round(perDialog, 0),
        unit: "B",
        target: "<= 8 KB",
        ok: perDialog <= TARGET_BYTES,
      },
      {
        name: "  disk blocks allocated per dialog (fs-dependent)",
        value: round((after.allocated - before.allocated) / DIALOGS, 0),
        unit: "B",
      },
      { name: "  files per dialog", value: round((after.files - before.files) / DIALOGS, 2), unit: "" },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const dialogStorage: BenchModule = {
  name: "dialog storage",
  async run({ sandbox, shopId }: BenchContext): Promise<BenchRow[]> {
    const target: SandboxProcess = { url: sandbox.url, token: sandbox.token, shopId, close: async () => {} };
    return [...(await memoryRows(target)), ...(await fileRows(target))];
  },
};
