/** Photos of an order: kept by reply, caption or after 📷 Add photos; shown again as albums; staff only. */
import type { Message, PhotoSize, Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { pendingKey } from "../../../../src/bot/features/photos/target.ts";
import { createPhotoStore, MAX_PHOTOS } from "../../../../src/bot/state/order-photos.ts";
import { createMemoryStore, type Store } from "../../../../src/bot/store/storage.ts";
import { photosAdd, photosShow } from "../../../../src/bot/ui/callbacks.ts";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import type { Order as SandboxOrder } from "../../../../src/sandbox/model.ts";
import { OPERATOR, STRANGER, useDialogBot, VIEWER } from "../../../helpers/dialog-fixture.ts";
import { BOT_INFO, type StoredMessage } from "../../../helpers/fake-telegram.ts";
import { callsOf, createTestBot, type TestBot, textsOf } from "../../../helpers/test-bot.ts";
import { botMessageFor, callbackUpdate, telegramUser, updateId } from "../../../helpers/updates.ts";

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;

useDialogBot({ viewers: [VIEWER] }, (started) => ({ sandbox, t, shopId } = started));

let orderIndex = 0;
/** A fresh order of the shop for each test (photos stay with their order). */
function nextOrder(): SandboxOrder {
  const order = sandbox.store.orders.filter((o) => o.shopId === shopId && o.isVisible)[orderIndex++];
  if (!order) throw new Error("no order in the shop");
  return order;
}

let photoSeq = 0;
function sizes(): PhotoSize[] {
  const n = ++photoSeq;
  return [
    { file_id: `small-${n}`, file_unique_id: `us-${n}`, width: 90, height: 60 },
    { file_id: `large-${n}`, file_unique_id: `ul-${n}`, width: 1280, height: 853 },
    { file_id: `medium-${n}`, file_unique_id: `um-${n}`, width: 320, height: 213 },
  ];
}

/** A photo message from `userId`, maybe in reply to a bot message, with a caption or in an album. */
function photoUpdate(
  userId: number,
  options: { reply?: StoredMessage; caption?: string; album?: string; lang?: string } = {},
): Update {
  const from = telegramUser(userId, { languageCode: options.lang ?? "en" });
  const message_id = t.telegram.nextMessageId(userId);
  t.telegram.registerUserMessage(userId, message_id, options.caption ?? "");
  const message = {
    message_id,
    date: Math.floor(Date.now() / 1000),
    chat: { id: userId, type: "private", first_name: from.first_name },
    from,
    photo: sizes(),
    caption: options.caption,
    media_group_id: options.album,
    reply_to_message: options.reply && botMessageFor(options.reply, from, BOT_INFO),
  } as unknown as Message;
  return { update_id: updateId(), message } as Update;
}

async function openCard(userId: number, order: SandboxOrder, lang = "en"): Promise<StoredMessage> {
  const user = t.user(userId, { languageCode: lang });
  await user.send(`/order ${order.number}`);
  const card = user.lastReply();
  if (!card) throw new Error("no card");
  return card;
}

const kept = (order: SandboxOrder) => createPhotoStore(t.store).list(order.id);

describe("photos of an order", () => {
  it("a photo in reply to a card is kept (largest size) and confirmed, with no request (en)", async () => {
    const order = nextOrder();
    const card = await openCard(OPERATOR, order);
    t.resetServiceRequests();
    const calls = await t.handle(photoUpdate(OPERATOR, { reply: card }));
    expect(t.serviceRequests()).toBe(0);
    expect(textsOf(calls).join("\n")).toContain(`Kept 1 photo for order ${order.number} (1 in all)`);
    const photos = await kept(order);
    expect(photos.map((p) => p.id)).toEqual([`large-${photoSeq}`]);
    expect(photos[0]?.by).toBe(OPERATOR);
    // The card now says so and offers them again.
    const again = await openCard(OPERATOR, order);
    expect(again.text).toContain("📷 Photos: 1");
    expect(again.replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toContain("📷 Photos (1)");
  });

  it("an album with the number as its caption is kept with one confirmation (ru)", async () => {
    const order = nextOrder();
    const user = t.user(OPERATOR, { languageCode: "ru" });
    await user.send("/language");
    const album = "album-1";
    const first = await t.handle(photoUpdate(OPERATOR, { caption: order.number, album, lang: "ru" }));
    const second = await t.handle(photoUpdate(OPERATOR, { album, lang: "ru" }));
    const third = await t.handle(photoUpdate(OPERATOR, { album, lang: "ru" }));
    expect(callsOf(first, "sendMessage")).toHaveLength(1);
    expect(callsOf([...second, ...third], "sendMessage")).toHaveLength(0);
    expect(textsOf(third).join("\n")).toContain(`Сохранено фото: 3 для заказа ${order.number}`);
    expect(await kept(order)).toHaveLength(3);
  });

  it("a viewer sees the photos again as albums of ten, but a viewer's photo is not kept", async () => {
    const order = nextOrder();
    const op = await openCard(OPERATOR, order);
    for (let i = 0; i < 12; i++) await t.handle(photoUpdate(OPERATOR, { reply: op, album: "big-album" }));
    expect(await kept(order)).toHaveLength(12);
    const card = await openCard(VIEWER, order);
    t.resetServiceRequests();
    const calls = await t.user(VIEWER).press("📷 Photos (12)", { message: card });
    const albums = callsOf(calls, "sendMediaGroup");
    expect(albums.map((c) => (c.payload.media as unknown[]).length)).toEqual([10, 2]);
    expect(t.serviceRequests()).toBe(0);
    const refused = await t.handle(photoUpdate(VIEWER, { reply: card }));
    expect(textsOf(refused).join("\n")).toContain("Only operators add photos");
    expect(await kept(order)).toHaveLength(12);
    // Viewers get no "Add photos" button.
    expect(card.replyMarkup?.inline_keyboard.flat().map((b) => b.text)).not.toContain("📷 Add photos");
  });

  it("a viewer's photo captioned with a number costs no request and is not kept (ru, en)", async () => {
    const order = nextOrder();
    for (const lang of ["en", "ru"]) {
      t.resetServiceRequests();
      const calls = await t.handle(photoUpdate(VIEWER, { caption: order.number, lang }));
      expect(t.serviceRequests()).toBe(0);
      expect(textsOf(calls).join("\n")).toContain(lang === "en" ? "Only operators add photos" : "операторы");
    }
    expect(await kept(order)).toHaveLength(0);
  });

  it("📷 on a card posted inline (no chat of the bot's) sends the photos to the presser's own chat", async () => {
    const order = nextOrder();
    const card = await openCard(OPERATOR, order);
    for (let i = 0; i < 2; i++) await t.handle(photoUpdate(OPERATOR, { reply: card, album: "inline-album" }));
    const data = photosShow.encode({ id: order.id });
    const press = callbackUpdate(telegramUser(VIEWER, { languageCode: "en" }), data, undefined, "im1");
    const calls = await t.handle(press);
    const albums = callsOf(calls, "sendMediaGroup");
    expect(albums).toHaveLength(1);
    expect(albums[0]?.payload.chat_id).toBe(VIEWER);
    expect(callsOf(calls, "answerCallbackQuery")).toHaveLength(1);
  });

  it("📷 on an inline card, pressed by someone who never opened the bot's chat, says where to go", async () => {
    const order = nextOrder();
    const card = await openCard(OPERATOR, order);
    await t.handle(photoUpdate(OPERATOR, { reply: card }));
    t.telegram.failNext("sendPhoto", {
      error_code: 403,
      description: "Forbidden: bot can't initiate conversation with a user",
    });
    const press = callbackUpdate(
      telegramUser(VIEWER, { languageCode: "ru" }),
      photosShow.encode({ id: order.id }),
      undefined,
      "im2",
    );
    const calls = await t.handle(press);
    const answers = callsOf(calls, "answerCallbackQuery");
    expect(answers).toHaveLength(1);
    expect(String(answers[0]?.payload.text)).toContain("/start");
  });

  it("a viewer's forged 📷 Add photos press sets nothing, and their next photo is not kept", async () => {
    const order = nextOrder();
    const calls = await t.user(VIEWER, { languageCode: "en" }).pressData(photosAdd.encode({ id: order.id }));
    expect(String(callsOf(calls, "answerCallbackQuery")[0]?.payload.text)).toContain("Only operators");
    expect(await createPhotoStore(t.store).target(pendingKey(VIEWER, VIEWER))).toBeUndefined();
    await t.handle(photoUpdate(VIEWER));
    expect(await kept(order)).toHaveLength(0);
  });

  it("an operator's forged 📷 Add photos press for another workshop's order sets nothing", async () => {
    const other = sandbox.store.orders.find((o) => o.isVisible && o.shopId !== shopId);
    if (!other) throw new Error("no order of another workshop");
    await createPhotoStore(t.store).dropTarget(pendingKey(OPERATOR, OPERATOR));
    const calls = await t
      .user(OPERATOR, { languageCode: "en" })
      .pressData(photosAdd.encode({ id: other.id }));
    expect(callsOf(calls, "answerCallbackQuery")).toHaveLength(1);
    expect(await createPhotoStore(t.store).target(pendingKey(OPERATOR, OPERATOR))).toBeUndefined();
    expect(textsOf(calls).join("\n")).not.toContain(other.number);
  });

  it("a stranger's photo is not kept and the answer names no order", async () => {
    const order = nextOrder();
    const card = await openCard(OPERATOR, order);
    const calls = await t.handle(photoUpdate(STRANGER, { reply: card, caption: order.number }));
    expect(await kept(order)).toHaveLength(0);
    expect(textsOf(calls).join("\n")).not.toContain(order.number);
  });

  it("after 📷 Add photos a photo without caption goes to that order", async () => {
    const order = nextOrder();
    const card = await openCard(OPERATOR, order);
    await t.user(OPERATOR, { languageCode: "en" }).press("📷 Add photos", { message: card });
    expect(t.user(OPERATOR).lastReply()?.text).toContain(`Send the photos of order ${order.number}`);
    await t.handle(photoUpdate(OPERATOR));
    expect(await kept(order)).toHaveLength(1);
  });

  it("a caption that finds no order keeps nothing and says so", async () => {
    const calls = await t.handle(photoUpdate(OPERATOR, { caption: "999999" }));
    expect(textsOf(calls).join("\n")).toContain("Found no single order");
  });

  it("a photo with nothing to tie it to is explained, not kept", async () => {
    const user = t.user(OPERATOR, { languageCode: "en" });
    await user.send("/cancel");
    // The press of the test above points this chat at its order for 15 minutes: as if they passed.
    await createPhotoStore(t.store).dropTarget(pendingKey(OPERATOR, OPERATOR));
    const calls = await t.handle(photoUpdate(OPERATOR));
    expect(textsOf(calls).join("\n")).toContain("send it in reply to the order's card");
  });
});

describe("the photo store", () => {
  it("keeps at most 50 per order, the oldest go first, and a repeat once", async () => {
    const photos = createPhotoStore(createMemoryStore());
    const one = (n: number) => ({ id: `f${n}`, unique: `u${n}`, by: 1, at: n });
    for (let n = 0; n < MAX_PHOTOS + 2; n++) await photos.add("o1", [one(n)]);
    const list = await photos.list("o1");
    expect(list).toHaveLength(MAX_PHOTOS);
    expect(list[0]?.id).toBe("f2");
    expect((await photos.add("o1", [one(10)])).added).toBe(0);
  });
});

describe("PHOTO_COMMENT=on", () => {
  /** A bot of its own with PHOTO_COMMENT=on, on `store` if given. */
  const commentingBot = (store?: Store) =>
    createTestBot({
      sandbox,
      store,
      operators: [OPERATOR],
      config: { shopIds: [shopId], photoComment: true },
    });

  it("adds one comment per photo or album (1 request), none when off", async () => {
    const bot = await commentingBot();
    const order = nextOrder();
    const before = order.comments.length;
    await bot.handle(botPhoto(bot, { album: "c-album", caption: order.number }));
    bot.resetServiceRequests();
    await bot.handle(botPhoto(bot, { album: "c-album" }));
    expect(bot.serviceRequests()).toBe(0);
    const after = sandbox.store.orders.find((o) => o.id === order.id)?.comments ?? [];
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)?.text).toContain("Device photos were added in Telegram");
    await bot.close();
  });

  /** A memory store whose exactly-once markers are recorded, or refused when `refuse` is set. */
  function markerStore(refuse: boolean): { store: Store; markers: string[] } {
    const inner = createMemoryStore();
    const markers: string[] = [];
    const store: Store = {
      ...inner,
      adapter: <T>(namespace: string, options?: Parameters<Store["adapter"]>[1]) => {
        const adapter = inner.adapter<T>(namespace, options);
        if (namespace !== "dialog-writes") return adapter;
        return {
          read: (key: string) => adapter.read(key),
          delete: (key: string) => adapter.delete(key),
          write: (key: string, value: T) => {
            if (refuse) throw new Error("ENOSPC: no space left on device");
            markers.push(`${key.split(".")[0]} ${(value as { state: string }).state}`);
            return adapter.write(key, value);
          },
        };
      },
    };
    return { store, markers };
  }

  /** A photo from the operator to `bot`, with a caption, maybe in an album. */
  function botPhoto(bot: TestBot, { album, caption }: { album?: string; caption?: string }): Update {
    const from = telegramUser(OPERATOR, { languageCode: "en" });
    return {
      update_id: updateId(),
      message: {
        message_id: bot.telegram.nextMessageId(OPERATOR),
        date: 1,
        chat: { id: OPERATOR, type: "private", first_name: from.first_name },
        from,
        photo: sizes(),
        caption,
        media_group_id: album,
      },
    } as unknown as Update;
  }

  it("writes the comment through the order writer: an exactly-once marker before the request", async () => {
    const { store, markers } = markerStore(false);
    const bot = await commentingBot(store);
    const order = nextOrder();
    const before = order.comments.length;
    await bot.handle(botPhoto(bot, { caption: order.number }));
    expect(markers).toEqual(["comment sending", "comment done"]);
    expect(sandbox.store.orders.find((o) => o.id === order.id)?.comments.length).toBe(before + 1);
    await bot.close();
  });

  it("sends no comment while its marker cannot be stored; the photo is still kept and confirmed", async () => {
    const { store } = markerStore(true);
    const bot = await commentingBot(store);
    const order = nextOrder();
    const before = order.comments.length;
    const calls = await bot.handle(botPhoto(bot, { caption: order.number }));
    expect(sandbox.store.orders.find((o) => o.id === order.id)?.comments.length).toBe(before);
    expect(textsOf(calls).join("\n")).toContain(`Kept 1 photo for order ${order.number}`);
    expect(await createPhotoStore(store).list(order.id)).toHaveLength(1);
    await bot.close();
  });
});
