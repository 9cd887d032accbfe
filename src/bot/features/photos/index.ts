/**
 * Photos of an order. A photo or an album sent in reply to a card, with the
 * order's number as the caption, or after "📷 Add photos" is kept for that
 * order (file ids in the bot's store: state/order-photos.ts) and confirmed; an album
 * arrives as several messages and gets one confirmation, edited as it grows.
 * Operators add; viewers see (📷 on the card sends them again, an album of
 * ten at a time); a viewer's photo is not kept. Strangers never get here (the
 * access gate). Nothing goes to the service unless PHOTO_COMMENT=on.
 */
import type { Api } from "grammy";
import type { InputMediaPhoto } from "grammy/types";
import type { BotContext } from "../../context.ts";
import { Composer } from "../../middleware/composer.ts";
import { canWrite } from "../../policy/access.ts";
import { commentAuthor, signedComment } from "../../state/comment-author.ts";
import { createPhotoStore, type KeptPhoto, type PhotoTarget } from "../../state/order-photos.ts";
import { readPressedOrder } from "../../telegram/pressed-order.ts";
import { telegramActor } from "../../telegram/write-actor.ts";
import { photosAdd, photosShow } from "../../ui/callbacks.ts";
import { numberFromCard } from "../../ui/card-number.ts";
import { stripHtml } from "../../ui/messages.ts";
import { orderTitle } from "../../ui/order-card.ts";
import type { CardAction } from "../../ui/order-keyboard.ts";
import { escapeHtml } from "../../ui/text.ts";
import { orderWriter } from "../../writes/order-writer.ts";
import { albumKey, findTarget, orderIdOfCard, pendingKey } from "./target.ts";

/** Telegram's album: 2 to 10 photos. */
const ALBUM_SIZE = 10;

export const photosAddAction: CardAction = {
  label: "card-btn-photos-add",
  data: (order) => (photosAdd.fits({ id: order.id }) ? photosAdd.encode({ id: order.id }) : undefined),
};

export const photosFeature = new Composer<BotContext>();

photosFeature.on("message:photo", async (ctx, next) => {
  // A viewer's photo is never kept: refused before finding its order, which may cost a request.
  if (!canWrite(ctx.role)) {
    const forOrder = ctx.chat.type === "private" || orderIdOfCard(ctx.message.reply_to_message, ctx.me.id);
    if (!forOrder) return next();
    await ctx.reply(ctx.t("photos-viewer"));
    return;
  }
  const photos = createPhotoStore(ctx.services.store);
  const found = await findTarget(ctx, photos);
  // In a group only a photo meant for an order is answered (a reply to a card, a number, a press).
  if (found.kind === "none") {
    if (ctx.chat.type !== "private") return next();
    await ctx.reply(ctx.t("photos-how"));
    return;
  }
  if (found.kind === "miss") {
    await ctx.reply(found.message);
    return;
  }
  const sizes = ctx.message.photo;
  const largest = sizes.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  const kept: KeptPhoto = {
    id: largest.file_id,
    unique: largest.file_unique_id,
    by: ctx.from.id,
    at: ctx.services.clock.now().getTime(),
  };
  const { target } = found;
  const result = await photos.add(target.orderId, [kept]);
  await confirm(ctx, photos, target, result);
});

/** One confirmation per album: the first photo sends it, the next ones edit it. */
async function confirm(
  ctx: BotContext & { message: { media_group_id?: string } },
  photos: ReturnType<typeof createPhotoStore>,
  target: PhotoTarget,
  result: { added: number; total: number },
): Promise<void> {
  const chatId = ctx.chat?.id ?? 0;
  const groupId = ctx.message.media_group_id;
  const added = target.added + result.added;
  const text = ctx.t("photos-kept", { count: added, total: result.total, order: escapeHtml(target.title) });
  let confirmId = target.confirmId;
  if (confirmId !== undefined) {
    await ctx.api.editMessageText(chatId, confirmId, text).catch(() => {});
  } else {
    confirmId = (await ctx.reply(text, { reply_parameters: { message_id: ctx.message.message_id } }))
      .message_id;
    if (ctx.services.config.photoComment && result.added > 0) await commentPhotos(ctx, target);
  }
  if (groupId) await photos.setTarget(albumKey(chatId, groupId), { ...target, confirmId, added });
}

