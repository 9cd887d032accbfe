/**
 * The client inbox's test set-up: the client side's bot (a warm mirror, CLIENTS=on) with
 * CLIENT_INBOX_CHAT a staff group of the fake Telegram (or a forum, or none), linked
 * clients, and the updates staff and clients send: a client's photo, voice message or
 * document, a staff member's reply in the group.
 */
import type { Update, User } from "grammy/types";
import type { Store } from "../../../../src/bot/store/storage.ts";
import type { ClientsConfig, Config } from "../../../../src/config/index.ts";
import type { Counteragent, Order as SandboxOrder } from "../../../../src/sandbox/model.ts";
import { BOT_INFO, type StoredMessage } from "../../../helpers/fake-telegram.ts";
import { updateId } from "../../../helpers/updates.ts";
import { aClient, type ClientBot, contactUpdate, person, startClientBot } from "../client-side/setup.ts";

export { OPERATOR } from "../client-side/setup.ts";

/** The staff group the inbox is (a supergroup id). */
export const INBOX = -1_005_000;
export const OWNER = 7;

export interface InboxOptions {
  /** "group" (default), "forum" (a topic per client), or "none" (the managers, else the owners). */
  inbox?: "group" | "forum" | "none";
  clients?: Partial<ClientsConfig>;
  config?: Partial<Config>;
  store?: Store;
}

export async function startInboxBot(options: InboxOptions = {}): Promise<ClientBot> {
  const kind = options.inbox ?? "group";
  const t = await startClientBot({
    clients: { inboxChat: kind === "none" ? undefined : INBOX, ...options.clients },
    config: { ownerIds: [OWNER], ...options.config },
    store: options.store,
  });
  if (kind !== "none")
    t.telegram.state.groups.set(INBOX, { type: "supergroup", title: "Inbox", isForum: kind === "forum" });
  return t;
}

export interface LinkedClient {
  who: Counteragent;
  orders: SandboxOrder[];
  from: User;
}

/** A client linked with their own contact (not one of `skip`), marks the requests after. */
export async function linkClient(
  t: ClientBot,
  userId: number,
  languageCode: "ru" | "en",
  skip: readonly string[] = [],
): Promise<LinkedClient> {
  const { who, orders } = aClient(t, skip);
  const from = person(userId, languageCode);
  await t.handle(contactUpdate(t, from, who.phones[0] ?? ""));
  t.mark();
  return { who, orders, from };
}

/** A media message of a client in their chat, kept in the fake Telegram so it can be copied. */
export function clientMedia(
  t: ClientBot,
  from: User,
  media: "photo" | "voice" | "document",
  caption?: string,
): Update {
  const messageId = t.telegram.nextMessageId(from.id);
  t.telegram.state.chats.put({
    chatId: from.id,
    messageId,
    text: caption ?? "",
    fromBot: false,
    edits: 0,
    media,
  });
  const file = { file_id: `f-${messageId}`, file_unique_id: `u-${messageId}` };
  const body =
    media === "photo"
      ? { photo: [{ ...file, width: 800, height: 600 }] }
      : media === "voice"
        ? { voice: { ...file, duration: 3 } }
        : { document: { ...file, file_name: "act.pdf" } };
  return {
    update_id: updateId(),
    message: {
      message_id: messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: "private", first_name: from.first_name },
      from,
      caption,
      ...body,
    },
  } as Update;
}

/** A staff member with a first and a last name (the client must never read the last one unless signed). */
export function staffMember(id: number, languageCode: "ru" | "en", first = "Anna", last = "Petrova"): User {
  return { id, is_bot: false, first_name: first, last_name: last, language_code: languageCode };
}

/** A staff member's message in the inbox group replying to `replyTo` (a text, or a photo with a caption). */
export function groupReply(
  t: ClientBot,
  from: User,
  replyTo: StoredMessage | number,
  content: { text: string } | { photo: string; caption?: string },
  chatId = INBOX,
): Update {
  const messageId = t.telegram.nextMessageId(chatId);
  const text = "text" in content ? content.text : (content.caption ?? "");
  t.telegram.state.chats.put({
    chatId,
    messageId,
    text,
    fromBot: false,
    edits: 0,
    media: "photo" in content ? "photo" : undefined,
  });
  const repliedId = typeof replyTo === "number" ? replyTo : replyTo.messageId;
  const chat =
    chatId < 0
      ? { id: chatId, type: "supergroup", title: "Inbox" }
      : { id: chatId, type: "private", first_name: from.first_name };
  const replied = {
    message_id: repliedId,
    date: Math.floor(Date.now() / 1000),
    chat,
    from: BOT_INFO,
    text: "…",
  };
  const body =
    "text" in content
      ? { text: content.text }
      : {
          photo: [{ file_id: content.photo, file_unique_id: `u-${content.photo}`, width: 800, height: 600 }],
          caption: content.caption,
        };
  return {
    update_id: updateId(),
    message: {
      message_id: messageId,
      date: Math.floor(Date.now() / 1000),
      chat,
      from,
      reply_to_message: replied,
      ...body,
    },
  } as unknown as Update;
}

/** The callback data of a message's buttons, and their texts. */
export const dataOf = (m: StoredMessage | undefined): string[] =>
  (m?.replyMarkup?.inline_keyboard.flat() ?? []).map((b) =>
    "callback_data" in b ? String(b.callback_data) : "",
  );
export const labelsOf = (m: StoredMessage | undefined): string[] =>
  (m?.replyMarkup?.inline_keyboard.flat() ?? []).map((b) => b.text);

/** An open order (in the mirror) of this client, by the sandbox's record. */
export function openOrdersOf(t: ClientBot, client: LinkedClient): SandboxOrder[] {
  const store = t.sandbox.store;
  return client.orders.filter(
    (o) => !["closed", "finish"].includes(store.statusById.get(o.statusId)?.group ?? ""),
  );
}
