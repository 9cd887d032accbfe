/**
 * The staff's side of the inbox: a reply to an inbox message (or ↩️ Reply, then the
 * answer to its prompt; text, a photo, a document, a voice message) reaches that
 * message's client as a message from the workshop (its name; the replier's first name
 * only with CLIENT_REPLY_SIGNED=on), through the outbox, once per update. The inbox
 * is told under the answer whether it was delivered, and why not (the client blocked
 * the bot, or sent /stop), and who answered. A reply to any other message, and a
 * ↩️ whose data does not match the message it is on, is not the inbox's: nothing is
 * sent, 0 requests. Only staff who may write answer (the gate stops strangers).
 */
import type { Message } from "grammy/types";
import type { BotContext } from "../../context.ts";
import { Composer } from "../../middleware/composer.ts";
import type { OutboxPart, OutboxStatus } from "../../notify/outbox.ts";
import { canWrite } from "../../policy/access.ts";
import { commentAuthor } from "../../state/comment-author.ts";
import { escapeHtml, MESSAGE_LIMIT } from "../../ui/text.ts";
import { type ClientLink, clientLinksOf } from "../client-side/links.ts";
import { readerFor } from "../client-side/reader.ts";
import { inboxReply } from "./callbacks.ts";
import { chatComment, mediaWord } from "./comments.ts";
import { CLIENT_REPLY, type InboxDeps, inboxOutbox } from "./post.ts";
import { type InboxThread, inboxThreads } from "./records.ts";
import { CAPTION_LIMIT, clientHeader, clientName, withWords } from "./view.ts";

const threadKey = (chatId: number, messageId: number) => `${chatId}:${messageId}`;

export function inboxStaffPart(deps: InboxDeps): Composer<BotContext> {
  const part = new Composer<BotContext>();
  part.callbackQuery(inboxReply.filter, async (ctx) => {
    const threads = ctx.services.store.open(inboxThreads);
    const client = inboxReply.decode(ctx.callbackQuery.data)?.client;
    const pressed = ctx.callbackQuery.message;
    const thread = pressed && (await threads.read(threadKey(pressed.chat.id, pressed.message_id)));
    // Forged data, or a ↩️ moved onto another message: not this message's client.
    if (!thread || !pressed || String(thread.client) !== client) {
      await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
      return;
    }
    if (!canWrite(ctx.role)) {
      await ctx.answerCallbackQuery({ text: ctx.t("read-only"), show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery();
    const name = escapeHtml(
      await nameOf(ctx, thread, await clientLinksOf(ctx.services.store).read(thread.client)),
    );
    const mention = `<a href="tg://user?id=${ctx.from.id}">${escapeHtml(ctx.from.first_name)}</a>`;
    const prompt = await ctx.reply(ctx.t("inbox-reply-prompt", { name, staff: mention }), {
      reply_markup: {
        force_reply: true,
        selective: true,
        input_field_placeholder: ctx.t("inbox-reply-placeholder"),
      },
      reply_parameters: { message_id: pressed.message_id, allow_sending_without_reply: true },
    });
    // The answer to the prompt is a reply to it: the same client's.
    await threads.write(threadKey(prompt.chat.id, prompt.message_id), thread);
  });
  part.on("message", async (ctx, next) => {
    const replied = ctx.message.reply_to_message;
    if (!ctx.services.config.clients?.enabled || !replied || ctx.message.text?.startsWith("/")) return next();
    const thread = await ctx.services.store
      .open(inboxThreads)
      .read(threadKey(ctx.chat.id, replied.message_id));
    if (!thread) return next();
    if (!canWrite(ctx.role)) {
      await ctx.reply(ctx.t("read-only"));
      return;
    }
    await answer(deps, ctx, thread);
  });
  return part;
}

/** The client's name as the CRM holds it, for staff (unlinked since: the order's client). */
async function nameOf(ctx: BotContext, thread: InboxThread, link?: ClientLink): Promise<string> {
  const order = thread.orderId ? ctx.services.mirror?.get(thread.orderId)?.order : undefined;
  const named = link ? clientName(link, order ? [order] : []) : order?.counteragent?.name?.trim();
  return named || ctx.t("inbox-client-unnamed");
}

/** What the client receives of a staff message: the words under the header, or the media copied with it. */
function partOf(message: Message, chatId: number, header: string): OutboxPart | undefined {
  if (message.text !== undefined)
    return { method: "sendMessage", text: withWords(header, message.text, MESSAGE_LIMIT) };
  if (message.photo || message.document || message.voice || message.video || message.audio)
    return {
      method: "copyMessage",
      fromChatId: chatId,
      messageId: message.message_id,
      caption: withWords(header, message.caption, CAPTION_LIMIT),
    };
  return undefined;
}

async function answer(deps: InboxDeps, ctx: BotContext, thread: InboxThread): Promise<void> {
  const { services } = ctx;
  const message = ctx.message as Message;
  const chatId = ctx.chat?.id ?? 0;
  const link = await clientLinksOf(services.store).read(thread.client);
  const order = thread.orderId ? services.mirror?.get(thread.orderId)?.order : undefined;
  const staff = escapeHtml(await commentAuthor(services, ctx.from));
  const name = escapeHtml(await nameOf(ctx, thread, link));
  let status: OutboxStatus | undefined;
  let outcome: string;
  if (!link) outcome = ctx.t("inbox-not-delivered-stop", { name });
  else if (link.blocked) outcome = ctx.t("inbox-not-delivered-blocked", { name });
  else {
    const r = await readerFor(services, link.locale);
    const signer = services.config.clients?.replySigned ? ctx.from?.first_name : undefined;
    const part = partOf(message, chatId, clientHeader(r, order, signer));
    if (!part) {
      await ctx.reply(ctx.t("inbox-answer-unsupported"));
      return;
    }
    status = await inboxOutbox(deps).send({
      id: `inbox-reply:${ctx.update.update_id}`,
      chatId: thread.client,
      audience: CLIENT_REPLY,
      parts: [part],
    });
    outcome = outcomeText(ctx, status, name, staff);
  }
  const told = await ctx.reply(outcome, {
    reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true },
  });
  // A reply to the outcome goes on with the same client.
  await services.store.open(inboxThreads).write(threadKey(told.chat.id, told.message_id), thread);
  if (thread.orderId && status && status.state !== "given-up") {
    const words = message.text ?? [mediaWord(services), message.caption].filter(Boolean).join(" ");
    await chatComment(ctx, {
      client: thread.client,
      orderId: thread.orderId,
      words,
      author: await commentAuthor(services, ctx.from),
      nonce: `inbox.r${ctx.update.update_id}`,
    });
  }
}

function outcomeText(ctx: BotContext, status: OutboxStatus, name: string, staff: string): string {
  if (status.state === "sent") return ctx.t("inbox-delivered", { name, staff });
  if (status.state === "queued") return ctx.t("inbox-queued", { name, staff });
  if (status.reason === "blocked") return ctx.t("inbox-not-delivered-blocked", { name });
  if (status.reason === "recipient") return ctx.t("inbox-not-delivered-stop", { name });
  return ctx.t("inbox-not-delivered", { name, reason: escapeHtml(status.reason ?? "") });
}
