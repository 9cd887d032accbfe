/**
 * The mirror's file is a cache: one that is not a database (garbage, cut short)
 * or fails the integrity check is set aside with a timestamp, a warning is
 * logged, and a new file starts empty; lookups answer meanwhile (a miss costs
 * one request). A broken write-ahead log beside a sound file loses nothing.
 */
import { randomBytes } from "node:crypto";
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Logger } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { Mirror } from "../../src/mirror/index.ts";
import { fakeMirrorClient, mirrorOptions, order } from "./helpers.ts";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function warnings(): { logger: Logger; seen: { obj: unknown; msg: string }[] } {
  const seen: { obj: unknown; msg: string }[] = [];
  const quiet = () => undefined;
  const logger = {
    warn: (obj: unknown, msg: string) => seen.push({ obj, msg }),
    info: quiet,
    error: quiet,
    debug: quiet,
    child: () => logger,
  } as unknown as Logger;
  return { logger, seen };
}

/** A sound file holding `count` orders (enough pages that cutting it breaks it). */
async function soundFile(count: number): Promise<{ path: string; first: ReturnType<typeof order> }> {
  dir = mkdtempSync(join(tmpdir(), "mirror-broken-"));
  const path = join(dir, "mirror.sqlite");
  const mirror = new Mirror(mirrorOptions({ client: fakeMirrorClient(), path }));
  const first = order({ device: "Lenovo IdeaPad", problem: ["Не включается после падения"] });
  mirror.upsert(first);
  for (let i = 0; i < count; i++) {
    mirror.upsert(order({ device: `Устройство ${i} ${"x".repeat(200)}`, problem: [`неисправность ${i}`] }));
  }
  mirror.db.checkpoint();
  await mirror.stop();
  return { path, first };
}

const asideFiles = () => readdirSync(dir ?? "").filter((name) => /\.broken-/.test(name));

describe("a broken mirror file at start", () => {
  it("garbage: set aside, a warning logged, a new file; a lookup costs one request and is kept", async () => {
    dir = mkdtempSync(join(tmpdir(), "mirror-broken-"));
    const path = join(dir, "mirror.sqlite");
    const garbage = randomBytes(64 * 1024);
    writeFileSync(path, garbage);
    const wanted = order({ number: "А004242" });
    const client = fakeMirrorClient({ list: [wanted] });
    const { logger, seen } = warnings();
    const mirror = new Mirror(mirrorOptions({ client, path, logger }));
    await mirror.open();
    expect(seen.map((w) => w.msg).join()).toMatch(/broken/);
    const aside = asideFiles().find((name) => !name.endsWith("-wal") && !name.endsWith("-shm"));
    expect(aside).toBeDefined();
    expect(readFileSync(join(dir, aside ?? ""))).toEqual(garbage); // kept as it was, for a look later
    expect(mirror.stats().orders).toBe(0);
    expect(mirror.progress.state.watermark).toBeNull(); // the backfill fills it
    expect((await mirror.findByNumber("А004242")).map((m) => m.order.id)).toEqual([wanted.id]);
    expect((await mirror.findByNumber("4242")).map((m) => m.order.id)).toEqual([wanted.id]);
    expect(client.calls).toHaveLength(1);
    await mirror.stop();
    // The new file is sound: the next start keeps it and what it holds.
    const again = new Mirror(mirrorOptions({ client: fakeMirrorClient(), path, logger }));
    expect(again.get(wanted.id)?.order.number).toBe("А004242");
    expect(asideFiles().filter((name) => !name.endsWith("-wal") && !name.endsWith("-shm"))).toHaveLength(1);
    await again.stop();
  });

  it("cut short: set aside and started afresh; the bot's writes and reads work", async () => {
    const { path } = await soundFile(400);
    truncateSync(path, Math.floor(statSync(path).size / 2));
    const { logger, seen } = warnings();
    const mirror = new Mirror(mirrorOptions({ client: fakeMirrorClient(), path, logger }));
    await mirror.open();
    expect(seen).toHaveLength(1);
    expect(asideFiles().length).toBeGreaterThan(0);
    expect(mirror.stats().orders).toBe(0);
    const fresh = order({ device: "Samsung A52" });
    mirror.upsert(fresh);
    expect(mirror.list({ text: "samsung" }).items.map((m) => m.order.id)).toEqual([fresh.id]);
    await mirror.stop();
  });

  it("a garbage write-ahead log beside a sound file: the file and its orders are kept", async () => {
    const { path, first } = await soundFile(20);
    writeFileSync(`${path}-wal`, randomBytes(8 * 1024));
    const { logger, seen } = warnings();
    const client = fakeMirrorClient();
    const mirror = new Mirror(mirrorOptions({ client, path, logger }));
    await mirror.open();
    expect(mirror.get(first.id)?.order.device).toBe("Lenovo IdeaPad");
    expect(mirror.list({ text: "lenovo" }).items.map((m) => m.order.id)).toEqual([first.id]);
    expect(await mirror.findByNumber(first.number ?? "")).toHaveLength(1);
    expect(client.calls).toHaveLength(0);
    expect(seen).toEqual([]);
    await mirror.stop();
  });

  it("a sound file is neither checked away nor renamed", async () => {
    const { path, first } = await soundFile(5);
    const { logger, seen } = warnings();
    const mirror = new Mirror(mirrorOptions({ client: fakeMirrorClient(), path, logger }));
    expect(mirror.get(first.id)).toBeDefined();
    expect(seen).toEqual([]);
    expect(asideFiles()).toEqual([]);
    await mirror.stop();
  });
});
