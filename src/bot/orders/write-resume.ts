/**
 * A write the bot was interrupted in (killed before, during or right after the
 * request; an answer lost on the way) is resolved at the chat's next update,
 * before the dialog, /cancel or /new see it: the bot finds out what the
 * service did and says it plainly.
 *
 * - Landed (the created order found by what the intake sent; the change in the
 *   order's current record): "Order А001087 was created" or "the status is
 *   now X, 500 ₽ taken" with the card; the dialog that wrote it ends (it is
 *   done) and the update is taken as seen, so a Create press or /cancel after it
 *   never sends again nor says "nothing was changed".
 * - Not landed: the marker is cleared, the clerk is told nothing reached the
 *   service, and the update goes on (a retry then sends; /cancel then truly
 *   changed nothing).
 * - Unknown (the service cannot be asked now): nothing is sent and nothing is
 *   left; the dialog stays and the next update asks again.
 * One request per resolution; none on updates of chats without an open write.
 */
import type { Middleware } from "grammy";
import type { Order } from "../../service/index.ts";
import { asWrite } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import { callService } from "../crm/call.ts";
import { CANCEL } from "../dialog-kit/ask.ts";
import { readLatestPrompt } from "../dialog-kit/latest-prompt.ts";
import { localeOf } from "../i18n.ts";
import { noteOwnChange } from "../notify/own-changes.ts";
import { StoreCorruptError } from "../store/errors.ts";
import { dialogButton } from "../ui/callbacks.ts";
import { formatAmount } from "../ui/money.ts";
import { orderTitle } from "../ui/order-card.ts";
import { escapeHtml } from "../ui/text.ts";
import { getOrder } from "./by-number.ts";
import { findLanded, type Sent, takenBy } from "./write-checks.ts";
import { type Marker, markersOf, type OpenWrite, openWritesOf } from "./write-open.ts";
import { writeThrough } from "./write-through.ts";
import { cardOf } from "./writer.ts";

/** `stripPrompt` takes the buttons off the dialog's open prompt (as ✖ does) when the write's dialog ends here. */
export function resumeWrites(stripPrompt: (ctx: BotContext) => Promise<void>): Middleware<BotContext> {
  return async (ctx, next) => {
    const open = ctx.chat?.type === "private" ? await openWrite(ctx) : undefined;
    if (!open) return next();
    const { store, config } = ctx.services;
    const chat = String(ctx.chat?.id);
    const markers = markersOf<Result>(store);
    const read = await markerOf(ctx, open);
    // The store cannot be read now: the open write stays, and the dialog's own marker check decides.
    if (read === "unreadable") return next();
    const marker = read;
    const forget = () => Promise.resolve(openWritesOf(store).delete(chat)).catch(() => {});
    const running = await writingRunOpen(ctx, open.nonce);
    // The dialog said the attempt failed and checks before its own retry: only leaving it is resolved here.
    if (open.told && running && !leaving(ctx)) return next();
    // Gone (cleared after a certain failure, expired) or finished and told by its dialog: nothing to resolve.
    if (!marker?.sent?.kind || (marker.state === "done" && !running)) {
      await forget();
      return next();
    }
    // Part of the write: the check may use the write reserve (service/purpose.ts).
    const check = await callService(ctx, (client) =>
      asWrite(() =>
        marker.state === "done"
          ? getOrder(client, config.shopIds, doneOrderId(marker)).then((order) => ({ order }))
          : findLanded(client, config.shopIds, marker.sent, marker.at),
      ),
    );
    if (!check.ok && marker.state === "sending") {
      ctx.log.warn({ key: open.key }, "an interrupted write cannot be checked now");
      await answerPress(ctx);
      await ctx.reply(
        ctx.t(`write-unknown-${marker.sent.kind}`, { ...titleOf(marker.sent), reason: check.message }),
      );
      return;
    }
    const landed = check.ok ? check.value : undefined;
    if (marker.state === "sending" && !landed) {
      await Promise.resolve(markers.delete(open.key)).catch(() => {});
      await forget();
      await ctx.reply(ctx.t(`write-not-sent-${marker.sent.kind}`, titleOf(marker.sent)));
      return next();
    }
    const order = landed?.order;
    if (marker.state === "sending" && order) await recordLanded(ctx, open.key, marker, order);
    await forget();
    if (running) {
      await stripPrompt(ctx);
      await ctx.conversation.exitAll();
    }
    await answerPress(ctx);
    const text = await reportOf(
      ctx,
      marker.sent,
      order,
      marker.state === "done" ? marker.result.number : undefined,
      open.told === true,
    );
    const card = order && (await cardOf(ctx, order));
    await ctx.reply(card ? `${text}\n\n${card.text}` : text, {
      reply_markup: card ? { inline_keyboard: card.keyboard } : undefined,
    });
  };
}

