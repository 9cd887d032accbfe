/**
 * Posting to the shop's inbox through the one outbox (notify/outbox.ts): kept until
 * Telegram takes it, once per key across restarts and instances. Each inbox message,
 * once delivered, is mapped to its client (records.ts `inboxThreads`), so a staff
 * reply to it reaches that client and no other. `postToInbox` is the one way in:
 * a client's message (client-part.ts), and anything else about a linked client that
 * staff should read and may answer (a repair request, a low review).
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import type { Logger } from "../../../logger.ts";
import type { BotServices } from "../../context.ts";
import type { Outbox, OutboxPart } from "../../notify/outbox.ts";
import { outboxOf, readerOf } from "../../notify/send.ts";
import { MESSAGE_LIMIT } from "../../ui/text.ts";
import { clientLinksOf, linkedClientsAudience } from "../client-side/links.ts";
import { readerFor } from "../client-side/reader.ts";
import { inboxPosts, inboxThreads } from "./records.ts";
import { forgetTopic, inboxTargets } from "./targets.ts";
import { CAPTION_LIMIT, clientName, openOrdersOf, staffButtons, staffHeader, withWords } from "./view.ts";

/** The outbox's audience of inbox messages (staff chats), and of answers to clients. */
const INBOX = "inbox";
export const CLIENT_REPLY = "client-reply";

export interface InboxDeps {
  services: BotServices;
  api: Api;
  logger: Logger;
}

export interface InboxPost {
  /** The idempotency key (the client's update, a request's id): one post per key, ever. */
  key: string;
  /** The linked client's Telegram id: their name, phone, open orders and topic; a reply goes to them. */
  client: number;
  /** The order it is about (named on the post, kept for the reply). */
  orderId?: string;
  /** Not about an order, as the client said: staff read so. */
  general?: boolean;
  /** The client's Telegram name, when the CRM has no name for them. */
  telegramName?: string;
  /** What staff read under the header, in their language (HTML, escaped by the caller). */
  body?: (t: TranslateFunction) => string;
  /** The client's own words (escaped here), cut to fit. */
  words?: string;
  /** A message of the client's chat copied under the header (a photo, a voice message, a document). */
  copy?: { fromChatId: number; messageId: number };
  /** Buttons of the caller's above ↩️ Reply (e.g. 📥 Take in). */
  buttons?: (t: TranslateFunction) => InlineKeyboardButton[][];
  /** ↩️ Reply and replies reach the client (default true). */
  replyable?: boolean;
}

export interface InboxPosted {
  /** Chats it went to (0: no inbox, no manager, no owner; or the client is not linked). */
  targets: number;
  /** Of them, the ones Telegram took already (the rest are retried by the outbox). */
  delivered: number;
}

/** Posts to the inbox: CLIENT_INBOX_CHAT (the client's topic in a forum), else the managers, else the owners. */
export async function postToInbox(deps: InboxDeps, post: InboxPost): Promise<InboxPosted> {
  const { services } = deps;
  const outbox = inboxOutbox(deps);
  const link = await clientLinksOf(services.store).read(post.client);
  if (!link) return { targets: 0, delivered: 0 };
  const r = await readerFor(services, services.config.defaultLocale);
  const orders = openOrdersOf(services, r, link);
  const order = post.orderId ? (services.mirror?.get(post.orderId)?.order ?? undefined) : undefined;
  const name = clientName(link, orders);
  const telegramName = post.telegramName ?? String(post.client);
  const topicName = [name ?? telegramName, services.config.groupPhones ? link.phone : ""]
    .filter(Boolean)
    .join(" · ");
  const targets = await inboxTargets(deps, post.client, topicName, order ? [order, ...orders] : orders);
  const posts = services.store.open(inboxPosts);
  let delivered = 0;
  for (const target of targets) {
    const t: TranslateFunction = (key, args) => services.i18n.t(target.locale, key, args);
    const who = { name, telegramName, phone: target.phones ? link.phone : undefined };
    const head = [staffHeader(t, who, order, post.general === true), post.body?.(t)]
      .filter(Boolean)
      .join("\n\n");
    const keyboard = {
      inline_keyboard: staffButtons(t, orders, post.client, post.buttons?.(t), post.replyable !== false),
    };
    const part: OutboxPart = post.copy
      ? {
          method: "copyMessage",
          ...post.copy,
          caption: withWords(head, post.words, CAPTION_LIMIT),
          keyboard,
          threadId: target.threadId,
        }
      : {
          method: "sendMessage",
          text: withWords(head, post.words, MESSAGE_LIMIT),
          keyboard,
          threadId: target.threadId,
        };
    const id = `inbox:${post.key}:${target.chatId}`;
    // Kept before the message: its delivery (now or after a restart) maps it to the client.
    await posts.write(id, { client: post.client, orderId: order?.id });
    const status = await outbox.send({ id, chatId: target.chatId, audience: INBOX, parts: [part] });
    if (status.state === "sent") delivered++;
  }
  return { targets: targets.length, delivered };
}

/** Outboxes whose audiences are set up in this process. */
const registered = new WeakSet<Outbox>();

/** The process's outbox with the inbox's two audiences set up (at start-up: queued posts go on after a restart). */
export function inboxOutbox(deps: InboxDeps): Outbox {
  const outbox = outboxOf(deps);
  if (registered.has(outbox)) return outbox;
  registered.add(outbox);
  const { services, logger } = deps;
  const posts = services.store.open(inboxPosts);
  const threads = services.store.open(inboxThreads);
  outbox.audience(INBOX, {
    allows: async (chatId) =>
      chatId === services.config.clients?.inboxChat || (await readerOf({ services }, chatId)) !== undefined,
    async delivered(chatId, ids, id) {
      const thread = await posts.read(id);
      const first = ids[0];
      if (thread && first !== undefined) await threads.write(`${chatId}:${first}`, thread);
    },
    async refused(chatId, reason, message) {
      logger.warn({ chat: chatId, reason }, "inbox: Telegram refused an inbox message");
      const thread = await posts.read(message.id);
      if (!thread) return;
      const parts = message.parts.map((p) => (p.method === "sendPhoto" ? p : { ...p, threadId: undefined }));
      // The client's topic was deleted: the message goes to the group itself, the next one opens a new topic.
      if (/thread/i.test(reason)) {
        await forgetTopic(services, chatId, thread.client);
        await posts.write(`${message.id}:general`, thread);
        await outbox.send({ id: `${message.id}:general`, chatId, audience: INBOX, parts });
        return;
      }
      // The inbox group itself refuses (the bot was removed, a wrong id): the owners read it instead.
      if (chatId !== services.config.clients?.inboxChat) return;
      for (const owner of services.config.ownerIds ?? []) {
        const id = `${message.id}:owner:${owner}`;
        await posts.write(id, thread);
        await outbox.send({ id, chatId: owner, audience: INBOX, parts });
      }
    },
  });
  outbox.audience(CLIENT_REPLY, linkedClientsAudience(services.store));
  return outbox;
}
