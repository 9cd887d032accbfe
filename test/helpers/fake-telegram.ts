/**
 * A fake Telegram Bot API as a `fetch` function, for
 * `new Bot(token, { botInfo, client: { fetch: telegram.fetch } })`.
 * It records every call (method + payload) and answers like Telegram: message
 * ids growing per chat, "message is not modified" when an edit changes nothing,
 * 400 for texts over 4096 characters, callback data over 64 bytes and (like a
 * strict Telegram) an empty row in an inline keyboard.
 * Works for calls made inside conversations v2 too (they use the same fetch),
 * which a `bot.api.config.use` transformer would not see.
 */
import type { InlineKeyboardMarkup, Message, User, UserFromGetMe } from "grammy/types";

export interface ApiCall {
  method: string;
  payload: Record<string, unknown>;
}

export interface StoredMessage {
  chatId: number;
  messageId: number;
  text: string;
  parseMode?: string;
  replyMarkup?: InlineKeyboardMarkup;
  /** True for messages the user sent (the driver registers them). */
  fromUser: boolean;
}

export interface TelegramFailure {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

export const BOT_INFO: UserFromGetMe = {
  id: 7_000_000_001,
  is_bot: true,
  first_name: "Repair CRM",
  username: "repair_crm_test_bot",
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: true,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};

export const TEXT_LIMIT = 4096;
export const CALLBACK_DATA_LIMIT = 64;

/** Visible text of Telegram HTML: what Telegram counts against the limit. */
export function visibleText(text: string, parseMode: string | undefined): string {
  if (parseMode !== "HTML") return text;
  return text
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

export class FakeTelegram {
  readonly calls: ApiCall[] = [];
  readonly messages = new Map<string, StoredMessage>();
  private readonly lastIds = new Map<number, number>();
  private readonly failures: { method: string; failure: TelegramFailure }[] = [];

  /** The `fetch` to give grammY. */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = url.slice(url.lastIndexOf("/") + 1);
    const payload = parseBody(init?.body);
    this.calls.push({ method, payload });
    const failure = this.takeFailure(method);
    if (failure) return json({ ok: false, ...failure }, failure.error_code);
    try {
      return json({ ok: true, result: this.answer(method, payload) });
    } catch (error) {
      if (error instanceof ApiFailure) return json({ ok: false, ...error.failure }, error.failure.error_code);
      throw error;
    }
  };

  /** Makes the next call of `method` fail (e.g. 429 with retry_after). */
  failNext(method: string, failure: TelegramFailure): void {
    this.failures.push({ method, failure });
  }

  /** A message id for the next message in a chat (users and the bot share the counter). */
  nextMessageId(chatId: number): number {
    const id = (this.lastIds.get(chatId) ?? 0) + 1;
    this.lastIds.set(chatId, id);
    return id;
  }

  registerUserMessage(chatId: number, messageId: number, text: string): void {
    this.messages.set(key(chatId, messageId), { chatId, messageId, text, fromUser: true });
  }

  message(chatId: number, messageId: number): StoredMessage | undefined {
    return this.messages.get(key(chatId, messageId));
  }

  /** The bot's messages in a chat, oldest first. */
  botMessages(chatId: number): StoredMessage[] {
    return [...this.messages.values()]
      .filter((m) => m.chatId === chatId && !m.fromUser)
      .sort((a, b) => a.messageId - b.messageId);
  }

  private takeFailure(method: string): TelegramFailure | undefined {
    const index = this.failures.findIndex((f) => f.method === method);
    if (index < 0) return undefined;
    return this.failures.splice(index, 1)[0]?.failure;
  }

  private answer(method: string, p: Record<string, unknown>): unknown {
    switch (method) {
      case "getMe":
        return BOT_INFO;
      case "sendMessage":
        return this.sendMessage(p);
      case "editMessageText":
        return this.editMessageText(p);
      case "editMessageReplyMarkup":
        return this.editReplyMarkup(p);
      case "answerCallbackQuery":
        if (typeof p.text === "string" && p.text.length > 200) bad("MESSAGE_TOO_LONG");
        return true;
      case "answerInlineQuery":
        return this.answerInlineQuery(p);
      case "deleteMessage":
        this.messages.delete(key(Number(p.chat_id), Number(p.message_id)));
        return true;
      default:
        // sendChatAction, setMyCommands, setWebhook, deleteWebhook, ...
        return true;
    }
  }

  private sendMessage(p: Record<string, unknown>): Message.TextMessage {
    const chatId = Number(p.chat_id);
    const text = String(p.text ?? "");
    const parseMode = typeof p.parse_mode === "string" ? p.parse_mode : undefined;
    checkText(text, parseMode);
    const replyMarkup = checkMarkup(p.reply_markup);
    const messageId = this.nextMessageId(chatId);
    this.messages.set(key(chatId, messageId), {
      chatId,
      messageId,
      text,
      ...(parseMode ? { parseMode } : {}),
      ...(replyMarkup ? { replyMarkup } : {}),
      fromUser: false,
    });
    return this.toMessage(chatId, messageId, text, replyMarkup);
  }

  private editMessageText(p: Record<string, unknown>): Message.TextMessage | true {
    const text = String(p.text ?? "");
    const parseMode = typeof p.parse_mode === "string" ? p.parse_mode : undefined;
    checkText(text, parseMode);
    const replyMarkup = checkMarkup(p.reply_markup);
    if (p.inline_message_id !== undefined) return true;
    const chatId = Number(p.chat_id);
    const messageId = Number(p.message_id);
    const stored = this.messages.get(key(chatId, messageId));
    if (!stored || stored.fromUser) bad("message to edit not found");
    if (stored.text === text && sameMarkup(stored.replyMarkup, replyMarkup)) {
      bad(
        "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
      );
    }
    stored.text = text;
    if (parseMode) stored.parseMode = parseMode;
    if (replyMarkup) stored.replyMarkup = replyMarkup;
    else delete stored.replyMarkup;
    return this.toMessage(chatId, messageId, text, replyMarkup);
  }

  private editReplyMarkup(p: Record<string, unknown>): Message.TextMessage | true {
    const replyMarkup = checkMarkup(p.reply_markup);
    if (p.inline_message_id !== undefined) return true;
    const chatId = Number(p.chat_id);
    const messageId = Number(p.message_id);
    const stored = this.messages.get(key(chatId, messageId));
    if (!stored || stored.fromUser) bad("message to edit not found");
    if (sameMarkup(stored.replyMarkup, replyMarkup)) bad("message is not modified");
    if (replyMarkup) stored.replyMarkup = replyMarkup;
    else delete stored.replyMarkup;
    return this.toMessage(chatId, messageId, stored.text, replyMarkup);
  }

  private answerInlineQuery(p: Record<string, unknown>): true {
    const results = Array.isArray(p.results) ? (p.results as Record<string, unknown>[]) : [];
    if (results.length > 50) bad("RESULTS_TOO_MUCH");
    for (const result of results) {
      if (Buffer.byteLength(String(result.id)) > 64) bad("RESULT_ID_INVALID");
      const content = result.input_message_content as Record<string, unknown> | undefined;
      if (content) checkText(String(content.message_text ?? ""), content.parse_mode as string | undefined);
      checkMarkup(result.reply_markup);
    }
    return true;
  }

  private toMessage(
    chatId: number,
    messageId: number,
    text: string,
    replyMarkup: InlineKeyboardMarkup | undefined,
  ): Message.TextMessage {
    return {
      message_id: messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: "private", first_name: "User" },
      from: BOT_INFO,
      text,
      ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
    };
  }
}

