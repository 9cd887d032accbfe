/**
 * The orders' writes as one call each, over the write core (once.ts) and the
 * order kinds (kinds/order-*.ts): the only way a dialog or feature creates,
 * changes or comments an order. Each call is exactly-once (a double press or
 * a replay gets the first result; an interrupted write is resolved at the
 * chat's next update), notes the author's own change, sends ONE request,
 * writes through, and returns the record with the card built from it.
 *
 * Requests: change 1 (the PATCH), comment 1, create 2 (the create and the read
 * of its number; 1 when the answer carries it); +1 check only on a retry
 * after an ambiguous failure.
 */
import type { Order, OrderCreateInput } from "../../service/index.ts";
import { orderTitle } from "../ui/order-card.ts";
import { runOnce, type WriteActor, type WriteRun } from "./actor.ts";
import { orderChange } from "./kinds/order-change.ts";
import { commentChecks, orderComment } from "./kinds/order-comment.ts";
import {
  type Created,
  type CreateSent,
  createChecks,
  type DraftRecord,
  orderCreate,
} from "./kinds/order-create.ts";
import { changeChecks, changedRecord, changeInput, type OrderChange } from "./kinds/order-record.ts";
import { type CardView, cardOf } from "./kinds/order-view.ts";
import { runWrite, type WriteFailure, writeIn } from "./once.ts";

export type { Created } from "./kinds/order-create.ts";
export type { OrderChange } from "./kinds/order-record.ts";

export interface CreateRequest {
  shopId: string;
  input: OrderCreateInput;
  /** What identifies the order (client, type, faults): how an interrupted create is found again. */
  sent: CreateSent;
  /** The record the card shows when the number is known without a read (what the clerk entered). */
  record: DraftRecord;
}

export type CreateResult =
  | { kind: "created"; created: Created; order: Order; card: CardView }
  /** Created, but its record could not be read for the card: `message` says why. */
  | { kind: "created-no-card"; created: Created; message: string }
  | WriteFailure;

export type ChangeResult = { kind: "done"; order: Order; card: CardView } | WriteFailure;
export type CommentResult = { kind: "done"; order?: Order } | WriteFailure;

export const orderWriter = {
  async create(run: WriteRun, request: CreateRequest): Promise<CreateResult> {
    const outcome = await runWrite(run, {
      kind: orderCreate,
      data: { ...request.sent, input: request.input },
      checks: createChecks(request.sent),
      local: request.record,
    });
    if (outcome.kind !== "done") return outcome;
    const created = outcome.result;
    return run.once(async (outer): Promise<CreateResult> => {
      // A replayed "done" was written through when it happened: its record is built (or read) again.
      const through =
        outcome.record === undefined && outcome.note === undefined
          ? await orderCreate.through(outer, {
              attempt: {
                at: created.at,
                sent: { kind: orderCreate.name, checks: [], data: { ...request.sent, input: request.input } },
              },
              result: created,
              base: request.record,
            })
          : outcome;
      const order = through.record as Order | undefined;
      if (!order) return { kind: "created-no-card", created, message: through.note ?? "" };
      return { kind: "created", created, order, card: await cardOf(outer, order) };
    });
  },

  /**
   * One PATCH of `base` (the record the dialog started from; for fields, the full record: see
   * writes/edit.ts); the card shows it with the change. `action` names the marker (one per dialog run).
   */
  async change(
    run: WriteRun,
    base: Order,
    change: OrderChange,
    action = actionOf(change),
  ): Promise<ChangeResult> {
    const outcome = await runWrite(run, {
      kind: orderChange,
      action,
      data: { orderId: base.id, title: orderTitle(base), input: changeInput(change), change },
      checks: changeChecks(change),
      local: base,
    });
    if (outcome.kind !== "done") return outcome;
    return run.once(async (outer): Promise<ChangeResult> => {
      const order =
        (outcome.record as Order | undefined) ?? changedRecord(base, change, outer.services.clock.now());
      return { kind: "done", order, card: await cardOf(outer, order) };
    });
  },

  /**
   * One PATCH adding a comment to order `orderId` (`title`: its number as the clerk sees it);
   * the mirror's copy lists it at once when it holds the order.
   */
  async comment(run: WriteRun, orderId: string, title: string, text: string): Promise<CommentResult> {
    // Inside the run's one external step: the check's time is the write's own.
    const outcome = await run.once((actor) =>
      runWrite(
        runOnce(actor, run.nonce),
        commentRequest(orderId, title, text, actor.services.clock.now().getTime()),
      ),
    );
    if (outcome.kind !== "done") return outcome;
    return { kind: "done", order: outcome.record as Order | undefined };
  },

  /**
   * A comment a write makes by itself, outside a dialog (a photo's note): the same one PATCH,
   * exactly once per `nonce` (a redelivered update gets the first result), written through.
   */
  async note(
    actor: WriteActor,
    nonce: string,
    orderId: string,
    title: string,
    text: string,
  ): Promise<CommentResult> {
    const request = commentRequest(orderId, title, text, actor.services.clock.now().getTime());
    const outcome = await writeIn(actor, nonce, request, { open: false });
    if (outcome.kind !== "done") return outcome;
    return { kind: "done", order: outcome.record as Order | undefined };
  },
};

function commentRequest(orderId: string, title: string, text: string, at: number) {
  return { kind: orderComment, data: { orderId, title, text }, checks: commentChecks(text, at) };
}

/** The marker's name of a change: one write of each kind per dialog run. */
function actionOf(change: OrderChange): string {
  if (change.status) return "status";
  if (change.master) return "master";
  if (change.manager) return "manager";
  return "fields";
}
