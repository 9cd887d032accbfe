/**
 * How the bot is started (package.json `start`), for bench processes that stand
 * for the bot: its Node flags and its compile cache. Also checks that the
 * Dockerfile's CMD passes the same flags, so the figures hold for both, and that
 * the image fills its compile cache as the user CMD runs as: Node keys the
 * cache's folder by the user id (`<version>-<arch>-<hash>-<uid>`), so a cache
 * filled by another user is never read.
 */
import { readFileSync } from "node:fs";

export interface StartCommand {
  /** Node/V8 flags before src/main.ts, e.g. ["--max-semi-space-size=4"]. */
  nodeFlags: string[];
  /** NODE_COMPILE_CACHE as `npm start` sets it when the environment does not (relative to the repo). */
  compileCache: string | undefined;
}

const root = new URL("../", import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), "utf8");

export function startCommand(): StartCommand {
  const pkg = JSON.parse(read("package.json")) as { scripts?: { start?: string } };
  const words = (pkg.scripts?.start ?? "").split(/\s+/).filter(Boolean);
  const node = words.lastIndexOf("node"); // the first one runs scripts/check-node.cjs
  const main = words.indexOf("src/main.ts");
  if (node < 0 || main < node) throw new Error(`bench: unexpected start script: ${pkg.scripts?.start}`);
  const nodeFlags = words.slice(node + 1, main);
  const cache = words
    .slice(0, node)
    .map((word) => /^NODE_COMPILE_CACHE=\$\{NODE_COMPILE_CACHE:-(.+)\}$/.exec(word)?.[1])
    .find((dir) => dir !== undefined);

  const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(read("Dockerfile"))?.[1];
  const dockerFlags = cmd ? (JSON.parse(cmd) as string[]).filter((word) => word.startsWith("--")) : [];
  if (dockerFlags.join(" ") !== nodeFlags.join(" ")) {
    throw new Error(
      `bench: the Dockerfile starts node with [${dockerFlags.join(" ")}], npm start with [${nodeFlags.join(" ")}]`,
    );
  }
  const users = dockerCacheUsers(read("Dockerfile"));
  if (users.fill !== users.run) {
    throw new Error(
      `bench: the Dockerfile fills the compile cache as ${users.fill} but runs as ${users.run}: the bot would miss it`,
    );
  }
  return { nodeFlags, compileCache: cache };
}

/**
 * The user the Dockerfile's last stage fills the compile cache as (the RUN that
 * starts src/main.ts) and the user its CMD runs as: the last USER before each
 * (root without one).
 */
export function dockerCacheUsers(dockerfile: string): { fill: string; run: string } {
  const lines = dockerfile.split("\n");
  const stage = lines.findLastIndex((line) => /^FROM\s/i.test(line));
  let user = "root";
  let fill: string | undefined;
  let run = "root";
  for (const line of lines.slice(Math.max(stage, 0))) {
    const named = /^USER\s+(\S+)/i.exec(line)?.[1];
    if (named) user = named;
    if (/^RUN\s.*\bnode\b.*src\/main\.ts/i.test(line)) fill = user;
    if (/^CMD\s/i.test(line)) run = user;
  }
  if (fill === undefined)
    throw new Error("bench: the Dockerfile does not fill the compile cache (RUN node ... src/main.ts)");
  return { fill, run };
}

/** The folder of a compile cache this process reads (Node names it ending in `-<uid>`), if it was filled. */
export function ownCacheFolder(entries: readonly string[], uid = process.getuid?.()): string | undefined {
  return uid === undefined ? entries[0] : entries.find((entry) => entry.endsWith(`-${uid}`));
}
