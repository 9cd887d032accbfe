/**
 * The client reader: client searches, a client's record for its card and a
 * client's orders, from the order mirror when it is on (search and a client's
 * held orders cost nothing; their older orders one request, kept), else from
 * the service. The other reads of a counteragent are not a user's search: the
 * record a write starts from (writes/kinds/client-*.ts), the order reader's
 * orders of a phone (orders/service-reader.ts) and the client's side's consent
 * check (features/client-side/consent.ts).
 *
 * - search: mirror 0 requests; without it GET /counteragents (`phone` for
 *   digits, `filter` for words) 1. Every client search a user makes comes here:
 *   /client, /find's clients (`heldSearch`), a dialog's client step (`page`:
 *   dialog-kit/client-search.ts).
 * - record: GET /counteragents/{id} 1 (what a card shows and an edit starts
 *   from), kept in the mirror and, for a while, in the store: an edit opened
 *   from the card right after costs no read.
 * - orders: the mirror's held ones 0; `older` 1 (kept by the mirror).
 * Each request counts against the user's share of the quota window (LOOKUP_SHARE), as orders' reads do.
 */
import { z } from "zod";
import { phoneQueryDigits } from "../../contract/phone.ts";
import { CLOSED_GROUP } from "../../contract/status-groups.ts";
import type { Counteragent, Order } from "../../service/index.ts";
import type { CoreServices } from "../core-services.ts";
import { ordersOfShops } from "../orders/by-number.ts";
import { createLookupShare } from "../orders/lookup-share.ts";
import { persisted } from "../store/storage.ts";

/** A card's read stands for an edit opened from it this long. */
const RECORD_TTL_SECONDS = 15 * 60;

/** The record a client card read, by the client's id: an edit opened from that card starts from it. */
const clientRecords = persisted({
  namespace: "client-records",
  schema: z.object({ at: z.number(), client: z.looseObject({ id: z.string() }) }),
  ttlSeconds: RECORD_TTL_SECONDS,
  // A cache: a store that fails costs the edit one read.
  whenStoreFails: "skip",
  keep: { entries: 200, copies: "all" },
});
/** A client's orders the card lists. */
const CLIENT_ORDERS_SHOWN = 50;
/** Phone digits from this many on search the phones (as the order search does). */
const PHONE_DIGITS = 4;

export interface ClientOrders {
  items: Order[];
  /** Every order of the client is among them (read once, or none held is older). */
  complete: boolean;
}

type Services = Pick<CoreServices, "client" | "mirror" | "store" | "clock" | "config">;

