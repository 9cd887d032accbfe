/**
 * Process RSS with 1000 open /new dialogs, measured in a fresh child process
 * (dialog-rss-child.ts, after GC) so that the bench's own heap does not count;
 * the sandbox runs in a process of its own too. The child is started like the
 * bot (`npm start`: its V8 flags and compile cache, the cache filled by a first
 * run as after a restart); a second child with Node's defaults shows what they save.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { RssChildInput, RssChildOutput } from "./dialog-rss-child.ts";
import { DIALOGS } from "./dialog-storage.ts";
import { round } from "./measure.ts";
import { type SandboxProcess, startSandboxProcess } from "./sandbox-process.ts";
import { ownCacheFolder, startCommand } from "./start-command.ts";
import type { BenchModule, BenchRow } from "./types.ts";

const TARGET_MB = 150;
const run = promisify(execFile);

/** How a child is started: Node flags and NODE_COMPILE_CACHE (undefined: none). */
interface Launch {
  flags: string[];
  compileCache: string | undefined;
}

async function measure(
  sandbox: SandboxProcess,
  store: "memory" | "file",
  launch: Launch,
): Promise<RssChildOutput> {
  const dataDir = store === "file" ? await mkdtemp(join(tmpdir(), "bench-rss-")) : undefined;
  try {
    const input: RssChildInput = {
      url: sandbox.url,
      token: sandbox.token,
      shopId: sandbox.shopId,
      store,
      dataDir,
    };
    const child = new URL("./dialog-rss-child.ts", import.meta.url).pathname;
    const { NODE_COMPILE_CACHE: _inherited, ...env } = process.env;
    const options = {
      timeout: 60_000,
      env: launch.compileCache ? { ...env, NODE_COMPILE_CACHE: launch.compileCache } : env,
    };
    const args = ["--expose-gc", ...launch.flags, child];
    // The cache is keyed by the flags: a first child only loads the modules and fills it.
    if (launch.compileCache) {
      await run(process.execPath, [...args, JSON.stringify({ ...input, loadOnly: true })], options);
      // The start reads the folder of its own user id (as the image's `node` user reads what it filled).
      if (!ownCacheFolder(await readdir(launch.compileCache).catch(() => [])))
        throw new Error(`bench: no compile cache of this user in ${launch.compileCache}`);
    }
    const { stdout } = await run(process.execPath, [...args, JSON.stringify(input)], options);
    const line = stdout.trim().split("\n").at(-1) ?? "";
    return JSON.parse(line) as RssChildOutput;
  } finally {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

/** `judged`: the bot as it is started (the target applies); otherwise a comparison row without a target. */
function rows(label: string, out: RssChildOutput, judged: boolean): BenchRow[] {
  const gc = out.gc ? "after GC" : "no GC";
  const rss = round(out.rssAfterMb, 1);
  return [
    {
      name: `RSS with ${DIALOGS} open dialogs, ${label} (${gc})`,
      value: rss,
      unit: "MB",
      ...(judged ? { target: `<= ${TARGET_MB} MB`, ok: out.rssAfterMb <= TARGET_MB } : {}),
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
      // File store: the default of `npm start`.
      const start = startCommand();
      const asStarted: Launch = {
        flags: start.nodeFlags,
        compileCache: start.compileCache && new URL(`../${start.compileCache}`, import.meta.url).pathname,
      };
      const label = `npm start (${[...start.nodeFlags, ...(start.compileCache ? ["compile cache"] : [])].join(" ")})`;
      return [
        ...rows(`file store, ${label}`, await measure(sandbox, "file", asStarted), true),
        ...rows(
          "file store, node defaults",
          await measure(sandbox, "file", { flags: [], compileCache: undefined }),
          false,
        ),
      ];
    } finally {
      await sandbox.close();
    }
  },
};
