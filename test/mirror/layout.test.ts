/** The database file: kept across restarts; a file of another layout is started afresh, not misread. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_BUDGET, Mirror } from "../../src/mirror/index.ts";
import { startSandbox } from "../../src/sandbox/index.ts";
import { createServiceClient } from "../../src/service/index.ts";
import { fakeMirrorClient, mirrorOptions, order } from "./helpers.ts";
import { syncUntilDone } from "./sandbox-mirror.ts";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("the mirror's file", () => {
  it("keeps records, search and the change log across a restart", async () => {
    dir = mkdtempSync(join(tmpdir(), "mirror-layout-"));
    const path = join(dir, "m.sqlite");
    const first = new Mirror(mirrorOptions({ client: fakeMirrorClient(), path }));
    first.upsert(order({ id: "x1", number: "А000321", device: "Lenovo", dateCreate: new Date() }));
    await first.stop();
    const second = new Mirror(mirrorOptions({ client: fakeMirrorClient(), path }));
    expect(second.list({ text: "lenovo" }).items.map((m) => m.order.id)).toEqual(["x1"]);
    expect(second.get("x1")?.order.dateCreate).toBeInstanceOf(Date);
    expect(second.changesSince(0).map((c) => c.change.kind)).toEqual(["created"]);
    await second.stop();
  });

  it("orders of workshops dropped from SHOP_IDS leave with the next start", async () => {
    dir = mkdtempSync(join(tmpdir(), "mirror-layout-"));
    const path = join(dir, "m.sqlite");
    const first = new Mirror(mirrorOptions({ client: fakeMirrorClient(), path }));
    first.upsert(order({ id: "in", shop: { id: "s1" }, device: "Asus" }));
    first.upsert(order({ id: "out", shop: { id: "s2" }, device: "Asus" }));
    await first.stop();
    const second = new Mirror(mirrorOptions({ client: fakeMirrorClient(), path, shopIds: ["s1"] }));
    expect(second.list({ text: "asus" }).items.map((m) => m.order.id)).toEqual(["in"]);
    expect(second.stats().orders).toBe(1);
    await second.stop();
  });

  it("a file of an older layout is dropped and filled again, not misread", async () => {
    dir = mkdtempSync(join(tmpdir(), "mirror-layout-"));
    const path = join(dir, "m.sqlite");
    const old = new DatabaseSync(path);
    old.exec(
      "CREATE TABLE orders (rid INTEGER PRIMARY KEY, id TEXT, record TEXT); INSERT INTO orders VALUES (1, 'o', '{');",
    );
    old.exec(
      "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES ('sync', '{\"watermark\":1}');",
    );
    old.close();
    const mirror = new Mirror(mirrorOptions({ client: fakeMirrorClient(), path }));
    await mirror.open();
    expect(mirror.stats().orders).toBe(0);
    expect(mirror.progress.state.watermark).toBeNull(); // a backfill comes first
    mirror.upsert(order({ id: "n1", device: "Asus" }));
    expect(mirror.list({ text: "asus" }).total).toBe(1);
    await mirror.stop();
  });
});

describe("a refill after a layout change", () => {
  it("tells what changed since the old mirror's last sync: an order made ready while the bot was down", async () => {
    dir = mkdtempSync(join(tmpdir(), "mirror-layout-"));
    const path = join(dir, "m.sqlite");
    const sandbox = await startSandbox({ port: 0, orders: 80 });
    try {
      const client = createServiceClient({ baseUrl: sandbox.url, token: sandbox.token, retry: { count: 0 } });
      const options = mirrorOptions({
        client,
        path,
        budget: { ...DEFAULT_BUDGET, perWindow: 1000, reserve: 0, baseIntervalMs: 1000 },
      });
      const first = new Mirror(options);
      await first.open();
      await syncUntilDone(first);
      const { store } = sandbox;
      const open = store.orders.find(
        (o) =>
          o.isVisible &&
          first.get(o.id) &&
          !["finish", "closed"].includes(store.statusById.get(o.statusId)?.group ?? ""),
      );
      const ready = [...store.statusById.values()].find((s) => s.group === "finish");
      expect(open && ready).toBeTruthy();
      await first.stop();
      // The bot is down; the shop makes the order ready; the new version's mirror has another layout.
      sandbox.others.changeStatus(open?.id ?? "", ready?.id ?? "");
      const file = new DatabaseSync(path);
      file.exec("PRAGMA user_version = 2");
      file.close();
      const second = new Mirror(options);
      await second.open();
      await syncUntilDone(second);
      const news = second.changesSince(0, 10_000).map(({ change }) => change);
      expect(news.filter((c) => c.order.id === open?.id).map((c) => c.kind)).toContain("ready");
      // Only what changed is news: the rest refilled as it was.
      expect(news.filter((c) => c.kind === "ready").map((c) => c.order.id)).toEqual([open?.id]);
      await second.stop();
    } finally {
      await sandbox.close();
    }
  });
});

describe("layout 3 to 4: the time of the last change", () => {
  it("is added in place: the orders and the sync's progress are kept (no refill, no request)", async () => {
    dir = mkdtempSync(join(tmpdir(), "mirror-layout-"));
    const path = join(dir, "m.sqlite");
    const first = new Mirror(mirrorOptions({ client: fakeMirrorClient(), path }));
    await first.open();
    first.upsert(order({ id: "k1", device: "Lenovo" }));
    await first.stop();
    // The file as layout 3 left it: no changed_at column, the sync well under way.
    const file = new DatabaseSync(path);
    file.exec("ALTER TABLE orders DROP COLUMN changed_at");
    file.exec("INSERT OR REPLACE INTO meta (key, value) VALUES ('sync', '{\"watermark\":12345}')");
    file.exec("PRAGMA user_version = 3");
    file.close();
    const second = new Mirror(mirrorOptions({ client: fakeMirrorClient(), path }));
    await second.open();
    expect(second.stats().orders).toBe(1);
    expect(second.list({ text: "lenovo" }).total).toBe(1);
    expect(second.progress.state.watermark).toBe(12345);
    // Not known for what layout 3 held; known from the next write on.
    expect(second.get("k1")?.changedAt).toBeUndefined();
    second.upsert(order({ id: "k1", device: "Lenovo", problem: ["screen"] }));
    expect(second.get("k1")?.changedAt).toBeInstanceOf(Date);
    await second.stop();
    const check = new DatabaseSync(path);
    expect((check.prepare("PRAGMA user_version").get() as { user_version: number }).user_version).toBe(4);
    check.close();
  });
});