/** PHOTO_COMMENT=on: one comment per photo or album noting it (1 request); a failure is logged only. */
async function commentPhotos(ctx: BotContext, target: PhotoTarget): Promise<void> {
  const author = await commentAuthor(ctx.services, ctx.from);
  // Through the order writer: exactly once per update, written through the mirror.
  const outcome = await orderWriter.note(
    await telegramActor(ctx),
    `u${ctx.update.update_id}`,
    target.orderId,
    target.title,
    signedComment(author, ctx.t("photos-comment")),
  );
  if (outcome.kind !== "done") ctx.log.warn({ order: target.orderId }, "the photo comment was not written");
}

/** "📷 Add photos": the next photos of this user in this chat go to the order. */
photosFeature.callbackQuery(photosAdd.filter, async (ctx) => {
  const id = photosAdd.decode(ctx.callbackQuery.data)?.id;
  if (!id || !canWrite(ctx.role)) {
    await ctx.answerCallbackQuery({ text: ctx.t(id ? "photos-viewer" : "stale-button") });
    return;
  }
  // The pressed id is checked as an order of the configured workshops (held: no request), so a forged
  // press cannot file photos under another workshop's order.
  const pressed = await readPressedOrder(ctx, id);
  if (!pressed) return;
  const title = titleOf(ctx) ?? orderTitle(pressed.order);
  await createPhotoStore(ctx.services.store).setTarget(pendingKey(ctx.chat?.id ?? 0, ctx.from.id), {
    orderId: id,
    title,
    added: 0,
  });
  await ctx.answerCallbackQuery();
  await ctx.reply(ctx.t("photos-send-now", { order: escapeHtml(title) }));
});

/** 📷 on the card: the order's photos sent again, albums of ten. */
photosFeature.callbackQuery(photosShow.filter, async (ctx) => {
  const id = photosShow.decode(ctx.callbackQuery.data)?.id;
  if (!id) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  const kept = await createPhotoStore(ctx.services.store).list(id);
  if (kept.length === 0) {
    await ctx.answerCallbackQuery({ text: ctx.t("photos-none") });
    return;
  }
  // A card posted inline has no chat of the bot's: the photos go to the presser's own chat with the bot.
  const chatId = ctx.chat?.id ?? ctx.from.id;
  const title = titleOf(ctx);
  try {
    const caption = title ? ctx.t("photos-caption", { order: escapeHtml(title) }) : undefined;
    await sendPhotos(ctx.api, chatId, kept, caption);
  } catch (error) {
    // Inline, the presser may never have opened the bot's chat: say where to go instead of failing.
    if (ctx.chat) throw error;
    ctx.log.info({ err: String(error) }, "photos not sent to the presser's chat");
    await ctx.answerCallbackQuery({ text: ctx.t("photos-start-bot"), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery(ctx.chat ? undefined : { text: ctx.t("photos-sent-private") });
});

/** Kept photos to a chat, albums of ten, `caption` on the first (the card's 📷, the Mini App's order page). */
export async function sendPhotos(
  api: Api,
  chatId: number,
  kept: readonly KeptPhoto[],
  caption: string | undefined,
): Promise<void> {
  for (let from = 0; from < kept.length; from += ALBUM_SIZE) {
    const chunk = kept.slice(from, from + ALBUM_SIZE);
    const first = from === 0 ? caption : undefined;
    if (chunk.length === 1) {
      await api.sendPhoto(chatId, chunk[0]?.id ?? "", { caption: first });
      continue;
    }
    const media: InputMediaPhoto[] = chunk.map((p, index) => ({
      type: "photo",
      media: p.id,
      ...(index === 0 && first ? { caption: first } : {}),
    }));
    await api.sendMediaGroup(chatId, media);
  }
}

/** The number the pressed card shows. */
function titleOf(ctx: BotContext): string | undefined {
  const message = ctx.callbackQuery?.message;
  const text = message && "text" in message ? message.text : undefined;
  return numberFromCardText(ctx, text);
}

function numberFromCardText(ctx: BotContext, text: string | undefined): string | undefined {
  // Telegram gives the plain text; a copy kept as HTML reads the same once stripped.
  return text ? numberFromCard(stripHtml(text), ctx.services.i18n) : undefined;
}
