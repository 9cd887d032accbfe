/**
 * Turns a hostile input into the update Telegram would send and hands it to
 * the bot. Returns the API calls the bot made while handling it, and the id of
 * the callback query (when it was one) so the oracle can check it was answered.
 */
import type { Message, Update, User } from "grammy/types";
import { type ApiCall, BOT_INFO, type StoredMessage } from "../helpers/fake-telegram.ts";
import type { TestBot, TestUser } from "../helpers/test-bot.ts";
import { updateId } from "../helpers/updates.ts";
import type { Hostile, MediaKind } from "./hostile.ts";
import type { Prng } from "./prng.ts";

export interface Delivered {
  update: Update;
  calls: ApiCall[];
  /** Set for callback queries. */
  callbackId?: string;
  /** Who actually sent it (a foreign-user callback comes from someone else). */
  sender: TestUser;
  /** The handler threw out of bot.handleUpdate (it must never). */
  thrown?: unknown;
}

export interface Situation {
  /** The owner's newest dialog prompt, if one waits. */
  prompt?: StoredMessage;
  /** Dialog buttons of older prompts and finished dialogs in the owner's chat. */
  stale: { message: StoredMessage; data: string }[];
  /** Users who may press the owner's buttons (viewer, another operator, a stranger). */
  others: TestUser[];
}

const GROUP_CHAT_ID = -100_777;
let callbackCounter = 0;

function asMessage(stored: StoredMessage, firstName = "User"): Message.TextMessage {
  return {
    message_id: stored.messageId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: stored.chatId, type: "private", first_name: firstName },
    from: BOT_INFO,
    text: stored.text,
    reply_markup: stored.replyMarkup,
  };
}

function base(from: User, messageId: number) {
  return {
    message_id: messageId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: from.id, type: "private" as const, first_name: from.first_name },
    from,
  };
}

function mediaUpdate(kind: MediaKind, from: User, messageId: number): Update {
  const file = { file_id: `f${messageId}`, file_unique_id: `u${messageId}` };
  const b = base(from, messageId);
  const update_id = updateId();
  switch (kind) {
    case "sticker":
      return {
        update_id,
        message: {
          ...b,
          sticker: { ...file, type: "regular", width: 512, height: 512, is_animated: false, is_video: false },
        },
      };
    case "photo":
      return {
        update_id,
        message: { ...b, photo: [{ ...file, width: 90, height: 90 }], caption: "<b>1042</b> { $x }" },
      };
    case "document":
      return { update_id, message: { ...b, document: { ...file, file_name: "<script>.pdf" } } };
    case "voice":
      return { update_id, message: { ...b, voice: { ...file, duration: 3 } } };
    case "video":
      return { update_id, message: { ...b, video: { ...file, width: 1, height: 1, duration: 1 } } };
    case "contact":
      return {
        update_id,
        message: { ...b, contact: { phone_number: "+79001234567", first_name: "<b>Eve</b>", user_id: 9 } },
      };
    case "location":
      return { update_id, message: { ...b, location: { latitude: 55.75, longitude: 37.61 } } };
    case "dice":
      return { update_id, message: { ...b, dice: { emoji: "🎲", value: 6 } } };
    case "video_note":
      return { update_id, message: { ...b, video_note: { ...file, length: 240, duration: 2 } } };
  }
}

function callbackUpdate(
  from: User,
  data: string,
  where: { message?: StoredMessage; inlineMessageId?: string; inaccessible?: boolean },
): { update: Update; id: string } {
  const id = `fz${++callbackCounter}`;
  const inaccessible = where.inaccessible && {
    chat: { id: from.id, type: "private" as const, first_name: from.first_name },
    message_id: where.message?.messageId ?? 1,
    date: 0 as const,
  };
  return {
    id,
    update: {
      update_id: updateId(),
      callback_query: {
        id,
        from,
        chat_instance: "fuzz",
        data,
        ...(inaccessible
          ? { message: inaccessible }
          : where.message
            ? { message: asMessage(where.message, from.first_name) }
            : {}),
        inline_message_id: where.inlineMessageId,
      },
    },
  };
}

/** The dialog buttons (data) of a message. */
export function dialogButtons(message: StoredMessage | undefined): string[] {
  return (message?.replyMarkup?.inline_keyboard ?? [])
    .flat()
    .flatMap((b) => ("callback_data" in b && b.callback_data.startsWith("dg:") ? [b.callback_data] : []));
}

