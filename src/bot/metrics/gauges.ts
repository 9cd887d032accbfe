/**
 * The gauges read when scraped, from what the bot already knows: the quota the
 * service's last answer gave, the mirror's figures and the newest change its
 * sync has seen. Nothing here asks the service.
 */
import { Gauge, type Registry } from "prom-client";
import type { MirrorStats } from "../../mirror/index.ts";
import type { Quota } from "../../service/index.ts";

/** What the gauges read when scraped; each optional, absent ones are left out of the scrape. */
export interface MetricSources {
  /** The service client: the quota as last seen and the write reserve. */
  client?: { readonly quota: Quota | null; readonly writeReserve: number };
  /** The order mirror: its figures and its change feed (the newest change seen). */
  mirror?: {
    stats(): MirrorStats;
    onChange(listener: (changes: readonly { detectedAt: Date; source: string }[]) => void): () => void;
  };
}

export interface WatchedSources extends MetricSources {
  /** When the newest change the sync found was noticed (Unix ms). */
  newestChange?: number;
  unsubscribe?: () => void;
}

export function watchSources(sources: WatchedSources, next: MetricSources): void {
  if (next.client) sources.client = next.client;
  if (!next.mirror || next.mirror === sources.mirror) return;
  sources.unsubscribe?.();
  sources.mirror = next.mirror;
  sources.newestChange = undefined;
  sources.unsubscribe = next.mirror.onChange((changes) => {
    // The bot's own writes are no news of the sync's.
    for (const change of changes) {
      const at = change.detectedAt.getTime();
      if (change.source === "sync" && at > (sources.newestChange ?? 0)) sources.newestChange = at;
    }
  });
}

export function sourceGauges(registry: Registry, prefix: string, sources: WatchedSources, now: () => number) {
  const registers = [registry];
  new Gauge({
    name: `${prefix}service_quota_remaining`,
    help: "Requests left in the service's quota window, as its last answer said",
    registers,
    collect() {
      const quota = sources.client?.quota;
      if (quota) this.set(quota.remaining);
    },
  });
  new Gauge({
    name: `${prefix}service_quota_reset_timestamp_seconds`,
    help: "When the service's quota window resets (Unix time), as its last answer said",
    registers,
    collect() {
      const resetAt = sources.client?.quota?.resetAt;
      if (resetAt) this.set(resetAt.getTime() / 1000);
    },
  });
  new Gauge({
    name: `${prefix}service_write_reserve`,
    help: "The last requests of each quota window kept for writes (WRITE_RESERVE)",
    registers,
    collect() {
      if (sources.client) this.set(sources.client.writeReserve);
    },
  });
  new Gauge({
    name: `${prefix}mirror_sync_lag_seconds`,
    help: "Age of the newest change the mirror's sync has seen (from the start of the sync run that found it)",
    registers,
    collect() {
      if (sources.newestChange !== undefined) this.set(Math.max(0, (now() - sources.newestChange) / 1000));
    },
  });
  new Gauge({
    name: `${prefix}mirror_last_sync_age_seconds`,
    help: "Seconds since the mirror's last complete sync",
    registers,
    collect() {
      const age = sources.mirror?.stats().lastSyncAgeSeconds;
      if (age !== undefined && age !== null) this.set(age);
    },
  });
  new Gauge({
    name: `${prefix}mirror_orders`,
    help: "Orders the mirror holds",
    registers,
    collect() {
      const stats = sources.mirror?.stats();
      if (stats) this.set(stats.orders);
    },
  });
}
