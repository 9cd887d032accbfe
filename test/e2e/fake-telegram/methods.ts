/**
 * The Bot API methods the bot uses, answered as Telegram answers them. Long
 * polling and webhooks live in server.ts (they need the HTTP request).
 */
import type { Message } from "grammy/types";
import type { ChatMessage } from "./chats.ts";
import { badRequest, TelegramError } from "./errors.ts";
import { paymentMethods } from "./payments.ts";
import type { TelegramState } from "./state.ts";
import { CALLBACK_ANSWER_LIMIT, checkMarkup, checkText, sameMarkup, visibleText } from "./validation.ts";

export type Payload = Record<string, unknown>;
type Handler = (state: TelegramState, p: Payload) => unknown;

const CHAT_ACTIONS = new Set([
  "typing",
  "upload_photo",
  "record_video",
  "upload_video",
  "record_voice",
  "upload_voice",
  "upload_document",
  "choose_sticker",
  "find_location",
  "record_video_note",
  "upload_video_note",
]);
const NOT_MODIFIED =
  "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";

export const methods: Record<string, Handler> = {
  getMe: (state) => state.botInfo,
  sendMessage(state, p) {
    const chatId = recipientOf(state, p);
    const threadId = threadOf(state, chatId, p);
    const text = checkText(p.text, p.parse_mode);
    const replyMarkup = checkMarkup(p.reply_markup);
    const stored = state.chats.add(chatId, {
      text,
      parseMode: typeof p.parse_mode === "string" ? p.parse_mode : undefined,
      replyMarkup,
      fromBot: true,
      threadId,
    });
    return toMessage(state, stored);
  },
  // A copy keeps the source's media; a caption given stands for the source's.
  copyMessage(state, p) {
    const chatId = recipientOf(state, p);
    const threadId = threadOf(state, chatId, p);
    const source = state.chats.get(Number(p.from_chat_id), Number(p.message_id));
    if (!source) badRequest("message to copy not found");
    const replyMarkup = checkMarkup(p.reply_markup);
    const caption = typeof p.caption === "string" ? p.caption : source.text;
    if (visibleText(caption, p.parse_mode).length > CAPTION_LIMIT) badRequest("message caption is too long");
    const stored = state.chats.add(chatId, {
      text: caption,
      parseMode: typeof p.parse_mode === "string" ? p.parse_mode : undefined,
      replyMarkup,
      fromBot: true,
      threadId,
      media: source.media,
      copyOf: `${source.chatId}/${source.messageId}`,
    });
    return { message_id: stored.messageId };
  },
  getChat(state, p) {
    const id = Number(p.chat_id);
    const group = state.groups.get(id);
    if (group) return { id, type: group.type, title: group.title, is_forum: group.isForum || undefined };
    if (id < 0) badRequest("chat not found");
    return { id, type: "private", first_name: "User" };
  },
  createForumTopic(state, p) {
    const chatId = Number(p.chat_id);
    const group = state.groups.get(chatId);
    if (!group) badRequest("chat not found");
    if (!group.isForum) badRequest("the chat is not a forum");
    const name = typeof p.name === "string" ? p.name : "";
    if (name.length < 1 || name.length > 128) badRequest("TOPIC_TITLE_EMPTY");
    // Topic ids are message ids in the group: the service message that opens the topic.
    const threadId = state.chats.nextId(chatId);
    state.topics.push({ chatId, threadId, name });
    return { message_thread_id: threadId, name, icon_color: 7322096 };
  },
  // Media: the caption stands for the message's text; the file itself is in the recorded call.
  sendDocument: (state, p) => sendMedia(state, p),
  sendPhoto: (state, p) => sendMedia(state, p),
  sendVoice: (state, p) => sendMedia(state, p),
  sendMediaGroup(state, p) {
    const media = Array.isArray(p.media) ? p.media : [];
    if (media.length < 2 || media.length > 10) badRequest("wrong number of media in the album");
    return media.map((item) =>
      sendMedia(state, {
        chat_id: p.chat_id,
        caption: (item as Payload).caption ?? "",
        parse_mode: (item as Payload).parse_mode,
      }),
    );
  },
  editMessageText(state, p) {
    const text = checkText(p.text, p.parse_mode);
    const replyMarkup = checkMarkup(p.reply_markup);
    if (p.inline_message_id !== undefined) {
      const inline = state.chats.inline.get(String(p.inline_message_id));
      if (!inline) badRequest("MESSAGE_ID_INVALID");
      if (inline.text === text && sameMarkup(inline.replyMarkup, replyMarkup)) badRequest(NOT_MODIFIED);
      inline.text = text;
      if (replyMarkup) inline.replyMarkup = replyMarkup;
      else delete inline.replyMarkup;
      return true;
    }
    const stored = botMessage(state, p, "edited");
    if (stored.text === text && sameMarkup(stored.replyMarkup, replyMarkup)) badRequest(NOT_MODIFIED);
    stored.text = text;
    if (typeof p.parse_mode === "string") stored.parseMode = p.parse_mode;
    else delete stored.parseMode;
    if (replyMarkup) stored.replyMarkup = replyMarkup;
    else delete stored.replyMarkup;
    state.chats.edited(stored);
    return toMessage(state, stored);
  },
  editMessageReplyMarkup(state, p) {
    const replyMarkup = checkMarkup(p.reply_markup);
    if (p.inline_message_id !== undefined) {
      const inline = state.chats.inline.get(String(p.inline_message_id));
      if (!inline) badRequest("MESSAGE_ID_INVALID");
      if (sameMarkup(inline.replyMarkup, replyMarkup)) badRequest(NOT_MODIFIED);
      if (replyMarkup) inline.replyMarkup = replyMarkup;
      else delete inline.replyMarkup;
      return true;
    }
    const stored = botMessage(state, p, "edited");
    if (sameMarkup(stored.replyMarkup, replyMarkup)) badRequest(NOT_MODIFIED);
    if (replyMarkup) stored.replyMarkup = replyMarkup;
    else delete stored.replyMarkup;
    state.chats.edited(stored);
    return toMessage(state, stored);
  },
  deleteMessage(state, p) {
    const stored = state.chats.get(chatIdOf(p), Number(p.message_id));
    if (!stored) badRequest("message to delete not found");
    state.chats.delete(stored);
    return true;
  },
  answerCallbackQuery(state, p) {
    const queryId = String(p.callback_query_id ?? "");
    if (!state.openCallbacks.delete(queryId)) {
      badRequest("query is too old and response timeout expired or query ID is invalid");
    }
    const text = typeof p.text === "string" ? p.text : undefined;
    if (text !== undefined && text.length > CALLBACK_ANSWER_LIMIT) badRequest("MESSAGE_TOO_LONG");
    state.callbackAnswers.set(queryId, {
      queryId,
      text,
      showAlert: p.show_alert === true,
    });
    return true;
  },
  answerInlineQuery(state, p) {
    const queryId = String(p.inline_query_id ?? "");
    if (!state.openInlineQueries.delete(queryId)) {
      badRequest("query is too old and response timeout expired or query ID is invalid");
    }
    const results = Array.isArray(p.results) ? (p.results as Payload[]) : [];
    if (results.length > 50) badRequest("RESULTS_TOO_MUCH");
    const ids = new Set<string>();
    for (const result of results) {
      const id = String(result.id ?? "");
      if (id === "" || Buffer.byteLength(id) > 64) badRequest("RESULT_ID_INVALID");
      if (ids.has(id)) badRequest("RESULT_ID_DUPLICATE");
      ids.add(id);
      const content = result.input_message_content as Payload | undefined;
      if (content) checkText(content.message_text, content.parse_mode);
      checkMarkup(result.reply_markup);
    }
    const button = p.button as { text?: unknown } | undefined;
    state.inlineAnswers.set(queryId, {
      queryId,
      results,
      button: button && typeof button.text === "string" ? { text: button.text } : undefined,
      isPersonal: p.is_personal === true,
    });
    return true;
  },
  sendChatAction(_state, p) {
    chatIdOf(p);
    if (!CHAT_ACTIONS.has(String(p.action))) badRequest("wrong parameter action in request");
    return true;
  },
  setMyCommands(state, p) {
    if (!Array.isArray(p.commands)) badRequest("parameter commands is required");
    state.setCommands(p.scope, p.language_code, p.commands);
    return true;
  },
  getMyCommands: (state, p) => state.commandsFor(p.scope, p.language_code) ?? [],
  deleteMyCommands(state, p) {
    state.setCommands(p.scope, p.language_code, undefined);
    return true;
  },
  // Payments (payments.ts): the invoice and the answer to a pre-checkout query.
  ...paymentMethods,
  setChatMenuButton: () => true,
  setMyDescription: () => true,
  setMyShortDescription: () => true,
  setMyName: () => true,
  close: () => true,
  logOut: () => true,
};

