/**
 * The one order writer: the only way a dialog or feature creates, changes or
 * comments an order. Each call
 * - claims exactly-once (write-once.ts: a marker before the request; a double
 *   press or a replay gets the first result; an interrupted write is resolved
 *   at the chat's next update, write-resume.ts),
 * - notes the author's own change before the request (no echo from the notifier),
 * - sends ONE request (a create: one more read of its number when its answer lacks it),
 * - writes through only the fields it wrote, onto the record the dialog started from,
 * - and returns the record and the card built from it.
 *
 * Requests: change 1 (the PATCH), comment 1, create 2 (the create and the read
 * of its number; 1 when the answer carries it); +1 check only on a retry
 * after an ambiguous failure.
 */
import type { InlineKeyboardButton } from "grammy/types";
import { asWrite, type Order, type OrderCreateInput } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import { callService } from "../crm/call.ts";
import type { DialogRun } from "../dialog-kit/ask.ts";
import type { OwnChange } from "../notify/own-changes.ts";
import { learnedOf } from "../state/learned.ts";
import { cardMessage } from "../ui/card-message.ts";
import { getOrder } from "./by-number.ts";
import type { CreateSent } from "./write-checks.ts";
import { type OnceWrite, writeOnce, writeOnceIn } from "./write-once.ts";
import { changedRecord, changeInput, changeSent, type OrderChange } from "./write-record.ts";
import { heldOrder, writeThrough } from "./write-through.ts";

export type { CreateSent } from "./write-checks.ts";
export type { OrderChange } from "./write-record.ts";

/** A card as a dialog sends it: HTML text and its buttons. */
interface CardView {
  text: string;
  keyboard: InlineKeyboardButton[][];
}

type WriteFailure = { kind: "refused" } | { kind: "failed"; message: string; retryable: boolean };

/** The new order as the create answered it: its id, its number when known, when it was made (Unix ms). */
export interface Created {
  id: string;
  number?: string;
  num?: number;
  at: number;
}

export interface CreateRequest {
  shopId: string;
  input: OrderCreateInput;
  /** What identifies the order (client, type, faults): how an interrupted create is found again. */
  sent: Omit<CreateSent, "kind">;
  /** The record the card shows when the number is known without a read (what the clerk entered). */
  record(created: Created): Order;
}

export type CreateResult =
  | { kind: "created"; created: Created; order: Order; card: CardView }
  /** Created, but its record could not be read for the card: `message` says why. */
  | { kind: "created-no-card"; created: Created; message: string }
  | WriteFailure;

export type ChangeResult = { kind: "done"; order: Order; card: CardView } | WriteFailure;
type CommentResult = { kind: "done"; order?: Order } | WriteFailure;

export const orderWriter = {
  async create(run: DialogRun, request: CreateRequest): Promise<CreateResult> {
    const outcome = await writeOnce<Created>(run, {
      action: "create",
      sent: { kind: "create", ...request.sent },
      send: async (client, { at }) => {
        const answer = await client.orders.create(request.shopId, request.input);
        return { id: answer.id, number: answer.number, num: answer.num, at };
      },
      fromLanded: ({ order }, { at }) => ({ id: order.id, number: order.number, num: order.num, at }),
      // Known once created: a sync that finds the order before the write-through does not tell its author.
      own: (created) => [{ order: created.id, kind: "created" }],
    });
    if (outcome.kind !== "done") return outcome;
    const created = outcome.result;
    return run.dialog.external(async (outer: BotContext): Promise<CreateResult> => {
      let order: Order;
      if (created.number) order = request.record(created);
      else {
        // The number exists only in the service: one read.
        const read = await callService(outer, (client) =>
          asWrite(() => getOrder(client, outer.services.config.shopIds, created.id)),
        );
        if (!read.ok) return { kind: "created-no-card", created, message: read.message };
        order = read.value;
        await learnedOf(outer.services.store).fromOrders([order]);
      }
      await writeThrough(outer, order);
      return { kind: "created", created, order, card: await cardOf(outer, order) };
    });
  },

  /** One PATCH of `base` (the record the dialog started from); the card shows it with the change. */
  async change(
    run: DialogRun,
    base: Order,
    change: OrderChange,
    action = actionOf(change),
  ): Promise<ChangeResult> {
    const outcome = await writeOnce<true>(run, {
      action,
      sent: changeSent(base, change),
      send: async (client) => {
        await client.orders.update(base.id, changeInput(change));
        return true as const;
      },
      fromLanded: () => true as const,
      own: ownOf(base.id, change),
    });
    if (outcome.kind !== "done") return outcome;
    return run.dialog.external(async (outer: BotContext): Promise<ChangeResult> => {
      const order = changedRecord(base, change, outer.services.clock.now());
      await writeThrough(outer, order, base);
      return { kind: "done", order, card: await cardOf(outer, order) };
    });
  },

  /**
   * One PATCH adding a comment to order `orderId` (`title`: its number as the clerk sees it);
   * the mirror's copy lists it at once when it holds the order.
   */
  async comment(run: DialogRun, orderId: string, title: string, text: string): Promise<CommentResult> {
    const outcome = await writeOnce<true>(run, commentWrite(orderId, title, text));
    if (outcome.kind !== "done") return outcome;
    return run.dialog.external((outer: BotContext) => commentThrough(outer, orderId, text));
  },

  /**
   * A comment an update adds by itself, outside a dialog (a photo's note): the same one PATCH,
   * exactly once per update (a redelivered update gets the first result), written through.
   */
  async note(ctx: BotContext, orderId: string, title: string, text: string): Promise<CommentResult> {
    const outcome = await writeOnceIn<true>(
      ctx,
      `u${ctx.update.update_id}`,
      commentWrite(orderId, title, text),
      {
        open: false,
      },
    );
    if (outcome.kind !== "done") return outcome;
    return commentThrough(ctx, orderId, text);
  },
};

function commentWrite(orderId: string, title: string, text: string): OnceWrite<true> {
  return {
    action: "comment",
    sent: { kind: "comment", orderId, title, text },
    send: async (client) => {
      await client.orders.update(orderId, { comment: text });
      return true as const;
    },
    fromLanded: () => true as const,
  };
}

/** The mirror's copy lists the comment at once when it holds the order. */
async function commentThrough(outer: BotContext, orderId: string, text: string): Promise<CommentResult> {
  const held = heldOrder(outer, orderId);
  if (!held) return { kind: "done" };
  const order = { ...held, comments: [...(held.comments ?? []), { text }] };
  await writeThrough(outer, order, held);
  return { kind: "done", order };
}

/** The marker's name of a change: one write of each kind per dialog run. */
function actionOf(change: OrderChange): string {
  if (change.status) return "status";
  if (change.master) return "master";
  if (change.manager) return "manager";
  return "fields";
}

/** The status, master and manager a change sets: its author is not told of them. */
function ownOf(order: string, change: OrderChange): OwnChange[] {
  const own: OwnChange[] = [];
  if (change.status) own.push({ order, kind: "status", to: change.status.id });
  if (change.master) own.push({ order, kind: "master", to: change.master.id });
  if (change.manager) own.push({ order, kind: "manager", to: change.manager.id });
  return own;
}

/** The card of `order` for this user, as a dialog sends it. */
export async function cardOf(outer: BotContext, order: Order): Promise<CardView> {
  const message = await cardMessage(outer, order);
  return { text: message.text, keyboard: message.keyboard.inline_keyboard };
}
