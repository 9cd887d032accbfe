/**
 * The mirror end to end: `node src/main.ts` with MIRROR=on syncs from the
 * sandbox process in the background, keeps its file in DATA_DIR, and /status
 * shows what it holds, its last sync and the requests it spent.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { OPERATOR, useStack } from "./harness/stack.ts";

const stack = useStack({ botEnv: { MIRROR: "on", MIRROR_SYNC_SECONDS: "1" } });

describe("the order mirror in the running bot", () => {
  it("fills itself at start and reports in /status", async () => {
    const op = stack().telegram.user(OPERATOR, { languageCode: "en" });
    let text = "";
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      text = (await op.say("/status")).text;
      if (/Last sync: \d\d:\d\d/.test(text)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(text).toMatch(/Orders in the mirror: <b>[1-9]\d*<\/b>/);
    expect(text).toMatch(/Last sync: \d\d:\d\d \(\d+ s ago\)/);
    // The write reserve follows the writes (WRITE_RESERVE=auto: at least WRITE_RESERVE_MIN 10 with none
    // written yet), MIRROR_RESERVE 0 above it: 10 kept for users (issue 34.1).
    expect(text).toMatch(/Sync requests this window: [1-9]\d* of 40; 10 always kept for users/);
    expect(text).toContain("Kept for saving changes: the last 10");
    expect(text).not.toContain("First fill in progress");
    expect(existsSync(join(stack().bot.dataDir, "mirror.sqlite"))).toBe(true);
  });
});
