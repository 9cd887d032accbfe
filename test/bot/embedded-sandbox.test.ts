import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/index.ts";
import { sandboxStateFile } from "../../src/embedded-sandbox.ts";

const TOKEN = "123456:ABC-def_ghi";

function storageOf(env: Record<string, string>) {
  const result = parseConfig({ BOT_TOKEN: TOKEN, ...env });
  if (!result.ok) throw new Error(result.errors.join("; "));
  return result.config.storage;
}

describe("the embedded sandbox's state file", () => {
  it("lives in DATA_DIR with file storage", () => {
    expect(sandboxStateFile(storageOf({ DATA_DIR: "/var/lib/bot" }))).toBe(
      join("/var/lib/bot", "sandbox-state.json"),
    );
    expect(sandboxStateFile(storageOf({}))).toBe(join("./data", "sandbox-state.json"));
  });

  it("is not used with Redis: each instance keeps its sandbox in memory", () => {
    expect(sandboxStateFile(storageOf({ REDIS_URL: "redis://127.0.0.1:6379" }))).toBeUndefined();
  });
});
