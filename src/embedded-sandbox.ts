/** How the bot starts its embedded sandbox (used when SERVICE_URL is not set). */
import { join } from "node:path";
import type { Config } from "./config/index.ts";

const SANDBOX_STATE_FILE = "sandbox-state.json";

/**
 * Where the embedded sandbox keeps its demo data, so orders made while trying
 * the bot survive a restart like the bot's own state: beside the bot's files.
 * With Redis the state stays in memory: each instance embeds its own sandbox,
 * and per-instance files would drift apart (several instances sharing one file
 * would overwrite each other's writes).
 */
export function sandboxStateFile(storage: Config["storage"]): string | undefined {
  return storage.kind === "file" ? join(storage.dataDir, SANDBOX_STATE_FILE) : undefined;
}