export function clientReader(services: Services) {
  const { client, mirror, store, clock, config } = services;
  // As the orders' reads: the user's share, and never the requests kept for writes (WRITE_RESERVE).
  const share = createLookupShare(store, config.lookupShare, () => clock.now().getTime(), {
    writeReserve: () => client.writeReserve,
    checkRead: () => client.checkRead(),
  });
  const records = store.open(clientRecords);
  const remember = async (record: Counteragent) => {
    mirror?.putClient(record);
    // As JSON (dates as strings): revived when read back.
    await records.write(record.id, { at: clock.now().getTime(), client: JSON.parse(JSON.stringify(record)) });
  };

  return {
    /** Clients matching a name, an e-mail or phone digits; `held`: answered with no request. */
    async search(
      text: string,
      limit: number,
      userId?: number,
    ): Promise<{ items: Counteragent[]; total: number; held: boolean }> {
      if (mirror) {
        const found = mirror.searchClients(text, limit);
        return { items: found.items.map((m) => m.client), total: found.total, held: true };
      }
      const phone = phoneQueryDigits(text, PHONE_DIGITS);
      await share.spend(userId);
      const page = await client.counteragents.list({
        ...(phone ? { phone } : { filter: text }),
        page: 1,
        pageSize: Math.min(limit, 50),
      });
      return { items: page.items, total: page.total ?? page.items.length, held: false };
    },

    /** The clients the mirror holds for a text (no request); undefined without the mirror. */
    heldSearch(text: string, limit: number): { items: Counteragent[]; total: number } | undefined {
      if (!mirror) return undefined;
      const found = mirror.searchClients(text, limit);
      return { items: found.items.map((m) => m.client), total: found.total };
    },

    /**
     * One page of a paged search (the intake's): from the mirror when it keeps the company's
     * clients (MIRROR_CLIENTS, 0 requests), else GET /counteragents (`phone`: these digits), 1.
     * `total` when known.
     */
    async page(
      query: { text: string; phone?: string },
      at: { page: number; pageSize: number },
    ): Promise<{ items: Counteragent[]; total?: number }> {
      if (mirror && config.mirror?.clients) {
        const found = mirror.searchClients(query.text, at.page * at.pageSize);
        const items = found.items.slice((at.page - 1) * at.pageSize).map((m) => m.client);
        return { items, total: found.total };
      }
      const found = await client.counteragents.list({
        ...(query.phone ? { phone: query.phone } : { filter: query.text }),
        page: at.page,
        pageSize: at.pageSize,
      });
      return { items: found.items, total: found.total };
    },

    /** The client's record from the service (1 request), kept for an edit opened from the card. */
    async read(id: string, userId?: number): Promise<Counteragent> {
      await share.spend(userId);
      const record = await client.counteragents.get(id);
      await remember(record);
      return record;
    },

    /** The record a card read a moment ago (no request), else undefined. */
    async recent(id: string): Promise<Counteragent | undefined> {
      const stored = await records.read(id);
      // The bot's clock decides (the store's expiry is only its housekeeping).
      if (!stored || clock.now().getTime() - stored.at > RECORD_TTL_SECONDS * 1000) return undefined;
      return reviveClient(stored.client);
    },

    /** After a write of the bot: the record as it now is, kept (the mirror's order copies follow). */
    written: remember,

    /** The mirror's record of a client read from the service (no request); not one only seen on an order. */
    held(id: string): Counteragent | undefined {
      const held = mirror?.client(id);
      return held && held.syncedAt.getTime() > 0 ? held.client : undefined;
    },

    /** The client's orders the mirror holds (no request); undefined without the mirror. */
    orders(id: string): ClientOrders | undefined {
      if (!mirror) return undefined;
      const items = mirror.clientOrders(id, CLIENT_ORDERS_SHOWN).map((held) => held.order);
      return { items, complete: mirror.client(id)?.ordersReadAt !== undefined };
    },

    /** Every order of the client from the service (1 request; none once the mirror has read them); the mirror keeps them. */
    async older(id: string, userId?: number): Promise<ClientOrders> {
      // Read once already (a double press, an older card's button): the mirror keeps them, no request.
      if (mirror?.client(id)?.ordersReadAt !== undefined)
        return {
          items: mirror.clientOrders(id, CLIENT_ORDERS_SHOWN).map((held) => held.order),
          complete: true,
        };
      await share.spend(userId);
      if (mirror) {
        await mirror.readClientOrders(id);
        return {
          items: mirror.clientOrders(id, CLIENT_ORDERS_SHOWN).map((held) => held.order),
          complete: true,
        };
      }
      const page = await ordersOfShops(
        client,
        config.shopIds,
        { counteragentId: id },
        { page: 1, pageSize: CLIENT_ORDERS_SHOWN },
      );
      return { items: sortOrders(page.items.filter((o) => o.counteragent?.id === id)), complete: true };
    },
  };
}

/** Open orders first (a status group other than closed), newest first. */
function sortOrders(orders: Order[]): Order[] {
  const closed = (o: Order) => (o.status?.type === CLOSED_GROUP ? 1 : 0);
  return [...orders].sort(
    (a, b) => closed(a) - closed(b) || (b.dateCreate?.getTime() ?? 0) - (a.dateCreate?.getTime() ?? 0),
  );
}

/** A record that went through JSON (the store, a dialog's argument): its dates back as dates. */
export function reviveClient(raw: unknown): Counteragent {
  const record = { ...(raw as Counteragent) };
  for (const key of ["dateCreate", "lastAction"] as const) {
    const value = record[key] as unknown;
    if (typeof value === "string" || typeof value === "number") record[key] = new Date(value);
  }
  return record;
}
