/**
 * The mirror's reads that may ask the service: an order by id or by number that
 * it does not hold costs one request, and what comes back is kept (the next
 * lookup and every card button find it held). Lookups of one id or one number
 * that arrive while the first is on its way share its request.
 */
import { type Order, type OrderListQuery, ServiceError } from "../service/index.ts";
import type { ChangeApplier } from "./apply.ts";
import type { MirrorDb } from "./db.ts";
import type { DiffContext } from "./diff.ts";
import type { MirrorClient } from "./options.ts";
import { parseNumberKey } from "./text.ts";
import type { MirroredOrder } from "./types.ts";

interface LookupOptions {
  client: MirrorClient;
  db: MirrorDb;
  applier: ChangeApplier;
  now: () => number;
  inScope: (order: Order) => boolean;
  /** How a lookup's read is compared (whether an order no sync has seen counts as created). */
  readContext: (at: number) => DiffContext;
}

export class Lookups {
  private readonly options: LookupOptions;
  /** Reads on their way, by id and by the number's digits: a second asker waits for the first. */
  private readonly byId = new Map<string, Promise<MirroredOrder>>();
  private readonly byNum = new Map<string, Promise<void>>();

  constructor(options: LookupOptions) {
    this.options = options;
  }

  /** One GET /orders/{id}, kept; concurrent reads of one id share it. */
  read(id: string): Promise<MirroredOrder> {
    return shared(this.byId, id, () => this.readOnce(id));
  }

  /**
   * One list request by the number's digits, its matches kept; concurrent misses of one
   * number share it, whatever prefix each typed (the request asks by the digits alone).
   */
  async readNumber(text: string): Promise<MirroredOrder[]> {
    const key = parseNumberKey(text);
    if (!key) return [];
    await shared(this.byNum, String(key.num), () => this.readNumberOnce(key.num));
    return this.options.db.byNumber(text);
  }

  private async readOnce(id: string): Promise<MirroredOrder> {
    const { client, applier, db, now, inScope, readContext } = this.options;
    const readAt = now();
    const order = await client.orders.get(id);
    if (!inScope(order)) {
      throw new ServiceError("not_found", `GET /orders/${id}: outside the configured workshops`, {
        status: 404,
      });
    }
    applier.apply([order], readAt, readContext(readAt));
    return db.get(order.id) ?? { order, syncedAt: new Date(readAt) };
  }

  /** Keeps every order with this numeric part (any prefix): each asker picks its own from the mirror. */
  private async readNumberOnce(num: number): Promise<void> {
    const { client, applier, now, readContext } = this.options;
    // By the numeric part even with a prefix: the prefix as typed (a Latin A, a hyphen) may not be
    // the workshop's spelling; the mirror's byNumber keeps the prefix asked for, look-alikes folded.
    const query: OrderListQuery = { num, isVisible: true, page: 1, pageSize: 50 };
    const readAt = now();
    const page = await client.orders.list(query);
    // Only what was asked for: a service that ignored the filter must not fill the mirror with strangers.
    const asked = page.items.filter((order) => parseNumberKey(order.number ?? "")?.num === num);
    applier.apply(asked, readAt, readContext(readAt));
  }
}

/** The promise on its way under `key`, else a new one from `start`, forgotten once settled. */
function shared<T>(inFlight: Map<string, Promise<T>>, key: string, start: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key);
  if (running) return running;
  const started = start().finally(() => inFlight.delete(key));
  inFlight.set(key, started);
  return started;
}