function sendMedia(state: TelegramState, p: Payload): Message {
  const chatId = recipientOf(state, p);
  const threadId = threadOf(state, chatId, p);
  const replyMarkup = checkMarkup(p.reply_markup);
  const caption = typeof p.caption === "string" ? p.caption : "";
  // Entities are checked as for a text (a caption may be empty).
  if (caption) visibleText(caption, p.parse_mode);
  const stored = state.chats.add(chatId, {
    text: caption,
    parseMode: typeof p.parse_mode === "string" ? p.parse_mode : undefined,
    replyMarkup,
    fromBot: true,
    threadId,
  });
  return toMessage(state, stored);
}

/** Telegram's limit of a media caption (after entity parsing). */
const CAPTION_LIMIT = 1024;

function chatIdOf(p: Payload): number {
  const id = Number(p.chat_id);
  if (p.chat_id === undefined || !Number.isSafeInteger(id)) badRequest("chat not found");
  return id;
}

/** The chat a message goes to: a user who blocked the bot refuses it, as Telegram does. */
function recipientOf(state: TelegramState, p: Payload): number {
  const id = chatIdOf(p);
  if (state.blockedBy.has(id))
    throw new TelegramError({ error_code: 403, description: "Forbidden: bot was blocked by the user" });
  return id;
}

/** The topic a message goes to: one that exists in that forum, or none. */
function threadOf(state: TelegramState, chatId: number, p: Payload): number | undefined {
  if (p.message_thread_id === undefined) return undefined;
  const threadId = Number(p.message_thread_id);
  if (!state.topics.some((topic) => topic.chatId === chatId && topic.threadId === threadId))
    badRequest("message thread not found");
  return threadId;
}

function botMessage(state: TelegramState, p: Payload, verb: string): ChatMessage {
  const stored = state.chats.get(chatIdOf(p), Number(p.message_id));
  if (!stored) badRequest(`message to ${verb === "edited" ? "edit" : verb} not found`);
  if (!stored.fromBot) badRequest("message can't be edited");
  return stored;
}

function toMessage(state: TelegramState, m: ChatMessage): Message {
  return {
    message_id: m.messageId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: m.chatId, type: "private", first_name: "User" },
    from: state.botInfo,
    text: m.text,
    edit_date: m.edits > 0 ? Math.floor(Date.now() / 1000) : undefined,
    reply_markup: m.replyMarkup,
  } as Message;
}
