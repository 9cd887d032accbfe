/**
 * Where a client's message goes: CLIENT_INBOX_CHAT (in a forum supergroup the
 * client's own topic, made on their first message and reused), else the managers
 * of their open orders who are linked with /me, else the owners (else the
 * operators: someone must read it). Each target with the staff language it is
 * written in and whether phones may show there.
 */
import type { Api } from "grammy";
import type { Locale } from "../../../config/index.ts";
import type { Logger } from "../../../logger.ts";
import type { Order } from "../../../service/index.ts";
import type { BotServices } from "../../context.ts";
import { recipients } from "../../notify/recipients.ts";
import { readerOf } from "../../notify/send.ts";
import { createEmployeeLinks } from "../../state/employee-links.ts";
import { inboxForums, inboxTopics } from "./records.ts";

export interface InboxTarget {
  chatId: number;
  threadId?: number;
  locale: Locale;
  /** Phones may show: a private chat, or a group with GROUP_PHONES=on. */
  phones: boolean;
}

export interface TargetDeps {
  services: BotServices;
  api: Api;
  logger: Logger;
}

/** A topic's name Telegram takes (1-128 characters). */
const TOPIC_NAME_LIMIT = 128;

export async function inboxTargets(
  deps: TargetDeps,
  client: number,
  topicName: string,
  orders: readonly Order[],
): Promise<InboxTarget[]> {
  const { services } = deps;
  const { config } = services;
  const chat = config.clients?.inboxChat;
  if (chat !== undefined) {
    const group = chat < 0;
    const threadId =
      group && (await isForum(deps, chat)) ? await topicOf(deps, chat, client, topicName) : undefined;
    return [{ chatId: chat, threadId, locale: config.defaultLocale, phones: !group || config.groupPhones }];
  }
  const links = createEmployeeLinks(services.store, services.users, recipients(config));
  const managers: number[] = [];
  for (const order of orders) {
    const id = order.manager?.id;
    const holder = id ? await links.holderOf(id) : undefined;
    if (holder && !managers.includes(holder.userId)) managers.push(holder.userId);
  }
  for (const list of [managers, config.ownerIds ?? [], config.operatorIds]) {
    const found: InboxTarget[] = [];
    for (const userId of list) {
      const reader = await readerOf({ services }, userId);
      if (reader && reader.role !== "viewer")
        found.push({ chatId: userId, locale: reader.locale, phones: true });
    }
    if (found.length > 0) return found;
  }
  return [];
}

/** Whether the inbox chat is a forum (getChat, remembered a day); a failure reads as a plain group. */
async function isForum(deps: TargetDeps, chatId: number): Promise<boolean> {
  const forums = deps.services.store.open(inboxForums);
  const known = await forums.read(String(chatId));
  if (known !== undefined) return known;
  try {
    const chat = await deps.api.getChat(chatId);
    const forum = "is_forum" in chat && chat.is_forum === true;
    await forums.write(String(chatId), forum);
    return forum;
  } catch (error) {
    deps.logger.warn({ err: String(error), chat: chatId }, "inbox: the inbox chat could not be read");
    return false;
  }
}

/**
 * The client's topic, made on their first message. One client's updates run one at a time
 * (the chat lock, across instances too), so two topics are made only when a crash falls
 * between Telegram's answer and the write. A failure: the group's general topic, this once.
 */
async function topicOf(
  deps: TargetDeps,
  chatId: number,
  client: number,
  name: string,
): Promise<number | undefined> {
  const topics = deps.services.store.open(inboxTopics);
  const key = `${chatId}:${client}`;
  const known = await topics.read(key);
  if (known !== undefined) return known;
  try {
    const topic = await deps.api.createForumTopic(chatId, [...name].slice(0, TOPIC_NAME_LIMIT).join(""));
    await topics.write(key, topic.message_thread_id);
    return topic.message_thread_id;
  } catch (error) {
    deps.logger.warn({ err: String(error), chat: chatId }, "inbox: a client's topic could not be made");
    return undefined;
  }
}

/** The client's topic is gone (deleted by staff): their next message makes a new one. */
export async function forgetTopic(services: BotServices, chatId: number, client: number): Promise<void> {
  await services.store.open(inboxTopics).delete(`${chatId}:${client}`);
}
