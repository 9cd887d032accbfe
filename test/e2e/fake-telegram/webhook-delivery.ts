/**
 * Webhook mode: each update is POSTed to the webhook URL with the
 * `X-Telegram-Bot-Api-Secret-Token` header; a 2xx confirms it, anything else
 * (or a dead server) is retried after a pause, as Telegram does (faster here).
 * One chat's updates go one at a time and in order; chats go in parallel.
 * If the answer carries a method call (webhook reply), it is executed.
 */
import type { Update } from "grammy/types";
import type { UpdateQueue } from "./update-queue.ts";

export interface WebhookSettings {
  url: string;
  secret?: string;
  maxConnections: number;
}

export interface DeliveryRecord {
  updateId: number;
  status: number | "network-error";
}

const RETRY_MS = 250;
const ANSWER_TIMEOUT_MS = 15_000;

export class WebhookDelivery {
  readonly deliveries: DeliveryRecord[] = [];
  private inFlight = new Set<number>();
  private retryAt = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly unsubscribe: () => void;
  private readonly queue: UpdateQueue;
  readonly settings: WebhookSettings;
  private readonly onReply: (method: string, payload: Record<string, unknown>) => void;

  constructor(
    queue: UpdateQueue,
    settings: WebhookSettings,
    onReply: (method: string, payload: Record<string, unknown>) => void,
  ) {
    this.queue = queue;
    this.settings = settings;
    this.onReply = onReply;
    this.unsubscribe = queue.onPush(() => this.pump());
    this.pump();
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe();
    clearTimeout(this.timer);
  }

  private pump(): void {
    if (this.stopped) return;
    const seen = new Set<string>();
    let nextRetry = Number.POSITIVE_INFINITY;
    for (const update of this.queue.unconfirmed) {
      const chat = chatKey(update);
      if (seen.has(chat)) continue; // an earlier update of this chat goes first
      seen.add(chat);
      if (this.inFlight.has(update.update_id)) continue;
      if (this.inFlight.size >= this.settings.maxConnections) break;
      const at = this.retryAt.get(update.update_id) ?? 0;
      if (at > Date.now()) {
        nextRetry = Math.min(nextRetry, at);
        continue;
      }
      void this.deliver(update);
    }
    if (Number.isFinite(nextRetry)) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.pump(), nextRetry - Date.now());
    }
  }

  private async deliver(update: Update): Promise<void> {
    this.inFlight.add(update.update_id);
    let status: number | "network-error" = "network-error";
    try {
      const response = await fetch(this.settings.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(this.settings.secret ? { "x-telegram-bot-api-secret-token": this.settings.secret } : {}),
        },
        body: JSON.stringify(update),
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      });
      status = response.status;
      const body = await response.text();
      if (response.ok) this.runWebhookReply(body);
    } catch {
      // A killed or restarting bot: retried below.
    }
    this.inFlight.delete(update.update_id);
    if (this.stopped) return;
    this.deliveries.push({ updateId: update.update_id, status });
    if (typeof status === "number" && status >= 200 && status < 300) {
      this.queue.confirm(update.update_id);
      this.retryAt.delete(update.update_id);
    } else {
      this.retryAt.set(update.update_id, Date.now() + RETRY_MS);
    }
    this.pump();
  }

  private runWebhookReply(body: string): void {
    if (!body.trim().startsWith("{")) return;
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== "object" || parsed === null || !("method" in parsed)) return;
    const { method, ...payload } = parsed as Record<string, unknown>;
    if (typeof method === "string") this.onReply(method, payload);
  }
}

function chatKey(update: Update): string {
  const chat =
    update.message?.chat.id ??
    update.edited_message?.chat.id ??
    update.callback_query?.message?.chat.id ??
    update.callback_query?.from.id;
  if (chat !== undefined) return String(chat);
  return update.inline_query ? `inline-${update.inline_query.from.id}` : `update-${update.update_id}`;
}
