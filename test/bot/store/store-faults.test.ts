/**
 * The stores when they fail: every entry written atomically (a kill never leaves
 * half of one), secrets readable by the bot's user only, a torn or foreign entry
 * never read as "nothing stored" where that matters, and a store that refuses
 * writes (read-only, full, Redis down) failing only what must not go on without it.
 */
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createLiveness } from "../../../src/bot/http/health.ts";
import { writeAtomic } from "../../../src/bot/store/files.ts";
import { persisted } from "../../../src/bot/store/registry.ts";
import {
  createFileStore,
  createMemoryStore,
  type FaultSwitch,
  StoreCorruptError,
  StoreReadError,
  StoreWriteError,
} from "../../../src/bot/store/storage.ts";
import { serviceStoreFrom } from "../../../src/bot/store/token-quota.ts";

/** A logger whose warnings the test can read. */
function recordingLogger() {
  const lines: { msg: string; alsoSkipped?: number }[] = [];
  const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const mode = async (path: string) => (await stat(path)).mode & 0o777;
const entryPath = (dir: string, ns: string, key: string) => join(dir, ns, key.slice(-2), `${key}.json`);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "store-faults-"));
});
afterEach(async () => {
  await chmod(dir, 0o700).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

describe("atomic entries", () => {
  it("a kill between the write and the rename leaves the old entry readable", async () => {
    const store = createFileStore(dir);
    const marks = store.adapter<{ state: string }>("dialog-writes", { corrupt: "throw" });
    await marks.write("create.1.abc", { state: "sending" });
    // What a kill leaves behind: the new text, half written, in a temporary sibling.
    const path = entryPath(dir, "dialog-writes", "create.1.abc");
    await writeFile(join(path, "..", ".0123456789ab.tmp"), '{"state":"do');
    expect(await marks.read("create.1.abc")).toEqual({ state: "sending" });
    await marks.write("create.1.abc", { state: "done" });
    expect(await marks.read("create.1.abc")).toEqual({ state: "done" });
  });

  it("leaves no temporary files after writes, and the entry is whole JSON", async () => {
    const store = createFileStore(dir);
    const dialogs = store.adapter<{ steps: number[] }>("dialogs", { durable: true });
    await Promise.all(Array.from({ length: 20 }, (_, i) => dialogs.write("42", { steps: [i] })));
    const folder = join(dir, "dialogs", "42");
    expect(await readdir(folder)).toEqual(["42.json"]);
    expect(JSON.parse(await readFile(join(folder, "42.json"), "utf8")).steps).toHaveLength(1);
  });

  it("a failed write leaves neither a temporary file nor a changed entry", async () => {
    const path = join(dir, "x", "entry.json");
    await writeAtomic(path, '"old"');
    // A folder where the rename would go: the rename fails after the temporary file was written.
    await expect(writeAtomic(join(dir, "x"), '"new"')).rejects.toThrow();
    expect(await readdir(dir)).toEqual(["x"]);
    expect(await readdir(join(dir, "x"))).toEqual(["entry.json"]);
    expect(await readFile(path, "utf8")).toBe('"old"');
  });
});

describe("torn and foreign entries", () => {
  const tornMarker = async () => {
    const path = entryPath(dir, "dialog-writes", "create.7.n1");
    await mkdir(join(path, ".."), { recursive: true });
    // An older version wrote in place: a kill cut the marker in half.
    await writeFile(path, '{"v":{"state":"sen');
    return path;
  };

  it("an exactly-once marker cut in half throws StoreCorruptError, never reads as nothing stored", async () => {
    await tornMarker();
    const marks = createFileStore(dir).adapter("dialog-writes", { ttlSeconds: 3600, corrupt: "throw" });
    const read = Promise.resolve(marks.read("create.7.n1"));
    await expect(read).rejects.toBeInstanceOf(StoreCorruptError);
    await expect(read).rejects.toMatchObject({ namespace: "dialog-writes", key: "create.7.n1" });
  });

  it("an empty file (truncated before anything was written) is corrupt too", async () => {
    const path = await tornMarker();
    await writeFile(path, "");
    const marks = createFileStore(dir).adapter("dialog-writes", { corrupt: "throw" });
    await expect(Promise.resolve(marks.read("create.7.n1"))).rejects.toBeInstanceOf(StoreCorruptError);
  });

  it("a cache's torn entry is set aside and reads as nothing stored, with a warning", async () => {
    const path = await tornMarker();
    const { logger, lines } = recordingLogger();
    const cache = createFileStore(dir, { logger }).adapter("dialog-writes", { failures: "skip" });
    expect(await cache.read("create.7.n1")).toBeUndefined();
    expect(lines.map((l) => l.msg)).toContain(
      "a store entry that does not fit its record is set aside and reads as nothing stored",
    );
    const folder = await readdir(join(path, ".."));
    expect(folder).toEqual([expect.stringMatching(/^create\.7\.n1\.json\.broken-/)]);
  });
});

describe("secrets", () => {
  it("the service token is written 0600 in 0700 folders", async () => {
    const store = createFileStore(dir);
    const service = serviceStoreFrom(store);
    await service.setToken({ token: "t0k3n", expiresAt: Date.now() + 60_000, renewAt: Date.now() + 30_000 });
    const file = entryPath(dir, "service", "token");
    expect(await mode(file)).toBe(0o600);
    expect(await mode(join(dir, "service"))).toBe(0o700);
    expect(await mode(join(file, ".."))).toBe(0o700);
    expect((await service.getToken())?.token).toBe("t0k3n");
  });

  it("a token file an older version left 0644 is narrowed", async () => {
    const file = entryPath(dir, "service", "token");
    await mkdir(join(file, ".."), { recursive: true, mode: 0o755 });
    await chmod(join(dir, "service"), 0o755);
    await writeFile(file, JSON.stringify({ token: "old", expiresAt: Date.now() + 60_000, renewAt: 0 }), {
      mode: 0o644,
    });
    const service = serviceStoreFrom(createFileStore(dir));
    expect((await service.getToken())?.token).toBe("old");
    expect(await mode(file)).toBe(0o600);
    // The folders are narrowed in the background as the namespace is opened.
    await expect.poll(() => mode(join(dir, "service"))).toBe(0o700);
    await expect.poll(() => mode(join(file, ".."))).toBe(0o700);
  });

  it("the quota file is 0600 too", async () => {
    const store = createFileStore(dir);
    await serviceStoreFrom(store).setQuota({ remaining: 42, resetAt: null });
    expect(await mode(entryPath(dir, "service", "quota"))).toBe(0o600);
  });

  it("under umask 000, dialog and reference files are still 0600 in 0700 folders (they hold client data)", async () => {
    const before = process.umask(0);
    try {
      const store = createFileStore(dir);
      await store.adapter("dialogs", { durable: true }).write("42", { state: "client: Ivanov" });
      await store.adapter("reference", { failures: "skip" }).write("masters.1", { at: 1, data: [] });
      await writeAtomic(join(dir, "loose", "x.json"), "{}");
      expect(await mode(entryPath(dir, "dialogs", "42"))).toBe(0o600);
      expect(await mode(entryPath(dir, "reference", "masters.1"))).toBe(0o600);
      expect(await mode(join(dir, "loose", "x.json"))).toBe(0o600);
      expect(await mode(join(dir, "dialogs"))).toBe(0o700);
      expect(await mode(join(dir, "dialogs", "42"))).toBe(0o700);
    } finally {
      process.umask(before);
    }
  });
});

describe("a store that refuses writes", () => {
  it("bookkeeping skips the write with one warning a minute, and reads go on", async () => {
    const faults: FaultSwitch = {};
    const { logger, lines } = recordingLogger();
    const store = createFileStore(dir, { logger, faults });
    const marks = store.adapter<number>("last-update", { failures: "skip" });
    await marks.write("1", 5);
    faults.writes = "full";
    for (let i = 0; i < 5; i++) await marks.write("1", 6 + i);
    expect(await marks.read("1")).toBe(5);
    expect(lines.filter((l) => l.msg === "the store refused a write; skipped")).toHaveLength(1);
    faults.writes = undefined;
    await marks.write("1", 20);
    expect(await marks.read("1")).toBe(20);
  });

  it("a record that must be stored throws StoreWriteError naming the fault", async () => {
    const faults: FaultSwitch = { writes: "full" };
    const marks = createFileStore(dir, { faults }).adapter("dialog-writes");
    const write = Promise.resolve(marks.write("k", { state: "sending" }));
    await expect(write).rejects.toBeInstanceOf(StoreWriteError);
    await expect(write).rejects.toMatchObject({ namespace: "dialog-writes", fault: "full" });
  });

  it("a real read-only DATA_DIR: writes throw or are skipped, reads of what is there answer", async (context) => {
    const store = createFileStore(dir);
    await store.adapter("reference").write("statuses", ["new"]);
    await chmod(join(dir, "reference", "es"), 0o500);
    await chmod(join(dir, "reference"), 0o500);
    await chmod(dir, 0o500);
    // As root chmod does not stop writes: the fault switch stands in for it.
    if (process.getuid?.() === 0) {
      await chmod(dir, 0o700);
      context.skip();
    }
    const reference = store.adapter<string[]>("reference", { failures: "skip" });
    expect(await reference.read("statuses")).toEqual(["new"]);
    await reference.write("statuses", ["changed"]);
    expect(await reference.read("statuses")).toEqual(["new"]);
    // A namespace never written before: its folder cannot be made, and nothing crashes.
    await expect(Promise.resolve(store.adapter("dialog-writes").write("k", 1))).rejects.toMatchObject({
      fault: "read-only",
    });
    expect(store.health?.()).toMatchObject({ ok: false, fault: "read-only" });
    await chmod(dir, 0o700);
    await chmod(join(dir, "reference"), 0o700);
    await chmod(join(dir, "reference", "es"), 0o700);
  });

  it("a read-only DATA_DIR (fault switch): a lookup's reads answer, /health says 503 until a write succeeds", async () => {
    const faults: FaultSwitch = {};
    const store = createFileStore(dir, { faults });
    await store.adapter("reference").write("statuses", ["new"]);
    faults.writes = "read-only";
    const reference = store.adapter<string[]>("reference", { failures: "skip" });
    await reference.write("statuses", ["changed"]);
    expect(await reference.read("statuses")).toEqual(["new"]);
    const liveness = createLiveness({ mode: "webhook", store });
    const down = liveness.report();
    expect(down.ok).toBe(false);
    expect(down.body.store).toMatchObject({
      kind: "file",
      ok: false,
      reason: expect.stringContaining("read-only"),
    });
    faults.writes = undefined;
    await reference.write("statuses", ["new", "done"]);
    expect(liveness.report()).toMatchObject({ ok: true, body: { store: { ok: true, reason: null } } });
  });

  it("a cache keeps what it knew while the store cannot be read", async () => {
    const faults: FaultSwitch = {};
    const store = createMemoryStore({ faults });
    const cache = store.adapter<string>("reference", { failures: "skip", keep: 10 });
    await cache.write("statuses", "known");
    faults.reads = "unavailable";
    faults.writes = "unavailable";
    expect(await cache.read("statuses")).toBe("known");
    expect(await cache.read("never-seen")).toBeUndefined();
    const strict = store.adapter<string>("dialog-writes");
    await expect(Promise.resolve(strict.read("x"))).rejects.toBeInstanceOf(StoreReadError);
  });

  it("the service token is kept in memory while the store refuses it: no login per request", async () => {
    const faults: FaultSwitch = {};
    const { logger, lines } = recordingLogger();
    const service = serviceStoreFrom(createFileStore(dir, { faults, logger }));
    faults.writes = "full";
    const token = { token: "fresh", expiresAt: Date.now() + 60_000, renewAt: Date.now() + 30_000 };
    await service.setToken(token);
    for (let i = 0; i < 3; i++) expect(await service.getToken()).toEqual(token);
    expect(lines).toHaveLength(1);
    faults.writes = undefined;
    expect(await service.getToken()).toEqual(token);
    expect(JSON.parse(await readFile(entryPath(dir, "service", "token"), "utf8")).token).toBe("fresh");
  });

  it("a dialog state the store refused is kept, read back, and stored once the store takes it", async () => {
    const faults: FaultSwitch = {};
    const store = createMemoryStore({ faults });
    const inner = store.adapter<{ step: number }>("dialogs");
    const dialogs = store.open(
      persisted({
        namespace: "dialogs",
        schema: z.object({ step: z.number() }),
        whenStoreFails: "tell",
        keep: { entries: 10 },
      }),
    );
    await dialogs.write("1", { step: 1 });
    faults.writes = "full";
    await expect(Promise.resolve(dialogs.write("1", { step: 2 }))).rejects.toBeInstanceOf(StoreWriteError);
    expect(await dialogs.read("1")).toEqual({ step: 2 });
    expect(await inner.read("1")).toEqual({ step: 1 });
    faults.writes = undefined;
    expect(await dialogs.read("1")).toEqual({ step: 2 });
    expect(await inner.read("1")).toEqual({ step: 2 });
  });
});
