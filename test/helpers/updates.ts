/** Update factories: what Telegram would send when a user types, presses or queries inline. */
import type { InlineKeyboardMarkup, Message, Update, User, UserFromGetMe } from "grammy/types";

let nextUpdateId = 1;

/** Update ids grow across the whole test run, like Telegram's. */
export function updateId(): number {
  return nextUpdateId++;
}

export function telegramUser(id: number, options: { languageCode?: string; firstName?: string } = {}): User {
  return {
    id,
    is_bot: false,
    first_name: options.firstName ?? `User${id}`,
    language_code: options.languageCode,
  };
}

/** A text message of `from` in their private chat (or a group), with the entity Telegram marks a command with. */
export function textMessage(
  from: User,
  text: string,
  messageId: number,
  chatId = from.id,
): Message.TextMessage {
  const command = /^\/[a-z0-9_]+(@\w+)?/i.exec(text);
  return {
    message_id: messageId,
    date: Math.floor(Date.now() / 1000),
    chat:
      chatId === from.id
        ? { id: chatId, type: "private", first_name: from.first_name }
        : { id: chatId, type: "group", title: "Group" },
    from,
    text,
    entities: command ? [{ type: "bot_command", offset: 0, length: command[0].length }] : undefined,
  };
}

export function messageUpdate(from: User, text: string, messageId: number, chatId = from.id): Update {
  // A private-or-group chat text message; the literal's union type is wider than Update's.
  return { update_id: updateId(), message: textMessage(from, text, messageId, chatId) } as Update;
}

/** A photo (one size, `fileId`) from `from` in their private chat, with a caption if given. */
export function photoUpdate(from: User, messageId: number, fileId: string, caption?: string): Update {
  const message = {
    message_id: messageId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: from.id, type: "private", first_name: from.first_name },
    from,
    photo: [{ file_id: fileId, file_unique_id: `u-${fileId}`, width: 1280, height: 853 }],
    caption,
  } as Message;
  return { update_id: updateId(), message } as Update;
}

/** A bot's message as Telegram puts it into a callback query from `from`'s private chat. */
export function botMessageFor(
  message: { chatId: number; messageId: number; text: string; replyMarkup?: InlineKeyboardMarkup },
  from: User,
  bot: UserFromGetMe,
): Message.TextMessage {
  return {
    message_id: message.messageId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: message.chatId, type: "private", first_name: from.first_name },
    from: bot,
    text: message.text,
    reply_markup: message.replyMarkup,
  };
}

export function callbackUpdate(
  from: User,
  data: string,
  message: Message | undefined,
  inlineMessageId?: string,
): Update {
  return {
    update_id: updateId(),
    callback_query: {
      id: `cb${nextUpdateId}`,
      from,
      chat_instance: "ci1",
      data,
      message: message as (Message.TextMessage & Message) | undefined,
      inline_message_id: inlineMessageId,
    },
  };
}

/** An inline query typed in a chat of `chatType` ("sender": the private chat with the bot). */
export function inlineQueryUpdate(
  from: User,
  query: string,
  chatType: "sender" | "private" | "group" | "supergroup" | "channel" = "sender",
): Update {
  return {
    update_id: updateId(),
    inline_query: { id: `iq${nextUpdateId}`, from, query, offset: "", chat_type: chatType },
  };
}
