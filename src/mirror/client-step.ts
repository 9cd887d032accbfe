/**
 * One step's share of the clients' run (client-sync.ts): its pages read, kept, published to
 * the other instances and saved with the sync's state, within the budget the orders leave.
 */
import type { Counteragent } from "../service/index.ts";
import { asSync } from "../service/index.ts";
import type { ChangeApplier } from "./apply.ts";
import type { SyncBudget } from "./budget.ts";
import { advanceClientScan, type ClientSyncState, clientQuery, newClientRun } from "./client-sync.ts";
import type { Coordinator } from "./coordinator.ts";
import type { MirrorDb } from "./db.ts";
import type { MirrorClient } from "./options.ts";
import type { SyncState } from "./sync.ts";

/** Client pages one step reads at most: the orders' next syncs in the window keep their share. */
const CLIENT_PAGES_PER_STEP = 3;
/** Requests of the window's budget the clients' backfill leaves to the orders' syncs. */
const ORDERS_HEADROOM = 10;

/** What the step uses of the sync loop: its parts, its state, and its count of requests. */
interface ClientStep {
  client: MirrorClient;
  db: MirrorDb;
  budget: SyncBudget;
  coordinator: Coordinator;
  applier: ChangeApplier;
  overlapMs: number;
  onClients?: ((clients: readonly Counteragent[], at: number) => void) | undefined;
  now: () => number;
  state(): SyncState;
  setState(state: SyncState): void;
  spend(requests: number): void;
}

/**
 * A few pages of the clients' run (client-sync.ts), after the orders' run is done for this
 * step and within what the budget leaves the orders' next syncs. Returns the requests spent.
 */
export async function clientPages(step: ClientStep): Promise<number> {
  const { budget, client, coordinator, db, now } = step;
  const counteragents = client.counteragents;
  if (!counteragents) return 0;
  let clients: ClientSyncState = step.state().clients ?? { watermark: null };
  let requests = 0;
  const headroom = clients.watermark === null ? ORDERS_HEADROOM : 1;
  for (let pages = 0; pages < CLIENT_PAGES_PER_STEP; pages++) {
    if (budget.allowance(now(), client.quota) <= headroom) break;
    const run = clients.run ?? newClientRun(clients, now(), step.overlapMs);
    const scan = run?.scans[0];
    if (!run || !scan) break;
    const readAt = now();
    let page: Awaited<ReturnType<typeof counteragents.list>>;
    try {
      page = await asSync(() => counteragents.list(clientQuery(scan, run)));
    } finally {
      requests++;
      step.spend(1);
    }
    if (!(await coordinator.lead())) break;
    db.transaction(() => {
      for (const record of page.items) db.clients.put(record, readAt);
    });
    step.onClients?.(page.items, readAt);
    // The other instances have the page before the progress says it was read.
    await step.applier.publishClients(page.items, readAt);
    const scans = [...advanceClientScan(scan, page, run), ...run.scans.slice(1)];
    clients = scans.length > 0 ? { ...clients, run: { ...run, scans } } : { watermark: run.startedAt };
    const snapshot = budget.snapshot();
    const state = { ...step.state(), clients, ...(snapshot ? { budget: snapshot } : {}) };
    step.setState(state);
    await coordinator.saveState(state);
  }
  return requests;
}
