/**
 * A write kind: everything the core (once.ts, resume.ts) needs to know about
 * one kind of write, and nothing the core knows itself. A kind declares
 * - what it sends: `send`, from `Sent` (plain data kept with the marker);
 * - how to tell that it landed after an interruption: `read` (ONE request:
 *   the candidates, e.g. the order, or a page of new orders) and the sent
 *   data's `checks` (each field compared as the service stores it, checks.ts);
 * - what it tells the actor (actor.ts: a chat, a web page, a job) when a write
 *   is resolved after an interruption: `report` (landed), `texts.notLanded`,
 *   `texts.unknown`;
 * - what it writes through to the mirror (`through`) and what own changes it
 *   notes for the notifier (`own`).
 * Kinds live in writes/kinds/, one file each, listed in writes/kinds/index.ts.
 */
import type { ServiceClient } from "../../service/index.ts";
import type { OwnChange } from "../state/own-changes.ts";
import type { InlineButton } from "../ui/keyboard.ts";
import type { WriteActor } from "./actor.ts";
import type { FieldCheck } from "./checks.ts";

/** What a write sent, as its marker keeps it: the kind's name, the checks, and the kind's own data. */
export interface Sent<D = unknown> {
  kind: string;
  /** How the service will hold the write: every field it sets, compared as stored. */
  checks: FieldCheck[];
  data: D;
}

/** One attempt as its marker keeps it: when it was sent (Unix ms) and what it sent. */
export interface Attempt<D = unknown> {
  at: number;
  sent: Sent<D>;
}

/** A reply: HTML text and, when it shows a record, its buttons. */
export interface WriteReply {
  text: string;
  keyboard?: InlineButton[][];
}

/** What the service holds after a write that landed, and the result it stands for. */
export interface Landed<R> {
  record: unknown;
  result: R;
}

/** What the core offers a kind's read: the workshops the bot works in. */
interface ReadScope {
  shopIds: readonly string[];
}

export interface WriteKind<D, R> {
  /** Unique among kinds; names the marker (one write of a kind per dialog run) and finds the kind on resume. */
  name: string;
  /** The one request; its answer is the result. */
  send(client: ServiceClient, attempt: Attempt<D>): Promise<R>;
  /**
   * ONE read for "did it land?": the records the write may be in (the record it changed, or the
   * records made since `attempt.at`). `result`: the write's own result when it is known to have landed.
   */
  read(client: ServiceClient, attempt: Attempt<D>, scope: ReadScope, result?: R): Promise<readonly unknown[]>;
  /** The result a landed write stands for, from the record it was found in. */
  resultOf(record: unknown, attempt: Attempt<D>): R;
  /** Own changes noted BEFORE the request (a sync may read the change before the write-through). */
  ownBefore?(attempt: Attempt<D>): readonly OwnChange[];
  /** Own changes known once the result is (a created record's id). */
  ownAfter?(attempt: Attempt<D>, result: R): readonly OwnChange[];
  /**
   * Write-through after the write landed: `record` is what the service holds when a check read it;
   * without it the kind builds the record from what it sent (and `base`, the request's `local`: the
   * record an edit started from, a create's draft). Returns the record written through (the card's
   * source), or `note`: why there is none (HTML, for the user).
   */
  through(
    ctx: WriteActor,
    landed: { attempt: Attempt<D>; result: R; record?: unknown; base?: unknown },
  ): Promise<{ record?: unknown; note?: string }>;
  /** What the user is told when an interrupted write is found landed: `afterAll` when told it failed before. */
  report(
    ctx: WriteActor,
    landed: { sent: Sent<D>; record?: unknown; result?: R; afterAll: boolean },
  ): Promise<WriteReply>;
  /** Texts (HTML) for an interrupted write not found, and one that cannot be checked now (`reason`). */
  texts: {
    notLanded(ctx: WriteActor, sent: Sent<D>): string;
    unknown(ctx: WriteActor, sent: Sent<D>, reason: string): string;
  };
}

/** A kind whatever its data and result (the registry's element type). */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds kinds of every data and result type.
export type AnyWriteKind = WriteKind<any, any>;
