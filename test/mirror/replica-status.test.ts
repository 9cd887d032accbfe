/**
 * An instance that does not sync (another holds the lease) still tells /status
 * the truth: the last sync and the first fill as the syncing instance saved them.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Coordinator } from "../../src/mirror/coordinator.ts";
import { Mirror, type SyncState } from "../../src/mirror/index.ts";
import { fakeMirrorClient, mirrorOptions } from "./helpers.ts";

let mirror: Mirror | undefined;
afterEach(async () => {
  await mirror?.stop();
  mirror = undefined;
});

/** A coordinator whose lease another instance holds; `shared` is the state it saves. */
function replicaOf(shared: { state: SyncState | undefined }): () => Coordinator {
  return () => ({
    kind: "redis",
    lead: async () => false,
    loadState: async () => shared.state,
    saveState: async () => undefined,
    publish: async () => undefined,
    follow: async () => undefined,
    close: async () => undefined,
  });
}

describe("a replica's /status", () => {
  it("follows the syncing instance's last sync instead of the state it saw at its start", async () => {
    const shared: { state: SyncState | undefined } = { state: undefined };
    const client = fakeMirrorClient();
    let now = Date.UTC(2026, 10, 25, 9, 0);
    mirror = new Mirror(mirrorOptions({ client, coordinator: replicaOf(shared), now: () => now }));
    await mirror.open();
    expect(mirror.stats()).toMatchObject({ role: "replica", lastSyncAt: null, backfilling: true });
    // The other instance finishes its first fill, then syncs again an hour later.
    shared.state = { watermark: now, lastSyncAt: now };
    now += 3_600_000;
    shared.state = { watermark: now - 1000, lastSyncAt: now - 1000 };
    await mirror.syncNow();
    expect(mirror.stats()).toMatchObject({ role: "replica", backfilling: false, lastSyncAgeSeconds: 1 });
    expect(client.calls).toEqual([]);
  });
});
