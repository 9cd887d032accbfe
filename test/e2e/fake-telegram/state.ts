/** Everything the fake Bot API knows about one bot, shared by the methods and the test helpers. */
import type { UserFromGetMe } from "grammy/types";
import { Chats } from "./chats.ts";
import { TelegramFaults } from "./faults.ts";
import { UpdateQueue } from "./update-queue.ts";
import type { WebhookDelivery } from "./webhook-delivery.ts";

export interface CallbackAnswer {
  queryId: string;
  text?: string;
  showAlert: boolean;
}

export interface InlineAnswer {
  queryId: string;
  results: Record<string, unknown>[];
  button?: { text: string };
  isPersonal: boolean;
}

export interface RecordedCall {
  seq: number;
  method: string;
  payload: Record<string, unknown>;
  /** 200 for a success, else Telegram's error_code. */
  status: number;
  description?: string;
  /** Date.now() when the call was answered (to see where the time of a run goes). */
  at: number;
}

/** A group the bot is in, as getChat describes it (a forum supergroup has topics). */
export interface GroupInfo {
  type: "group" | "supergroup";
  title: string;
  isForum: boolean;
}

export interface ForumTopic {
  chatId: number;
  threadId: number;
  name: string;
}

export class TelegramState {
  readonly botInfo: UserFromGetMe;
  readonly chats = new Chats();
  readonly queue = new UpdateQueue();
  readonly faults = new TelegramFaults();
  readonly calls: RecordedCall[] = [];
  /** Callback queries not answered yet (Telegram refuses a second answer). */
  readonly openCallbacks = new Set<string>();
  readonly callbackAnswers = new Map<string, CallbackAnswer>();
  readonly openInlineQueries = new Set<string>();
  readonly inlineAnswers = new Map<string, InlineAnswer>();
  webhook: WebhookDelivery | undefined;
  /** Groups the bot is in (getChat); any other chat id is a private chat. */
  readonly groups = new Map<number, GroupInfo>();
  /** Forum topics created (createForumTopic), oldest first; a closed one refuses messages. */
  readonly topics: ForumTopic[] = [];
  /** Users who blocked the bot: every message to them is refused with 403. */
  readonly blockedBy = new Set<number>();
  /** setMyCommands per scope and language, as Telegram keeps them (key: scopeKey). */
  readonly commands = new Map<string, unknown[]>();
  private readonly listeners = new Set<() => void>();
  private callSeq = 0;

  constructor(botInfo: UserFromGetMe) {
    this.botInfo = botInfo;
  }

  setCommands(scope: unknown, languageCode: unknown, commands: unknown[] | undefined): void {
    const key = scopeKey(scope, languageCode);
    if (commands) this.commands.set(key, commands);
    else this.commands.delete(key);
  }

  /** The list stored for exactly this scope and language (no fallback), as getMyCommands answers. */
  commandsFor(scope?: unknown, languageCode?: unknown): unknown[] | undefined {
    return this.commands.get(scopeKey(scope, languageCode));
  }

  /**
   * The menu a user sees in a private chat, resolved as Telegram does: the chat
   * scope (with the language, then without), then the private-chats and default
   * scopes likewise.
   */
  menuOf(userId: number, languageCode: string): string[] {
    const scopes = [{ type: "chat", chat_id: userId }, { type: "all_private_chats" }, { type: "default" }];
    for (const scope of scopes)
      for (const lang of [languageCode, undefined]) {
        const list = this.commandsFor(scope, lang);
        if (list) return list.map((c) => String((c as { command?: unknown }).command));
      }
    return [];
  }

  record(call: Omit<RecordedCall, "seq" | "at">): void {
    this.calls.push({ seq: ++this.callSeq, at: Date.now(), ...call });
    this.changed();
  }

  /** Wakes whoever waits for something the bot does. */
  changed(): void {
    for (const listener of this.listeners) listener();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export function botInfoFor(token: string): UserFromGetMe {
  const id = Number(token.split(":")[0]);
  return {
    id,
    is_bot: true,
    first_name: "Repair CRM",
    username: "repair_crm_e2e_bot",
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
}

/** One key per Bot API command scope and language ("default|" for the default scope of every language). */
function scopeKey(scope: unknown, languageCode: unknown): string {
  const s = (typeof scope === "string" ? JSON.parse(scope) : (scope ?? { type: "default" })) as Record<
    string,
    unknown
  >;
  const parts = [s.type, s.chat_id, s.user_id].filter((p) => p !== undefined).map(String);
  return `${parts.join(":")}|${typeof languageCode === "string" ? languageCode : ""}`;
}
