/**
 * The bot's record of who linked themselves as a client: by Telegram user (their
 * phone, the counteragents it matched, their language, what the counteragent
 * read gave for the consent write) and by counteragent (who to tell about its
 * orders). Written only on /start's contact and /stop: a few per client.
 */
import type { Locale } from "../../../config/index.ts";
import type { AudienceHooks } from "../../notify/outbox-types.ts";
import type { Store } from "../../store/storage.ts";
import type { CounteragentForm } from "../../writes/kinds/client-consent.ts";
import { clientLinkRecords, clientsOfCounteragent } from "./records.ts";

export interface ClientLink {
  userId: number;
  /** The normalized number of the contact they shared ("+79123456789"). */
  phone: string;
  counteragents: CounteragentForm[];
  locale: Locale;
  /** Unix ms. */
  linkedAt: number;
  /** The client blocked the bot: nothing is sent until they write again. */
  blocked?: boolean;
}

export interface ClientLinks {
  read(userId: number): Promise<ClientLink | undefined>;
  /** The Telegram users linked to this counteragent. */
  usersOf(counteragentId: string): Promise<number[]>;
  save(link: ClientLink): Promise<void>;
  remove(userId: number): Promise<ClientLink | undefined>;
  setBlocked(userId: number, blocked: boolean): Promise<void>;
}

export function clientLinksOf(store: Store): ClientLinks {
  const users = store.open(clientLinkRecords);
  const byCounteragent = store.open(clientsOfCounteragent);
  const listOf = async (id: string) => {
    const list = await byCounteragent.read(id);
    return Array.isArray(list) ? list.filter((u) => Number.isSafeInteger(u)) : [];
  };
  const unindex = async (link: ClientLink) => {
    for (const { id } of link.counteragents) {
      // One step per change (compare-and-set on Redis): two users linking at once both land.
      await byCounteragent.update(id, (list) => {
        const rest = (list ?? []).filter((u) => u !== link.userId);
        return rest.length > 0 ? rest : undefined;
      });
    }
  };
  const read = async (userId: number) => {
    const link = await users.read(String(userId));
    return link && Array.isArray(link.counteragents) ? link : undefined;
  };
  return {
    read,
    usersOf: listOf,
    async save(link) {
      const old = await read(link.userId);
      if (old) await unindex(old);
      await users.write(String(link.userId), link);
      for (const { id } of link.counteragents)
        await byCounteragent.update(id, (list) =>
          list?.includes(link.userId) ? list : [...(list ?? []), link.userId],
        );
    },
    async remove(userId) {
      const old = await read(userId);
      if (!old) return undefined;
      await unindex(old);
      await users.delete(String(userId));
      return old;
    },
    async setBlocked(userId, blocked) {
      const link = await read(userId);
      if (!link || Boolean(link.blocked) === blocked) return;
      await users.write(String(userId), { ...link, blocked });
    },
  };
}

/**
 * The outbox's hooks for messages to linked clients: nothing is sent to one unlinked (/stop) or
 * blocked since the message was kept; a block Telegram reports is kept until they write again.
 */
export function linkedClientsAudience(store: Store): AudienceHooks {
  const links = clientLinksOf(store);
  return {
    allows: async (userId) => {
      const link = await links.read(userId);
      return link !== undefined && !link.blocked;
    },
    async refused(userId, reason) {
      if (reason === "blocked") await links.setBlocked(userId, true);
    },
  };
}