class ApiFailure extends Error {
  readonly failure: TelegramFailure;
  constructor(failure: TelegramFailure) {
    super(failure.description);
    this.failure = failure;
  }
}

function bad(description: string): never {
  throw new ApiFailure({ error_code: 400, description: `Bad Request: ${description}` });
}

function checkText(text: string, parseMode: string | undefined): void {
  const visible = visibleText(text, parseMode);
  if (visible.trim() === "") bad("message text is empty");
  if (visible.length > TEXT_LIMIT) bad("message is too long");
  if (parseMode === "HTML" && /<(?!\/?(b|i|u|s|code|pre|a|tg-spoiler|blockquote)\b)[^>]*>/.test(text)) {
    bad("can't parse entities: unsupported start tag");
  }
}

function checkMarkup(markup: unknown): InlineKeyboardMarkup | undefined {
  if (markup === undefined || markup === null) return undefined;
  const parsed = (typeof markup === "string" ? JSON.parse(markup) : markup) as InlineKeyboardMarkup;
  for (const row of parsed.inline_keyboard ?? []) {
    // grammY's InlineKeyboard starts with an empty row and row() always adds one: guard every test.
    if (row.length === 0) bad("inline keyboard row is empty");
    for (const button of row) {
      if ("callback_data" in button && Buffer.byteLength(button.callback_data) > CALLBACK_DATA_LIMIT) {
        bad("BUTTON_DATA_INVALID");
      }
      if (!button.text) bad("BUTTON_TEXT_EMPTY");
    }
  }
  return parsed.inline_keyboard?.length ? parsed : undefined;
}

function sameMarkup(a: InlineKeyboardMarkup | undefined, b: InlineKeyboardMarkup | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function key(chatId: number, messageId: number): string {
  return `${chatId}/${messageId}`;
}

function parseBody(body: unknown): Record<string, unknown> {
  if (typeof body === "string" && body !== "") return JSON.parse(body) as Record<string, unknown>;
  return {};
}

function json(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });
}

/** The newest bot message in the chat with `chatId` (or `message` alone) with a button of this text or data. */
export function findButton(
  telegram: FakeTelegram,
  chatId: number,
  wanted: string,
  message?: StoredMessage,
): { message: StoredMessage; data: string } {
  for (const candidate of message ? [message] : telegram.botMessages(chatId).reverse()) {
    for (const button of candidate.replyMarkup?.inline_keyboard.flat() ?? []) {
      if ("callback_data" in button && (button.text === wanted || button.callback_data === wanted)) {
        return { message: candidate, data: button.callback_data };
      }
    }
  }
  throw new Error(`No button "${wanted}" in the chat with ${chatId}`);
}

/** A stored bot message as Telegram puts it into a callback query from `from`'s private chat. */
export function asTelegramMessage(message: StoredMessage | undefined, from: User) {
  return (
    message && {
      message_id: message.messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: message.chatId, type: "private" as const, first_name: from.first_name },
      from: BOT_INFO,
      text: message.text,
      ...(message.replyMarkup ? { reply_markup: message.replyMarkup } : {}),
    }
  );
}
