/**
 * How outgoing Telegram calls are made: every message is HTML without link
 * previews (set here once, not at each call); Telegram's limits: auto-retry
 * (429 retry_after, 5xx, network) everywhere, the throttler only on bot.api:
 * inside dialogs the plugins list installs auto-retry alone, because a
 * throttled replay would slow every step of a long dialog (docs/decisions.md, "Telegram limits").
 */
import { autoRetry } from "@grammyjs/auto-retry";
import { apiThrottler } from "@grammyjs/transformer-throttler";
import { Api, type Context, HttpError, type MiddlewareFn, type Transformer } from "grammy";

/**
 * Bounded, so a Telegram outage fails one call within seconds instead of holding
 * the chat (its updates run one after another) for minutes. Worst case per call:
 * 429 — up to 3 waits of at most 10 s (a longer retry_after fails at once);
 * 5xx — the plugin's fixed backoff 3 + 6 + 12 s; network errors — see below.
 */
const TELEGRAM_RETRY = { maxRetryAttempts: 3, maxDelaySeconds: 10 } as const;
/** Network errors (no answer at all): the plugin would retry them forever; we do twice, 0.5 s and 1 s apart. */
const NETWORK_PAUSES_MS = [500, 1_000] as const;

/**
 * What every message the bot sends or edits is, unless a call says otherwise:
 * Telegram HTML (locale texts are HTML; service and user values are escaped
 * with escapeHtml) and no link previews (a URL in a card's field is no news).
 * Captions (a photo's, a label's, a report's, an album's) are HTML too: they are
 * built the same way, so "&amp;" must show as "&".
 */
const MESSAGE_DEFAULTS = { parse_mode: "HTML", link_preview_options: { is_disabled: true } } as const;
const CAPTION_DEFAULTS = { parse_mode: "HTML" } as const;
const CAPTIONED = new Set([
  "sendPhoto",
  "sendDocument",
  "sendVideo",
  "sendAnimation",
  "sendAudio",
  "sendVoice",
  "editMessageCaption",
]);

function htmlMessages(): Transformer {
  return (prev, method, payload, signal) => prev(method, withDefaults(method, payload), signal);
}

function withDefaults<P>(method: string, payload: P): P {
  if (method === "sendMessage" || method === "editMessageText") return { ...MESSAGE_DEFAULTS, ...payload };
  if (CAPTIONED.has(method)) return { ...CAPTION_DEFAULTS, ...payload };
  if (method === "sendMediaGroup") {
    const { media } = payload as { media: { caption?: string }[] };
    return {
      ...payload,
      media: media.map((item) => (item.caption ? { ...CAPTION_DEFAULTS, ...item } : item)),
    };
  }
  if (method !== "answerInlineQuery") return payload;
  const { results } = payload as { results: { input_message_content?: object }[] };
  return {
    ...payload,
    results: results.map((result) =>
      result.input_message_content && "message_text" in result.input_message_content
        ? { ...result, input_message_content: { ...MESSAGE_DEFAULTS, ...result.input_message_content } }
        : result,
    ),
  };
}

export function configureApi(api: Api, options: { throttle: boolean; observe?: Transformer }): void {
  // The metrics' watch innermost: it sees every attempt, a 429 that the retry waits out too.
  if (options.observe) api.config.use(options.observe);
  api.config.use(htmlMessages(), ...retryTransformers());
  if (options.throttle) {
    // Installed last, so it is the outermost transformer: a call waits for its chat's turn once, and
    // its retries keep that turn (the chat's messages stay in order). Only that chat waits: the
    // throttler queues per chat_id, and calls without one (callback and inline answers) bypass it.
    api.config.use(
      apiThrottler({
        // Private chats: Telegram tolerates short bursts; 1 s between calls (the plugin's
        // default) would make "typing…" + the answer feel slow. Groups keep the 20/min rule.
        out: { maxConcurrent: 1, minTime: 250 },
      }),
    );
  }
}

/**
 * For conversations v2 `plugins`: every context a dialog creates gets the message
 * defaults and auto-retry on its own api.
 *
 * The retry must sit BELOW the conversation's own transformer, which logs each call's outcome
 * for replays. Installed on top (`ctx.api.config.use`), it would see a logged 429/5xx again on
 * every replay and wait again: each later step of the dialog would sleep for every retry that
 * ever happened in it (seen in the e2e faults suite: 3, 6, 7 s per step). So the context gets
 * a fresh Api with the retry first and the conversation's transformers on top of it.
 */
export function dialogApiPlugin<C extends Context>(observe?: Transformer): MiddlewareFn<C> {
  const defaults = htmlMessages();
  const retry = retryTransformers();
  const below = observe ? [observe] : [];
  return (ctx, next) => {
    const api = new Api(ctx.api.token, ctx.api.options);
    // The metrics' watch below the retry, as on bot.api, and not again among the outer ones.
    const outer = ctx.api.config.installedTransformers().filter((t) => t !== observe);
    api.config.use(...below, defaults, ...retry, ...outer);
    Object.defineProperty(ctx, "api", { value: api, configurable: true, writable: true });
    return next();
  };
}

/** Marks a call whose caller retries it itself (the outbox: its waits outlive the process, a call must not). */
const OWN_RETRIES = Symbol("own-retries");

/** `payload` marked so the retry transformers pass it through once (symbols never reach the JSON). */
export function ownRetries<P extends object>(payload: P): P {
  return Object.assign(payload, { [OWN_RETRIES]: true });
}

function retryTransformers(): Transformer[] {
  return [retryNetworkErrors(), autoRetry({ ...TELEGRAM_RETRY, rethrowHttpErrors: true })].map(
    (retry): Transformer =>
      (prev, method, payload, signal) =>
        (payload as { [OWN_RETRIES]?: boolean })[OWN_RETRIES]
          ? prev(method, payload, signal)
          : retry(prev, method, payload, signal),
  );
}

function retryNetworkErrors(): Transformer {
  return async (prev, method, payload, signal) => {
    for (const pause of NETWORK_PAUSES_MS) {
      try {
        return await prev(method, payload, signal);
      } catch (error) {
        if (!(error instanceof HttpError) || signal?.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
    return prev(method, payload, signal);
  };
}
