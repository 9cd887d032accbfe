/**
 * CLIENT_CHAT_COMMENTS=on: each message of a client's chat about an order, both ways,
 * is also the order's comment: ONE PATCH through the write core (kind "comment",
 * orderWriter.note: exactly once per update, written through to the mirror), signed
 * "client" or by the replier as staff comments are (state/comment-author.ts). At most
 * CLIENT_CHAT_COMMENTS_PER_HOUR per client an hour, both ways together: a chatty client
 * cannot spend the company's quota; past it the chat goes on, unrecorded.
 */
import type { Logger } from "../../../logger.ts";
import type { BotContext, BotServices } from "../../context.ts";
import { canWrite, roleOf } from "../../policy/access.ts";
import { signedComment } from "../../state/comment-author.ts";
import { telegramActor } from "../../telegram/write-actor.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { cutText } from "../../ui/text.ts";
import type { WriteActor } from "../../writes/index.ts";
import { orderWriter } from "../../writes/order-writer.ts";
import { clientLinksOf } from "../client-side/links.ts";
import { inboxCommentCounts } from "./records.ts";

const DEFAULT_PER_HOUR = 10;
/** A comment's words at most (a long message is cut: the chat holds it whole). */
const COMMENT_LIMIT = 1000;
const HOUR_MS = 60 * 60 * 1000;

interface ChatComment {
  /** The client whose chat it is (the cap is theirs). */
  client: number;
  orderId: string;
  words: string;
  /** The replier's name (a staff answer); absent: the client wrote. */
  author?: string;
  /** The write's exactly-once name: the update. */
  nonce: string;
}

/** The word for a message without words (a photo, a voice message) in the shop's language. */
export function mediaWord(services: BotServices): string {
  return services.i18n.t(services.config.defaultLocale, "inbox-comment-media");
}

/** Records the message as the order's comment when CLIENT_CHAT_COMMENTS=on and the hour's cap allows. */
export async function chatComment(ctx: BotContext, comment: ChatComment): Promise<void> {
  await chatCommentAs(
    { services: ctx.services, log: ctx.log, userId: ctx.from?.id },
    (authorize) => telegramActor(ctx, { authorize }),
    comment,
  );
}

/** The same for any actor (a Mini App's message): `actorOf` makes it with the comment's authorization. */
export async function chatCommentAs(
  by: { services: BotServices; log: Logger; userId: number | undefined },
  actorOf: (authorize: () => Promise<boolean>) => Promise<WriteActor> | WriteActor,
  comment: ChatComment,
): Promise<void> {
  const { services, log } = by;
  const clients = services.config.clients;
  if (!clients?.chatComments || !comment.words.trim()) return;
  const order = services.mirror?.get(comment.orderId)?.order;
  if (!order) return;
  const cap = clients.commentsPerHour ?? DEFAULT_PER_HOUR;
  const hour = Math.floor(services.clock.now().getTime() / HOUR_MS);
  let counted = false;
  await services.store.open(inboxCommentCounts).update(`${comment.client}:${hour}`, (made) => {
    counted = (made ?? 0) < cap;
    return counted ? (made ?? 0) + 1 : made;
  });
  if (!counted) {
    log.info({ client: comment.client }, "inbox: the hour's chat comments are spent; not recorded");
    return;
  }
  const shop = services.config.defaultLocale;
  const author = comment.author ?? services.i18n.t(shop, "inbox-comment-client");
  const text = signedComment(author, cutText(comment.words, COMMENT_LIMIT));
  // The client's own order still (a link may end meanwhile), or staff who may write.
  const actor = await actorOf(async () =>
    comment.author === undefined
      ? (await clientLinksOf(services.store).read(comment.client)) !== undefined
      : canWrite(roleOf(by.userId, services.config)),
  );
  const outcome = await orderWriter.note(actor, comment.nonce, order.id, orderTitle(order), text);
  if (outcome.kind !== "done")
    log.warn({ order: order.id, outcome: outcome.kind }, "inbox: a chat message not recorded as a comment");
}
