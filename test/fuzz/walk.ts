/**
 * Walks a dialog step by step with valid moves and, at every step, throws
 * hostile inputs first. After each hostile input the dialog must still wait at
 * the same prompt (same button tag), unless the input was text that the step
 * takes as its answer; it must never end or move because of anything else.
 */

import type { Role } from "../../src/bot/context.ts";
import { roleOf } from "../../src/bot/policy/access.ts";
import type { Sandbox } from "../../src/sandbox/index.ts";
import type { StoredMessage } from "../helpers/fake-telegram.ts";
import type { TestBot, TestUser } from "../helpers/test-bot.ts";
import { type Delivered, deliver, dialogButtons, pressOn, sendText } from "./deliver.ts";
import { type Category, type Hostile, hostileInput } from "./hostile.ts";
import type { Oracle } from "./oracle.ts";
import type { Prng } from "./prng.ts";
import type { Move, Step } from "./steps.ts";

export interface FuzzEnv {
  t: TestBot;
  sandbox: Sandbox;
  oracle: Oracle;
  rng: Prng;
  /** Users who may press the owner's buttons: a viewer, another operator, a stranger. */
  others: TestUser[];
  orderIds: string[];
  /** Hostile inputs thrown at each dialog step, by "dialog/step". */
  steps: Map<string, number>;
}

/** Texts that mean the dialog is over. */
const ENDINGS = [
  /Dialog cancelled/,
  /dialog expired/,
  /The dialog was closed/,
  /Order created/,
  /Status changed/,
  /assigned:/,
  /Comment added/,
  /did not change the status/,
  /did not accept the change/,
];

const tagOf = (data: string): string => data.split(":")[1] ?? "";

/** The prompt the owner's dialog waits on: the newest bot message with dialog buttons, unless the dialog ended after it. */
export function currentPrompt(t: TestBot, owner: TestUser): StoredMessage | undefined {
  const messages = t.telegram.botMessages(owner.id);
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (!message) continue;
    if (ENDINGS.some((ending) => ending.test(message.text))) return undefined;
    if (dialogButtons(message).length > 0) return message;
  }
  return undefined;
}

function roleIn(env: FuzzEnv, user: TestUser): Role {
  return roleOf(user.id, env.t.config);
}

function describeInput(input: Hostile): string {
  const body =
    input.kind === "text" || input.kind === "edited" || input.kind === "group"
      ? input.text
      : input.kind === "inline"
        ? input.query
        : input.kind === "callback"
          ? input.data
          : "";
  const shown = JSON.stringify(body.length > 60 ? `${body.slice(0, 60)}…(${body.length})` : body);
  return `${input.category} ${shown}`;
}

/** Sends one input and checks it; the fingerprint is taken just before. */
export async function tryInput(
  env: FuzzEnv,
  owner: TestUser,
  input: Hostile,
  where: string,
  prompt?: StoredMessage,
  mayWrite = false,
): Promise<Delivered> {
  const before = env.oracle.fingerprint();
  // The bot may strip the buttons of an answered copy of a prompt: read the newest copy now.
  const current = prompt ? (currentPrompt(env.t, owner) ?? prompt) : undefined;
  const stale = staleButtons(env.t, owner, current);
  const situation = { prompt: current, stale, others: env.others };
  const d = await deliver(env.t, owner, input, situation, env.rng);
  env.oracle.count(input.category as Category);
  // Stale and foreign presses pick their data on delivery: show what was really sent.
  const sent = d.update.callback_query ? { ...input, data: d.update.callback_query.data ?? "" } : input;
  env.oracle.check(
    d,
    describeInput(sent as Hostile),
    { role: roleIn(env, d.sender), where, mayWrite },
    before,
  );
  return d;
}

function staleButtons(t: TestBot, owner: TestUser, prompt: StoredMessage | undefined) {
  const current = prompt ? tagOf(dialogButtons(prompt)[0] ?? "") : undefined;
  return t.telegram
    .botMessages(owner.id)
    .flatMap((message) => dialogButtons(message).map((data) => ({ message, data })))
    .filter((b) => tagOf(b.data) !== current);
}

