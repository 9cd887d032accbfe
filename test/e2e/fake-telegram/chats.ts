/**
 * What is in each chat: messages of users and of the bot with ids growing per
 * chat (shared by both sides, as in Telegram), and messages sent via inline
 * mode (addressed by inline_message_id). Every change of a bot message is an
 * `Output`, so a test can wait for "the next thing the user saw".
 */
import type { InlineKeyboardMarkup } from "grammy/types";

export interface ChatMessage {
  chatId: number;
  messageId: number;
  text: string;
  parseMode?: string;
  replyMarkup?: InlineKeyboardMarkup;
  fromBot: boolean;
  edits: number;
  /** A forum topic's id (message_thread_id) the message is in. */
  threadId?: number;
  /** What a media message holds ("photo", "voice", "document", ...): a copy keeps it. */
  media?: string;
  /** A copy's source (copyMessage): `chatId/messageId`. */
  copyOf?: string;
}

export interface Output {
  /** Position in the whole run: outputs after a mark are "new". */
  seq: number;
  kind: "sent" | "edited" | "deleted";
  chatId: number;
  messageId: number;
  text: string;
  replyMarkup?: InlineKeyboardMarkup;
}

export interface InlineMessage {
  id: string;
  text: string;
  parseMode?: string;
  replyMarkup?: InlineKeyboardMarkup;
}

export class Chats {
  readonly outputs: Output[] = [];
  private readonly messages = new Map<string, ChatMessage>();
  private readonly lastIds = new Map<number, number>();
  readonly inline = new Map<string, InlineMessage>();
  private seq = 0;

  add(chatId: number, message: Omit<ChatMessage, "chatId" | "messageId" | "edits">): ChatMessage {
    return this.put({ ...message, chatId, messageId: this.nextId(chatId), edits: 0 });
  }

  /** The id of the next message in a chat (users and the bot share the counter). */
  nextId(chatId: number): number {
    const messageId = (this.lastIds.get(chatId) ?? 0) + 1;
    this.lastIds.set(chatId, messageId);
    return messageId;
  }

  /** Stores a message whose id was taken with `nextId` (in-process tests build the user's updates themselves). */
  put(message: ChatMessage): ChatMessage {
    this.messages.set(key(message.chatId, message.messageId), message);
    if (message.fromBot) this.output("sent", message);
    return message;
  }

  /** Forgets every message and output (long bench runs). */
  clear(): void {
    this.messages.clear();
    this.inline.clear();
    this.outputs.length = 0;
  }

  get(chatId: number, messageId: number): ChatMessage | undefined {
    return this.messages.get(key(chatId, messageId));
  }

  edited(message: ChatMessage): void {
    message.edits++;
    this.output("edited", message);
  }

  delete(message: ChatMessage): void {
    this.messages.delete(key(message.chatId, message.messageId));
    this.output("deleted", message);
  }

  /** The bot's messages in a chat, oldest first. */
  botMessages(chatId: number): ChatMessage[] {
    return [...this.messages.values()]
      .filter((m) => m.chatId === chatId && m.fromBot)
      .sort((a, b) => a.messageId - b.messageId);
  }

  get lastSeq(): number {
    return this.seq;
  }

  private output(kind: Output["kind"], m: ChatMessage): void {
    this.outputs.push({
      seq: ++this.seq,
      kind,
      chatId: m.chatId,
      messageId: m.messageId,
      text: m.text,
      replyMarkup: m.replyMarkup,
    });
  }
}

function key(chatId: number, messageId: number): string {
  return `${chatId}/${messageId}`;
}
