import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startWebhookServer } from "../../../src/bot/http/telegram-webhook.ts";
import { createFileStore, createMemoryStore } from "../../../src/bot/store/storage.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { createTestBot } from "../../helpers/test-bot.ts";
import { messageUpdate, telegramUser } from "../../helpers/updates.ts";

describe("file storage", () => {
  const dir = mkdtempSync(join(tmpdir(), "bot-store-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps namespaces apart and survives a new store on the same directory", async () => {
    const store = createFileStore(dir);
    await store.adapter<number>("a").write("k", 1);
    await store.adapter<number>("b").write("k", 2);
    const reopened = createFileStore(dir);
    expect(await reopened.adapter<number>("a").read("k")).toBe(1);
    expect(await reopened.adapter<number>("b").read("k")).toBe(2);
  });

  it("stores keys with odd characters under safe file names", async () => {
    const store = createFileStore(dir);
    await store.adapter<string>("odd").write("../x:y/z", "v");
    expect(await store.adapter<string>("odd").read("../x:y/z")).toBe("v");
    expect(readdirSync(dir)).not.toContain("x:y");
  });

  it("sweeps the files of expired entries that are never read again (saved lists, tokens)", async () => {
    const files = (namespace: string) =>
      readdirSync(join(dir, namespace)).flatMap((sub) => readdirSync(join(dir, namespace, sub)));
    const start = Date.now();
    const first = createFileStore(dir).adapter<string>("expiring", { ttlSeconds: 60 });
    await first.write("old1", "a");
    await first.write("old2", "b");
    await createFileStore(dir).adapter<string>("lasting").write("old3", "c");
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(start + 2 * 60 * 60 * 1000);
      // A later run: its first write of the namespace sweeps it; what it writes stays.
      const later = createFileStore(dir).adapter<string>("expiring", { ttlSeconds: 60 });
      await later.write("new", "d");
      // A sweep runs in the background of a write: a loaded machine may take more than the default 1 s.
      await vi.waitFor(() => expect(files("expiring")).toEqual(["new.json"]), { timeout: 10_000 });
      expect(await later.read("new")).toBe("d");
      expect(files("lasting")).toEqual(["old3.json"]); // no TTL: never swept
    } finally {
      vi.useRealTimers();
    }
  });

  it("sweeps a namespace at most hourly however many adapters the features make of it", async () => {
    const files = (namespace: string) =>
      readdirSync(join(dir, namespace)).flatMap((sub) => readdirSync(join(dir, namespace, sub)));
    const store = createFileStore(dir);
    const adapter = () => store.adapter<string>("hourly", { ttlSeconds: 60 });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(start);
      await adapter().write("first", "a"); // the store's first write of it: a sweep of nothing
      vi.setSystemTime(start + 2 * 60 * 1000); // "first" has expired
      await adapter().write("second", "b"); // a new adapter, within the hour: no sweep
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(files("hourly").sort()).toEqual(["first.json", "second.json"]);
      vi.setSystemTime(start + 61 * 60 * 1000); // an hour later: both expired, the next write sweeps
      await adapter().write("third", "c");
      await vi.waitFor(() => expect(files("hourly")).toEqual(["third.json"]), { timeout: 10_000 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads a file cut short by a crash as nothing stored", async () => {
    const store = createFileStore(dir);
    const adapter = store.adapter<{ a: number }>("broken");
    await adapter.write("chat1", { a: 1 });
    const sub = readdirSync(join(dir, "broken"))[0] ?? "";
    writeFileSync(join(dir, "broken", sub, "chat1.json"), '{"a":');
    expect(await adapter.read("chat1")).toBeUndefined();
  });

  it("expires entries with a TTL", async () => {
    const adapter = createMemoryStore().adapter<string>("ttl", { ttlSeconds: -1 });
    await adapter.write("k", "v");
    expect(await adapter.read("k")).toBeUndefined();
  });

  it("rejects a namespace that could escape the directory", () => {
    expect(() => createFileStore(dir).adapter("../etc")).toThrow(/Invalid storage namespace/);
  });
});

describe("webhook server", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it("checks the secret, serves /health and hands updates to the bot", async () => {
    const t = await createTestBot({ sandbox, operators: [5] });
    const secret = "s3cret-s3cret-s3cret";
    const server = await startWebhookServer(
      t.bot,
      { url: "https://bot.example/telegram", secret, port: 0 },
      pino({ level: "silent" }),
    );
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${base}/health`)).status).toBe(200);
      const update = JSON.stringify(messageUpdate(telegramUser(5, { languageCode: "en" }), "/help", 1));
      const post = (headers: Record<string, string>) =>
        fetch(`${base}/telegram`, {
          method: "POST",
          body: update,
          headers: { "content-type": "application/json", ...headers },
        });
      expect((await post({ "x-telegram-bot-api-secret-token": "wrong" })).status).toBe(401);
      expect(t.telegram.calls).toHaveLength(0);
      expect((await post({ "x-telegram-bot-api-secret-token": secret })).status).toBe(200);
      expect(t.telegram.botMessages(5).at(-1)?.text).toContain("What I can do");
      expect((await fetch(`${base}/other`, { method: "POST" })).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
