/**
 * Opens /new dialogs up to a mid step (order type chosen, the client asked)
 * for many users, each in their own private chat, through the real bot.
 */
import type { Message } from "grammy/types";
import { BOT_INFO, type FakeTelegram } from "../test/helpers/fake-telegram.ts";
import { callbackUpdate, messageUpdate, telegramUser } from "../test/helpers/updates.ts";
import type { RemoteBot } from "./remote-bot.ts";

const ORDER_TYPE = "Платный ремонт";

function lastBotMessage(telegram: FakeTelegram, chatId: number) {
  const message = telegram.botMessages(chatId).at(-1);
  if (!message) throw new Error(`bench: the bot said nothing in chat ${chatId}`);
  return message;
}

export async function openDialog(bot: RemoteBot, telegram: FakeTelegram, userId: number): Promise<void> {
  const from = telegramUser(userId, { languageCode: "en" });
  const messageId = telegram.nextMessageId(userId);
  telegram.registerUserMessage(userId, messageId, "/new");
  await bot.handleUpdate(messageUpdate(from, "/new", messageId));
  const prompt = lastBotMessage(telegram, userId);
  const button = prompt.replyMarkup?.inline_keyboard.flat().find((b) => b.text === ORDER_TYPE);
  if (!button || !("callback_data" in button)) throw new Error(`bench: no "${ORDER_TYPE}" button`);
  const message: Message.TextMessage = {
    message_id: prompt.messageId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: userId, type: "private", first_name: from.first_name },
    from: BOT_INFO,
    text: prompt.text,
    reply_markup: prompt.replyMarkup,
  };
  await bot.handleUpdate(callbackUpdate(from, button.callback_data, message));
  const asked = lastBotMessage(telegram, userId).text;
  if (!asked.includes("Client:")) throw new Error(`bench: dialog not at the client step: ${asked}`);
}

/**
 * Chats are independent (the bot runs them in parallel), so dialogs open 50 at
 * a time: conversations v2 waits on a timer at the end of each replay, which
 * would otherwise make the bench mostly idle.
 */
export async function openDialogs(
  bot: RemoteBot,
  telegram: FakeTelegram,
  userIds: readonly number[],
  parallel = 50,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < userIds.length; i = next++) {
      await openDialog(bot, telegram, userIds[i] ?? 0);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}