export async function deliver(
  t: TestBot,
  owner: TestUser,
  input: Hostile,
  situation: Situation,
  rng: Prng,
): Promise<Delivered> {
  let sender = owner;
  let update: Update;
  let callbackId: string | undefined;
  switch (input.kind) {
    case "text": {
      const messageId = t.telegram.nextMessageId(owner.id);
      t.telegram.registerUserMessage(owner.id, messageId, input.text);
      const command = /^\/[a-z0-9_]+(@\w+)?/i.exec(input.text);
      update = {
        update_id: updateId(),
        message: {
          ...base(owner.from, messageId),
          text: input.text,
          entities: command ? [{ type: "bot_command", offset: 0, length: command[0].length }] : undefined,
        },
      };
      break;
    }
    case "media":
      update = mediaUpdate(input.category, owner.from, t.telegram.nextMessageId(owner.id));
      break;
    case "edited": {
      // The user edits one of their earlier messages (or one that never existed).
      const messageId = rng.int(1, Math.max(1, t.telegram.botMessages(owner.id).length));
      update = {
        update_id: updateId(),
        edited_message: {
          ...base(owner.from, messageId),
          text: input.text,
          edit_date: Math.floor(Date.now() / 1000),
        },
      };
      break;
    }
    case "group": {
      const command = /^\/[a-z0-9_]+(@\w+)?/i.exec(input.text);
      update = {
        update_id: updateId(),
        message: {
          message_id: rng.int(1, 1_000_000),
          date: Math.floor(Date.now() / 1000),
          chat: { id: GROUP_CHAT_ID, type: "group", title: "<b>Shop</b> group" },
          from: owner.from,
          text: input.text,
          entities: command ? [{ type: "bot_command", offset: 0, length: command[0].length }] : undefined,
        },
      };
      break;
    }
    case "inline":
      update = {
        update_id: updateId(),
        inline_query: {
          id: `iq-fz${++callbackCounter}`,
          from: owner.from,
          query: input.query,
          offset: "",
          chat_type: "sender",
        },
      };
      break;
    case "callback": {
      let data = input.data;
      let message: StoredMessage | undefined;
      let inlineMessageId: string | undefined;
      if (input.category === "cb-stale") {
        const stale = situation.stale.length > 0 ? rng.pick(situation.stale) : undefined;
        data = stale?.data ?? "dg:gone:0";
        message = stale?.message;
      } else if (input.category === "cb-foreign-user") {
        // Someone else presses a live button of the owner's current prompt.
        sender = rng.pick(situation.others);
        message = situation.prompt;
        data = dialogButtons(situation.prompt)[0] ?? "dg:gone:0";
        const live = dialogButtons(situation.prompt);
        if (live.length > 0) data = rng.pick(live);
      } else if (input.on === "prompt") {
        message = situation.prompt ?? owner.lastReply();
      } else if (input.on === "old" || input.on === "inaccessible") {
        // A message without dialog buttons (a card, a list): an edit there cannot hide a prompt.
        const older = t.telegram.botMessages(owner.id).filter((m) => dialogButtons(m).length === 0);
        message = older.length > 0 ? rng.pick(older) : undefined;
      } else if (input.on === "inline") {
        inlineMessageId = `inl-${rng.int(1, 1000)}`;
      }
      // Telegram always names the button's message: without one at hand, an inline message
      // (unless the input is a forged callback that names none).
      if (!message && !inlineMessageId && input.on !== "none") inlineMessageId = `inl-${rng.int(1, 1000)}`;
      const built = callbackUpdate(sender.from, data, {
        message,
        inlineMessageId,
        // A message too old for Telegram to show: only its chat and id remain (date 0).
        inaccessible: input.on === "inaccessible",
      });
      update = built.update;
      callbackId = built.id;
      break;
    }
  }
  return handle(t, sender, update, callbackId);
}

async function handle(t: TestBot, sender: TestUser, update: Update, callbackId?: string): Promise<Delivered> {
  const from = t.telegram.calls.length;
  let thrown: unknown;
  try {
    await t.bot.handleUpdate(update);
  } catch (error) {
    thrown = error ?? new Error("undefined was thrown");
  }
  return {
    update,
    calls: t.telegram.calls.slice(from),
    sender,
    callbackId,
    thrown,
  };
}

/** A scripted (valid) text message of `user`. */
export function sendText(t: TestBot, user: TestUser, text: string): Promise<Delivered> {
  const messageId = t.telegram.nextMessageId(user.id);
  t.telegram.registerUserMessage(user.id, messageId, text);
  const command = /^\/[a-z0-9_]+(@\w+)?/i.exec(text);
  return handle(t, user, {
    update_id: updateId(),
    message: {
      ...base(user.from, messageId),
      text,
      entities: command ? [{ type: "bot_command", offset: 0, length: command[0].length }] : undefined,
    },
  });
}

/** A scripted press of a button with `data` on `message`. */
export function pressOn(
  t: TestBot,
  user: TestUser,
  message: StoredMessage,
  data: string,
): Promise<Delivered> {
  const built = callbackUpdate(user.from, data, { message });
  return handle(t, user, built.update, built.id);
}