/** The chat's open write; a store that cannot be read leaves the dialog to its own marker check. */
async function openWrite(ctx: BotContext): Promise<OpenWrite | undefined> {
  try {
    return await openWritesOf(ctx.services.store).read(String(ctx.chat?.id));
  } catch (error) {
    ctx.log.warn({ err: String(error) }, "open writes cannot be read");
    return undefined;
  }
}

type Result = { id?: string; number?: string };

/**
 * The open write's marker. One the store holds torn (a kill mid-write) is taken as "sending" what
 * the open write says was sent, so it is checked, never read as "nothing stored".
 */
async function markerOf(
  ctx: BotContext,
  open: OpenWrite,
): Promise<Marker<Result> | undefined | "unreadable"> {
  try {
    return await markersOf<Result>(ctx.services.store).read(open.key);
  } catch (error) {
    if (!(error instanceof StoreCorruptError)) {
      ctx.log.warn({ err: String(error) }, "a write marker cannot be read now");
      return "unreadable";
    }
    ctx.log.warn(
      { key: open.key },
      "an unreadable write marker: checked by what its open write says was sent",
    );
    return open.sent && open.at !== undefined
      ? { state: "sending", at: open.at, sent: open.sent }
      : undefined;
  }
}

/** Whether the dialog run that wrote is still open (its result never reached the clerk). */
async function writingRunOpen(ctx: BotContext, nonce: string): Promise<boolean> {
  if (Object.keys(ctx.conversation.active()).length === 0) return false;
  const prompt = await readLatestPrompt(ctx).catch(() => undefined);
  return prompt?.nonce === nonce;
}

function doneOrderId(marker: Marker<Result> & { state: "done" }): string {
  return marker.sent.kind === "create" ? (marker.result.id ?? "") : marker.sent.orderId;
}

/** The write happened: its marker says so (a replay gets it), the mirror holds the order, its author is not told. */
async function recordLanded(
  ctx: BotContext,
  key: string,
  marker: Marker<unknown>,
  order: Order,
): Promise<void> {
  const { store, clock } = ctx.services;
  const result =
    marker.sent.kind === "create"
      ? { id: order.id, number: order.number, num: order.num, at: marker.at }
      : true;
  try {
    await markersOf<unknown>(store).write(key, { state: "done", at: marker.at, sent: marker.sent, result });
    if (marker.sent.kind === "create" && ctx.from)
      await noteOwnChange(store, ctx.from.id, { order: order.id, kind: "created" }, clock.now().getTime());
  } catch (error) {
    ctx.log.warn({ err: String(error) }, "a resolved write's marker not stored");
  }
  await writeThrough(ctx, order);
}

/** "✅ Order А001087 was created…", or what the change made of the order now. */
async function reportOf(
  ctx: BotContext,
  sent: Sent,
  order: Order | undefined,
  number: string | undefined,
  told: boolean,
): Promise<string> {
  // Told: the dialog said the attempt failed (an answer lost on the way); else the bot was interrupted.
  const when = told ? "after-all" : "before";
  if (sent.kind === "create")
    return ctx.t(`write-created-${when}`, {
      number: escapeHtml(order ? orderTitle(order) : (number ?? "—")),
    });
  if (sent.kind === "comment") return ctx.t(`write-commented-${when}`, titleOf(sent));
  const now: string[] = [];
  if (sent.status)
    now.push(ctx.t("write-now-status", { status: escapeHtml(order?.status?.name ?? sent.status.name) }));
  const taken = takenBy(sent);
  if (taken > 0)
    now.push(
      ctx.t("write-now-taken", {
        amount: ctx.t("money", { amount: formatAmount(taken, await localeOf(ctx)) }),
      }),
    );
  if (sent.master)
    now.push(ctx.t("write-now-master", { name: escapeHtml(order?.master?.name ?? sent.master.name) }));
  if (sent.manager)
    now.push(ctx.t("write-now-manager", { name: escapeHtml(order?.manager?.name ?? sent.manager.name) }));
  return [ctx.t(`write-changed-${when}`, titleOf(sent)), ...now.map((line) => `• ${line}`)].join("\n");
}

function titleOf(sent: Sent): { order: string } {
  return { order: sent.kind === "create" ? "" : escapeHtml(sent.title) };
}

/** /cancel, or ✖ on a dialog's prompt: the update would end the dialog. */
function leaving(ctx: BotContext): boolean {
  const text = ctx.message?.text;
  if (text !== undefined) return /^\/cancel(@\w+)?(\s|$)/i.test(text);
  return dialogButton.decode(ctx.callbackQuery?.data)?.value === CANCEL;
}

async function answerPress(ctx: BotContext): Promise<void> {
  if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => {});
}
