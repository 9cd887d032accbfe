/**
 * Who makes a write, and how they are told: the write core's only view of the
 * world outside it. A Telegram update builds one (telegram/write-actor.ts), and
 * so can anything else that writes: a web page's request, a payment's retry, a
 * timed job. Nothing here knows grammY.
 */
import type { Locale } from "../../config/index.ts";
import type { Logger } from "../../logger.ts";
import type { BotServices, Role } from "../context.ts";
import type { TranslateFunction } from "../i18n.ts";
import type { WriteReply } from "./kind.ts";

/** How the actor is told: a Telegram chat, an HTTP answer, a log line. */
interface WriteSink {
  /** A message for the actor: an interrupted write's outcome, in the kind's words. */
  tell(reply: WriteReply): Promise<void>;
  /** Answers what brought the write (a button's press) without a word; nothing where nothing waits. */
  settle(): Promise<void>;
  /** Shown while a slow request is under way ("typing…"); optional. */
  busy?(): void;
}

export interface WriteActor {
  /** The Telegram user who writes, when one does (own changes are not echoed to them). */
  readonly userId?: number;
  /** The chat's key when there is a chat: the marker's default key and the chat's open write. */
  readonly chat?: string;
  readonly role: Role;
  /** Whether the actor may make this write now (a dialog may span hours): checked before anything is sent. */
  authorize(): Promise<boolean>;
  readonly sink: WriteSink;
  readonly services: BotServices;
  readonly log: Logger;
  /** The actor's language: the texts of a write's outcome and the card it shows. */
  readonly t: TranslateFunction;
  readonly locale: Locale;
  /** The bot's username when the actor's chat is a group: cards there show no phones, links replace dialogs. */
  readonly groupOf?: string;
}

/**
 * Where a write runs, once: `once` runs its step a single time with the actor of that moment (a dialog
 * run: inside the conversation's `external`, never replayed; a web request or a job: directly).
 */
export interface WriteRun {
  readonly nonce: string;
  once<T>(step: (actor: WriteActor) => Promise<T>): Promise<T>;
}

/** A run for a write outside any dialog: `nonce` names it (an update, a form's submission, a payment). */
export function runOnce(actor: WriteActor, nonce: string): WriteRun {
  return { nonce, once: (step) => step(actor) };
}
