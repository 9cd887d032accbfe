/**
 * Plays a dialog the way a clerk does: read the bot's newest prompt, answer
 * what it asks. Driven by the prompt's text, not by a fixed sequence, so it
 * copes with re-prompts, a step asked again after a crash, and service errors
 * (it retries as a user would, after a short pause). Every move must get an
 * answer within the deadline, else the walk fails with its transcript.
 */
import type { Output } from "../fake-telegram/chats.ts";
import { TelegramUser } from "../fake-telegram/user.ts";

export type Move = { say: string } | { press: string | RegExp };

export interface Script {
  /** The first move, also repeated when the bot closed the dialog because the service failed. */
  start: Move;
  /** The first rule whose pattern matches the prompt decides the move. */
  rules: [RegExp, Move | ((prompt: Output) => Move)][];
  /** The prompt that ends the walk successfully. */
  done: RegExp;
}

export interface WalkOptions {
  /** Stop (without answering) at the first prompt matching this; `walk` returns it. */
  stopAt?: RegExp;
  maxMoves?: number;
  timeoutMs?: number;
}

export interface Walk {
  last: Output;
  transcript: string[];
}

/** Errors a user answers by trying again: the service is down, the quota is spent, the dialog was closed. */
const RETRY_LATER = /📡|⏳|The dialog was closed|cannot be loaded right now|try again/i;

export async function walk(
  user: TelegramUser,
  script: Script,
  first: Move,
  options: WalkOptions = {},
): Promise<Walk> {
  const transcript: string[] = [];
  const maxMoves = options.maxMoves ?? 80;
  let move = first;
  let retries = 0;
  for (let moves = 0; moves < maxMoves; moves++) {
    transcript.push(`> ${describe(move)}`);
    const prompt = await play(user, move, (o) => actionable(script, o), options.timeoutMs)
      .then((first) => followUp(user, script, first))
      .catch((error: unknown) => {
        throw new Error(`${String(error)}\nTranscript:\n${transcript.join("\n")}`);
      });
    transcript.push(
      `< ${prompt.text.replace(/\n/g, " ⏎ ").slice(0, 160)} [${TelegramUser.buttons(prompt).join(" | ")}]`,
    );
    if (script.done.test(prompt.text) || options.stopAt?.test(prompt.text))
      return { last: prompt, transcript };
    const next = nextMove(script, prompt);
    if (!next)
      throw new Error(`No rule for the prompt:\n${prompt.text}\nTranscript:\n${transcript.join("\n")}`);
    if (next.retry) {
      retries++;
      // A user waits a moment before trying again; the pause grows so a spent quota can reset.
      await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 200 * retries)));
    }
    move = next.move;
  }
  throw new Error(`No end after ${maxMoves} moves.\nTranscript:\n${transcript.join("\n")}`);
}

/** What the script answers to this prompt; `retry` when it is an error to try again after a pause. */
export function nextMove(script: Script, prompt: Output): { move: Move; retry: boolean } | undefined {
  for (const [pattern, move] of script.rules) {
    if (pattern.test(prompt.text))
      return { move: typeof move === "function" ? move(prompt) : move, retry: false };
  }
  if (!RETRY_LATER.test(prompt.text)) return undefined;
  const buttons = TelegramUser.buttons(prompt);
  const retryButton = buttons.find((b) => /🔁/.test(b));
  return { move: retryButton ? { press: retryButton } : script.start, retry: true };
}

/** A dialog that ends says so; other errors are followed by the step asked again (or "Try again?"). */
const DIALOG_CLOSED = /The dialog was closed|dialog expired/i;
/** How long a user reads an error before acting on it: the bot's next prompt usually comes right after. */
const FOLLOW_UP_MS = 3_000;

/**
 * A standalone error (no buttons) in the middle of a step, e.g. "⏳ limit reached" before the
 * client list is asked again: the user answers the prompt that follows, not the error. Only when
 * nothing follows is the error the last word, and the user starts over.
 */
async function followUp(user: TelegramUser, script: Script, first: Output): Promise<Output> {
  if (first.replyMarkup !== undefined || script.done.test(first.text) || DIALOG_CLOSED.test(first.text))
    return first;
  const next = await user.replyWithin(
    FOLLOW_UP_MS,
    (o) =>
      o.seq > first.seq && o.kind === "sent" && (o.replyMarkup !== undefined || script.done.test(o.text)),
  );
  return next ?? first;
}

/** A new message that asks something (prompts carry buttons), ends the walk or reports an error. */
function actionable(script: Script, o: Output): boolean {
  return (
    o.kind === "sent" && (o.replyMarkup !== undefined || script.done.test(o.text) || RETRY_LATER.test(o.text))
  );
}

/** Makes one move and returns the next actionable message the bot sends in reply. */
async function play(
  user: TelegramUser,
  move: Move,
  until: (o: Output) => boolean,
  timeoutMs: number | undefined,
): Promise<Output> {
  const wait = timeoutMs === undefined ? {} : { timeoutMs };
  if ("say" in move) user.send(move.say);
  else await user.press(move.press, wait);
  return user.reply(until, wait);
}

function describe(move: Move): string {
  return "say" in move ? `say ${move.say}` : `press ${String(move.press)}`;
}