/** A valid move on the current prompt (or a text); checked like any input. */
export async function play(
  env: FuzzEnv,
  owner: TestUser,
  move: Move,
  where: string,
): Promise<Delivered | undefined> {
  const before = env.oracle.fingerprint();
  let d: Delivered;
  if ("send" in move) {
    d = await sendText(env.t, owner, move.send);
  } else {
    const prompt = currentPrompt(env.t, owner) ?? owner.lastReply();
    const wanted = move.press;
    const button = (prompt?.replyMarkup?.inline_keyboard ?? [])
      .flat()
      .find((b) => "callback_data" in b && (typeof wanted === "string" ? b.text === wanted : wanted(b.text)));
    if (!prompt || !button || !("callback_data" in button)) {
      env.oracle.fail(
        `${where}: no button ${String(wanted)} on ${JSON.stringify(prompt?.text.slice(0, 120))} ${JSON.stringify(prompt?.replyMarkup?.inline_keyboard.flat().map((b) => b.text))}`,
      );
      return undefined;
    }
    d = await pressOn(env.t, owner, prompt, button.callback_data);
  }
  env.oracle.count("scripted");
  const label = "send" in move ? `send ${JSON.stringify(move.send)}` : `press ${String(move.press)}`;
  env.oracle.check(d, label, { role: roleIn(env, owner), where, mayWrite: move.writes === true }, before);
  return d;
}

export type WalkResult =
  | { kind: "confirmed"; at: string; d: Delivered }
  | { kind: "cancelled" }
  | { kind: "broken"; reason: string };

export interface WalkOptions {
  dialog: string;
  steps: Step[];
  /** The step that gets many hostile inputs; others get 0..2. */
  focus?: string;
  focusCount?: number;
  /** Leave with /cancel or ✖ Cancel at this step instead of finishing. */
  cancelAt?: string;
  maxMoves?: number;
}

export async function walk(env: FuzzEnv, owner: TestUser, start: Move, o: WalkOptions): Promise<WalkResult> {
  const { rng, oracle } = env;
  await play(env, owner, start, `${o.dialog}/start`);
  for (let moves = 0; moves < (o.maxMoves ?? 120); moves++) {
    const prompt = currentPrompt(env.t, owner);
    if (!prompt)
      return {
        kind: "broken",
        reason: `no prompt after ${moves} moves: ${owner.lastReply()?.text.slice(0, 200)}`,
      };
    const step = o.steps.find((s) => s.match.test(prompt.text));
    if (!step)
      return { kind: "broken", reason: `unknown prompt ${JSON.stringify(prompt.text.slice(0, 200))}` };
    const where = `${o.dialog}/${step.name}`;
    const tag = tagOf(dialogButtons(prompt)[0] ?? "");
    const values = dialogButtons(prompt).map((data) => data.split(":").slice(2).join(":"));

    const count = step.name === o.focus ? (o.focusCount ?? 8) : rng.int(0, 2);
    let moved = false;
    for (let i = 0; i < count && !moved; i++) {
      const input = hostileInput(rng, {
        prompt: { tag, values },
        orderIds: env.orderIds,
        hasStale: staleButtons(env.t, owner, currentPrompt(env.t, owner) ?? prompt).length > 0,
      });
      env.steps.set(where, (env.steps.get(where) ?? 0) + 1);
      const byOwner = input.kind === "text";
      const writes = byOwner && step.writesOnText === true;
      const d = await tryInput(env, owner, input, where, prompt, writes);
      const now = currentPrompt(env.t, owner);
      const nowTag = now ? tagOf(dialogButtons(now)[0] ?? "") : undefined;
      if (nowTag === tag) continue;
      const accepted = byOwner && d.sender === owner && step.acceptsText(prompt.text);
      if (!accepted) {
        oracle.fail(
          `[${roleIn(env, d.sender)}] ${where} <- ${describeInput(input)} ${d.update.callback_query?.data ?? ""} (tag ${tag}): the dialog ${now ? "moved on" : "ended"} (${JSON.stringify(owner.lastReply()?.text.slice(0, 100))})`,
        );
        if (!now) return { kind: "broken", reason: "ended by a hostile input" };
      }
      if (writes && !now) return { kind: "confirmed", at: where, d };
      moved = true;
    }
    if (moved) continue;

    if (o.cancelAt === step.name) {
      // A confirmation offers ❌ No instead of ✖ Cancel: there /cancel is the way out.
      const hasCancel = (currentPrompt(env.t, owner) ?? prompt).replyMarkup?.inline_keyboard
        .flat()
        .some((b) => b.text === "✖ Cancel");
      const byButton = rng.chance(0.5) && hasCancel === true;
      const d = await play(env, owner, byButton ? { press: "✖ Cancel" } : { send: "/cancel" }, where);
      const text = d?.calls.map((c) => String(c.payload.text ?? "")).join("\n") ?? "";
      if (!/Dialog cancelled/.test(text))
        oracle.fail(`${where}: cancel answered ${JSON.stringify(text.slice(0, 200))}`);
      return { kind: "cancelled" };
    }
    const move = step.move(currentPrompt(env.t, owner) ?? prompt);
    const d = await play(env, owner, move, where);
    if (!d) return { kind: "broken", reason: `${where}: the scripted move failed` };
    if (move.writes) return { kind: "confirmed", at: where, d };
  }
  return { kind: "broken", reason: "too many moves" };
}
