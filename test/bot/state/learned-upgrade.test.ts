/**
 * What the bot learned (statuses, number shapes, device types) was kept under
 * the reference cache's namespace ("reference", key "learned") before the
 * registry gave it its own ("learned"). After an upgrade it is still known.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { learnedOf } from "../../../src/bot/state/learned.ts";
import { createFileStore, type FaultSwitch } from "../../../src/bot/store/storage.ts";

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const before = {
  statuses: [{ id: "s1", name: "Принят", color: "#fff", group: "new" }],
  numbers: [{ prefix: "А", digits: 6 }],
  deviceTypes: ["Ноутбук", "Смартфон"],
};

describe("learned data across the upgrade to the registry", () => {
  it("reads what an older version learned under reference/learned, and keeps it in its own namespace", async () => {
    const dir = await mkdtemp(join(tmpdir(), "learned-upgrade-"));
    dirs.push(dir);
    // As the version before the registry wrote it (no time to live: plain JSON).
    await createFileStore(dir).adapter("reference").write("learned", before);

    const learned = learnedOf(createFileStore(dir));
    expect(await learned.deviceTypes()).toEqual(["Ноутбук", "Смартфон"]);
    expect(await learned.statuses()).toEqual(before.statuses);
    expect(await learned.numbers()).toEqual(before.numbers);

    await learned.useDeviceType("Планшет");
    expect(await learned.deviceTypes()).toEqual(["Планшет", "Ноутбук", "Смартфон"]);
    const moved = JSON.parse(await readFile(join(dir, "learned", "ed", "learned.json"), "utf8"));
    expect(moved.statuses).toEqual(before.statuses);

    // A later process finds it in its own namespace.
    expect(await learnedOf(createFileStore(dir)).deviceTypes()).toEqual(["Планшет", "Ноутбук", "Смартфон"]);
  });

  it("a store that cannot be read at first still finds the older version's data once it can", async () => {
    const dir = await mkdtemp(join(tmpdir(), "learned-upgrade-"));
    dirs.push(dir);
    await createFileStore(dir).adapter("reference").write("learned", before);
    const faults: FaultSwitch = { reads: "failed" };
    const learned = learnedOf(createFileStore(dir, { faults }));
    expect(await learned.deviceTypes()).toEqual([]);
    faults.reads = undefined;
    expect(await learned.deviceTypes()).toEqual(["Ноутбук", "Смартфон"]);
  });

  it("what is learned while the store refuses writes is written once it takes them, not lost till a restart", async () => {
    const dir = await mkdtemp(join(tmpdir(), "learned-upgrade-"));
    dirs.push(dir);
    const faults: FaultSwitch = { writes: "read-only" };
    const learned = learnedOf(createFileStore(dir, { faults }));
    await learned.fromOrders([{ id: "1", typeDevice: "Ноутбук" }]);
    faults.writes = undefined;
    await learned.fromOrders([{ id: "2", typeDevice: "Ноутбук" }]);
    expect(await learned.deviceTypes()).toEqual(["Ноутбук"]);
    expect(await learnedOf(createFileStore(dir)).deviceTypes()).toEqual(["Ноутбук"]);
  });

  it("a fresh store has learned nothing", async () => {
    const dir = await mkdtemp(join(tmpdir(), "learned-upgrade-"));
    dirs.push(dir);
    const learned = learnedOf(createFileStore(dir));
    expect(await learned.deviceTypes()).toEqual([]);
    expect(await learned.statuses()).toEqual([]);
  });
});
