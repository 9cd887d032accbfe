/**
 * Process RSS with 1000 open /new dialogs, measured in a fresh child process
 * (dialog-rss-child.ts, after GC) so that the bench's own heap does not count;
 * the sandbox runs in a process of its own too.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { RssChildInput, RssChildOutput } from "./dialog-rss-child.ts";
import { DIALOGS } from "./dialog-storage.ts";
import { round } from "./measure.ts";
import { type SandboxProcess, startSandboxProcess } from "./sandbox-process.ts";
import type { BenchModule, BenchRow } from "./types.ts";

const TARGET_MB = 150;
const SEMI_SPACE_CAP = ["--max-semi-space-size=4"];
const run = promisify(execFile);

async function measure(
  sandbox: SandboxProcess,
  store: "memory" | "file",
  flags: string[] = [],
): Promise<RssChildOutput> {
  const dataDir = store === "file" ? await mkdtemp(join(tmpdir(), "bench-rss-")) : undefined;
  try {
    const input: RssChildInput = {
      url: sandbox.url,
      token: sandbox.token,
      shopId: sandbox.shopId,
      store,
      ...(dataDir ? { dataDir } : {}),
    };
    const child = new URL("./dialog-rss-child.ts", import.meta.url).pathname;
    const { stdout } = await run(process.execPath, ["--expose-gc", ...flags, child, JSON.stringify(input)], {
      timeout: 60_000,
    });
    const line = stdout.trim().split("\n").at(-1) ?? "";
    return JSON.parse(line) as RssChildOutput;
  } finally {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

function rows(label: string, out: RssChildOutput): BenchRow[] {
  const gc = out.gc ? "after GC" : "no GC";
  return [
    {
      name: `RSS with ${DIALOGS} open dialogs, ${label} (${gc})`,
      value: round(out.rssAfterMb, 1),
      unit: "MB",
      target: `<= ${TARGET_MB} MB`,
      ok: out.rssAfterMb <= TARGET_MB,
    },
    { name: `  RSS before the dialogs, ${label}`, value: round(out.rssBeforeMb, 1), unit: "MB" },
    { name: `  V8 heap used with the dialogs, ${label}`, value: round(out.heapUsedMb, 1), unit: "MB" },
    { name: `  V8 heap committed with the dialogs, ${label}`, value: round(out.heapTotalMb, 1), unit: "MB" },
  ];
}

export const dialogRss: BenchModule = {
  name: "dialog rss",
  async run(): Promise<BenchRow[]> {
    const sandbox = await startSandboxProcess();
    try {
      // File store: the default of `npm start`. The second run caps V8's young generation, which
      // V8 sizes from the machine's RAM (up to 2 x 64 MB here) and keeps committed after GC.
      return [
        ...rows("file store", await measure(sandbox, "file")),
        ...rows("file store, --max-semi-space-size=4", await measure(sandbox, "file", SEMI_SPACE_CAP)),
      ];
    } finally {
      await sandbox.close();
    }
  },
};
