/**
 * The fake Telegram Bot API in-process, as a `fetch` function for
 * `new Bot(token, { botInfo, client: { fetch: telegram.fetch } })`.
 * It is the e2e suite's fake (test/e2e/fake-telegram/: chats, methods,
 * Telegram's checks and error answers, injected faults) reached without a
 * socket, so both suites hold the bot to the same Telegram. Calls made inside
 * conversations v2 go through it too, which a `bot.api.config.use` transformer
 * would not see.
 *
 * In-process tests build the updates themselves (`t.handle`, the fuzzer), so a
 * callback or inline query and an inline message they name are taken as real
 * the first time the bot answers or edits them; a second answer to the same
 * query is refused, as Telegram does.
 */
import type { User, UserFromGetMe } from "grammy/types";
import { findButton as findIn } from "../e2e/fake-telegram/buttons.ts";
import type { ChatMessage } from "../e2e/fake-telegram/chats.ts";
import { type Fault, isDropped, TelegramError } from "../e2e/fake-telegram/errors.ts";
import { methods, type Payload } from "../e2e/fake-telegram/methods.ts";
import { paymentsOf, type SentInvoice } from "../e2e/fake-telegram/payments.ts";
import { botInfoFor, type RecordedCall, TelegramState } from "../e2e/fake-telegram/state.ts";
import { botMessageFor } from "./updates.ts";

export { CALLBACK_DATA_LIMIT, TEXT_LIMIT, visibleText } from "../e2e/fake-telegram/validation.ts";

export type StoredMessage = ChatMessage;
export type ApiCall = Pick<RecordedCall, "method" | "payload">;

export const BOT_INFO: UserFromGetMe = {
  ...botInfoFor("7000000001:in-process"),
  username: "repair_crm_test_bot",
};

export class FakeTelegram {
  readonly state = new TelegramState(BOT_INFO);

  /** Every call the bot made, failed ones included, oldest first. */
  get calls(): RecordedCall[] {
    return this.state.calls;
  }

  /** The `fetch` to give grammY. */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = url.slice(url.lastIndexOf("/") + 1);
    const payload = await parseBody(init);
    try {
      const fault = this.state.faults.take(method);
      if (fault && isDropped(fault)) {
        // No answer: what fetch throws when the connection is reset (the call had no effect).
        this.state.record({ method, payload, status: 0, description: "connection dropped" });
        throw new TypeError("fetch failed", { cause: new Error("ECONNRESET") });
      }
      if (fault) throw new TelegramError(fault);
      this.adopt(method, payload);
      // Methods the fake does not model (setWebhook, ...) succeed: in-process there is no delivery.
      const result = methods[method]?.(this.state, payload) ?? true;
      this.state.record({ method, payload, status: 200 });
      return json({ ok: true, result });
    } catch (error) {
      if (!(error instanceof TelegramError)) throw error;
      const { failure } = error;
      this.state.record({ method, payload, status: failure.error_code, description: failure.description });
      return json({ ok: false, ...failure }, failure.error_code);
    }
  };

  /** Makes the next call of `method` fail (e.g. 429 with retry_after, a 502, a dropped connection). */
  failNext(method: string, failure: Fault): void {
    this.state.faults.failNext(method, failure);
  }

  /** A message id for the next message in a chat (users and the bot share the counter). */
  nextMessageId(chatId: number): number {
    return this.state.chats.nextId(chatId);
  }

  registerUserMessage(chatId: number, messageId: number, text: string): void {
    this.state.chats.put({ chatId, messageId, text, fromBot: false, edits: 0 });
  }

  /** The bot's messages in a chat, oldest first. */
  botMessages(chatId: number): StoredMessage[] {
    return this.state.chats.botMessages(chatId);
  }

  /** The invoices the bot sent to a chat (sendInvoice), oldest first. */
  invoices(chatId: number): SentInvoice[] {
    return paymentsOf(this.state).invoices.filter((invoice) => invoice.chatId === chatId);
  }

  /** The bot's answer to a pre-checkout query, once it gave one. */
  preCheckoutAnswer(queryId: string): { ok: boolean; errorMessage?: string } | undefined {
    return paymentsOf(this.state).answers.get(queryId);
  }

  private adopt(method: string, p: Payload): void {
    const { state } = this;
    if (method === "answerCallbackQuery") {
      const id = String(p.callback_query_id ?? "");
      if (!state.callbackAnswers.has(id)) state.openCallbacks.add(id);
    } else if (method === "answerInlineQuery") {
      const id = String(p.inline_query_id ?? "");
      if (!state.inlineAnswers.has(id)) state.openInlineQueries.add(id);
    } else if (p.inline_message_id !== undefined) {
      const id = String(p.inline_message_id);
      if (!state.chats.inline.has(id)) state.chats.inline.set(id, { id, text: "" });
    }
  }
}

/**
 * A JSON body, or a multipart one (a file upload: sendDocument, sendPhoto): its
 * fields JSON-parsed where they are JSON, and `attach://name` replaced by the
 * uploaded File, so tests can read what was sent.
 */
async function parseBody(init: RequestInit | undefined): Promise<Payload> {
  const body = init?.body;
  if (typeof body === "string") return body === "" ? {} : (JSON.parse(body) as Payload);
  if (body === undefined || body === null) return {};
  // grammY streams a multipart body (a Node Readable): collected, then read as a form.
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Uint8Array | string>) chunks.push(Buffer.from(chunk));
  const form = await new Response(Buffer.concat(chunks), { headers: init?.headers }).formData();
  const fields: Payload = {};
  const files = new Map<string, unknown>();
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") files.set(name, value);
    else {
      try {
        fields[name] = JSON.parse(value);
      } catch {
        fields[name] = value;
      }
    }
  }
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string" && value.startsWith("attach://")) fields[name] = files.get(value.slice(9));
  }
  return fields;
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
  return findIn(message ? [message] : telegram.botMessages(chatId), wanted, `the chat with ${chatId}`);
}

/** A stored bot message as Telegram puts it into a callback query from `from`'s private chat. */
export function asTelegramMessage(message: StoredMessage | undefined, from: User) {
  return message && botMessageFor(message, from, BOT_INFO);
}
