/**
 * How the bot is started (package.json `start`), for bench processes that stand
 * for the bot: its Node flags and its compile cache. Also checks that the
 * Dockerfile's CMD passes the same flags, so the figures hold for both.
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
  return { nodeFlags, compileCache: cache };
}
