/**
 * A Telegram user in a private chat with the bot: types, presses buttons,
 * queries inline, and waits (with a deadline) for what the bot shows back.
 * Every action sets a mark; `reply()` returns the first message the bot sent
 * or edited in this chat after the latest mark.
 */
import type { InlineKeyboardMarkup, User } from "grammy/types";
import { botMessageFor, telegramUser, textMessage } from "../../helpers/updates.ts";
import { type ButtonQuery, buttonData, buttonTexts, findButton } from "./buttons.ts";
import type { ChatMessage, InlineMessage, Output } from "./chats.ts";
import type { CallbackAnswer, InlineAnswer, TelegramState } from "./state.ts";
import type { NewUpdate } from "./update-queue.ts";
import { waitFor } from "./wait.ts";

export interface UserOptions {
  languageCode?: string;
  firstName?: string;
}

export interface WaitOptions {
  timeoutMs?: number;
}

let queryCounter = 0;

export class TelegramUser {
  readonly id: number;
  readonly from: User;
  private readonly state: TelegramState;
  private mark = 0;

  constructor(state: TelegramState, id: number, options: UserOptions = {}) {
    this.state = state;
    this.id = id;
    this.from = telegramUser(id, options);
  }

  /** Sends a text message (commands included); does not wait. */
  send(text: string): void {
    this.setMark();
    const message = this.state.chats.add(this.id, { text, fromBot: false });
    // A private chat's text message; the literal's union type is wider than Update's.
    this.state.queue.push({ message: textMessage(this.from, text, message.messageId) } as NewUpdate);
  }

  /** Sends a text and waits for the bot's next message (or edit) in this chat. */
  async say(text: string, options?: WaitOptions & { until?: (o: Output) => boolean }): Promise<Output> {
    this.send(text);
    return this.reply(options?.until, options);
  }

  /** The first message the bot sent or edited in this chat since the last action (matching `until`). */
  reply(until?: (o: Output) => boolean, options: WaitOptions = {}): Promise<Output> {
    const after = this.mark;
    return waitFor(
      this.state,
      () =>
        this.state.chats.outputs.find(
          (o) => o.seq > after && o.chatId === this.id && o.kind !== "deleted" && (!until || until(o)),
        ),
      { ...options, what: () => `a reply to user ${this.id}${this.describeChat(after)}` },
    );
  }

  /** Presses a button (by its text) on the newest bot message that has it; resolves with the callback answer. */
  async press(
    button: ButtonQuery,
    options: WaitOptions & { message?: ChatMessage } = {},
  ): Promise<CallbackAnswer> {
    const { message, data } = this.findButton(button, options.message);
    return this.pressData(data, message, options);
  }

  /** Sends callback data as if from a button of `message` (stale or forged data). */
  async pressData(
    data: string,
    message: ChatMessage | undefined,
    options: WaitOptions = {},
  ): Promise<CallbackAnswer> {
    return this.callbackAnswer(this.tapData(data, message), options);
  }

  /** Presses a button without waiting for anything; returns the callback query id. */
  tap(button: ButtonQuery): string {
    const { message, data } = this.findButton(button);
    return this.tapData(data, message);
  }

  /** The reply as `reply` gives it, or undefined when none came within `timeoutMs` (lost in a crash). */
  async replyWithin(timeoutMs: number, until?: (o: Output) => boolean): Promise<Output | undefined> {
    return this.reply(until, { timeoutMs }).catch(() => undefined);
  }

  /** Presses a button on a message sent through inline mode (see chooseInlineResult). */
  pressInline(
    inlineMessageId: string,
    button: ButtonQuery,
    options: WaitOptions = {},
  ): Promise<CallbackAnswer> {
    const inline = this.state.chats.inline.get(inlineMessageId);
    const found = inline && buttonData(inline.replyMarkup, button);
    if (!found) throw new Error(`No button ${String(button)} on the inline message ${inlineMessageId}`);
    this.setMark();
    const id = `cbq-${this.id}-${++queryCounter}`;
    this.state.openCallbacks.add(id);
    this.state.queue.push({
      callback_query: {
        id,
        from: this.from,
        chat_instance: "ci-inline",
        data: found,
        inline_message_id: inlineMessageId,
      },
    });
    return this.callbackAnswer(id, options);
  }

  /** Types `@bot query` and waits for the bot's answer. */
  inline(query: string, options: WaitOptions = {}): Promise<InlineAnswer> {
    const id = `iq-${this.id}-${++queryCounter}`;
    this.state.openInlineQueries.add(id);
    this.state.queue.push({
      inline_query: { id, from: this.from, query, offset: "", chat_type: "sender" },
    });
    return waitFor(this.state, () => this.state.inlineAnswers.get(id), {
      ...options,
      what: () => `the answer to the inline query "${query}" of user ${this.id}`,
    });
  }

  /** Picks an inline result: Telegram posts its content as a message the bot can edit later. */
  chooseInlineResult(answer: InlineAnswer, index = 0): InlineMessage {
    const result = answer.results[index];
    const content = result?.input_message_content as
      | { message_text?: string; parse_mode?: string }
      | undefined;
    if (!result || !content?.message_text) throw new Error(`No inline result #${index} with a text`);
    const message: InlineMessage = {
      id: `inline-${++queryCounter}`,
      text: content.message_text,
      parseMode: content.parse_mode,
      ...(result.reply_markup
        ? { replyMarkup: result.reply_markup as InlineMessage["replyMarkup"] & {} }
        : {}),
    };
    this.state.chats.inline.set(message.id, message);
    return message;
  }

  /** The bot's messages in this chat, oldest first, as they are now. */
  messages(): ChatMessage[] {
    return this.state.chats.botMessages(this.id);
  }

  lastMessage(): ChatMessage | undefined {
    return this.messages().at(-1);
  }

  /** Button texts of a message, row by row flattened. */
  static buttons(message: { replyMarkup?: InlineKeyboardMarkup } | undefined): string[] {
    return buttonTexts(message);
  }

  private callbackAnswer(id: string, options: WaitOptions): Promise<CallbackAnswer> {
    return waitFor(this.state, () => this.state.callbackAnswers.get(id), {
      ...options,
      what: () => `the answer to a button press of user ${this.id}${this.describeChat(this.mark)}`,
    });
  }

  private tapData(data: string, message: ChatMessage | undefined): string {
    this.setMark();
    const id = `cbq-${this.id}-${++queryCounter}`;
    this.state.openCallbacks.add(id);
    this.state.queue.push({
      callback_query: {
        id,
        from: this.from,
        chat_instance: `ci-${this.id}`,
        data,
        message: message && botMessageFor(message, this.from, this.state.botInfo),
      },
    });
    return id;
  }

  private setMark(): void {
    this.mark = this.state.chats.lastSeq;
  }

  private findButton(button: ButtonQuery, message?: ChatMessage): { message: ChatMessage; data: string } {
    return findButton(message ? [message] : this.messages(), button, `the chat with ${this.id}`);
  }

  private describeChat(after: number): string {
    const recent = this.state.chats.outputs.filter((o) => o.chatId === this.id).slice(-3);
    const failed = this.state.calls.filter((c) => c.status !== 200).slice(-3);
    return [
      ` (after output #${after})`,
      ...recent.map((o) => `\n  #${o.seq} ${o.kind}: ${o.text.slice(0, 200)}`),
      ...failed.map((c) => `\n  failed ${c.method}: ${c.status} ${c.description ?? ""}`),
    ].join("");
  }
}
