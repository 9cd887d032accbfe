/**
 * The bot's long-lived dependencies that come from below the bot's own layers
 * (the configuration, the service client, the store, the clock, the mirror):
 * what the lower folders (state, ui, orders, clients) may take without knowing
 * the whole of BotServices (context.ts), which is composed above them.
 */
import type { Config } from "../config/index.ts";
import type { OrderMirror } from "../mirror/index.ts";
import type { ServiceClient } from "../service/index.ts";
import type { Clock } from "./clock.ts";
import type { Store } from "./store/storage.ts";

export interface CoreServices {
  config: Config;
  client: ServiceClient;
  /** "sandbox" when the bot runs on the embedded sandbox (shown in /status). */
  serviceKind: "sandbox" | "remote";
  store: Store;
  clock: Clock;
  /**
   * The order mirror, absent with MIRROR=off. Staff features read orders through the order reader
   * (`BotServices.orders`); the mirror itself serves its sync's figures, its change feed, the
   * write-through of a write kind, and the client's side (which runs only with the mirror and
   * reads its held copies).
   */
  mirror?: OrderMirror;
}
