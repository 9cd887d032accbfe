/**
 * 📥 Request a repair (issue 36.5), the client's side: a linked client answers three
 * short questions, each kept in the store (records.ts `repairDrafts`, an hour), so
 * a restart between two answers loses nothing: the device (their earlier devices,
 * from the mirror, as buttons, or typed), the fault (typed), when they can bring it
 * (today, tomorrow, this week, or typed). The request then lands in the shop's inbox
 * (post.ts) and the client is told they will hear the order's number. A user not
 * linked is asked to share their phone first. 0 requests to the service.
 * Mounted inside the client side before the inbox's part: while a request is being
 * asked, the client's texts are its answers, not messages to the shop.
 */
import { InlineKeyboard, Keyboard } from "grammy";
import type { BotContext } from "../../context.ts";
import { Composer } from "../../middleware/composer.ts";
import { deviceText } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import { writeToUs } from "../client-inbox/callbacks.ts";
import { type ClientLink, clientLinksOf } from "../client-side/links.ts";
import { repairCancel, repairDevice, repairStart, repairWhen } from "./callbacks.ts";
import { ownOrders, postRequest } from "./post.ts";
import { type RepairDraft, repairCounts, repairDrafts, WHEN_CHOICES, type WhenChoice } from "./records.ts";

/** Earlier devices offered as buttons. */
const DEVICES_OFFERED = 6;
const DEVICE_LIMIT = 100;
const FAULT_LIMIT = 1000;
const WHEN_LIMIT = 100;
/** Requests a client may send a day: each one lands in front of the staff. */
const REQUESTS_A_DAY = 3;

export const repairClientPart = new Composer<BotContext>();

const draftsOf = (ctx: BotContext) => ctx.services.store.open(repairDrafts);
const userOf = (ctx: BotContext) => String(ctx.from?.id ?? 0);

repairClientPart.callbackQuery(repairStart.filter, async (ctx) => {
  const link = await clientLinksOf(ctx.services.store).read(ctx.from.id);
  await ctx.answerCallbackQuery();
  if (!link) {
    const keyboard = new Keyboard().requestContact(ctx.t("client-share-button")).resized().oneTime();
    await ctx.reply(ctx.t("repair-share-first"), { reply_markup: keyboard });
    return;
  }
  if (((await ctx.services.store.open(repairCounts).read(userOf(ctx))) ?? 0) >= REQUESTS_A_DAY) {
    await ctx.reply(ctx.t("repair-too-many"));
    return;
  }
  const offered = earlierDevices(ctx, link);
  await draftsOf(ctx).write(userOf(ctx), { step: "device", offered });
  await askDevice(ctx, offered);
});

repairClientPart.callbackQuery(repairDevice.filter, async (ctx) => {
  const draft = await draftsOf(ctx).read(userOf(ctx));
  const index = Number(repairDevice.decode(ctx.callbackQuery.data)?.i ?? "-1");
  const device = draft?.step === "device" && Number.isInteger(index) ? draft.offered[index] : undefined;
  if (!draft || device === undefined) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  await ctx.answerCallbackQuery();
  await next(ctx, { ...draft, step: "fault", device });
});

repairClientPart.callbackQuery(repairWhen.filter, async (ctx) => {
  const draft = await draftsOf(ctx).read(userOf(ctx));
  const choice = WHEN_CHOICES.find((w) => w === repairWhen.decode(ctx.callbackQuery.data)?.w);
  if (draft?.step !== "when" || !choice) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  await ctx.answerCallbackQuery();
  await finish(ctx, draft, { choice });
});

repairClientPart.callbackQuery(repairCancel.filter, async (ctx) => {
  await draftsOf(ctx).delete(userOf(ctx));
  await ctx.answerCallbackQuery();
  await ctx.reply(ctx.t("repair-cancelled"));
});

// ✍️ Write to us: the client turns to a message instead; a request half asked is dropped, the inbox's part goes on.
repairClientPart.callbackQuery(writeToUs.filter, async (ctx, next_) => {
  await draftsOf(ctx).delete(userOf(ctx));
  await next_();
});

// The answers: a text while a request is asked (a command is not one; /start and /stop came before).
repairClientPart.on("message:text", async (ctx, next_) => {
  if (ctx.message.text.startsWith("/")) return next_();
  const draft = await draftsOf(ctx).read(userOf(ctx));
  if (!draft) return next_();
  const text = ctx.message.text.trim();
  const limit = draft.step === "device" ? DEVICE_LIMIT : draft.step === "fault" ? FAULT_LIMIT : WHEN_LIMIT;
  if (text.length < 2 || text.length > limit) {
    await ctx.reply(ctx.t("repair-answer-length", { limit }));
    return;
  }
  if (draft.step === "device") await next(ctx, { ...draft, step: "fault", device: text });
  else if (draft.step === "fault") await next(ctx, { ...draft, step: "when", fault: text });
  else await finish(ctx, draft, { text });
});

/** The client's earlier devices (their orders in the mirror, newest first), each once. */
function earlierDevices(ctx: BotContext, link: ClientLink): string[] {
  const seen = new Map<string, string>();
  for (const order of ownOrders(ctx, link)) {
    const device = deviceText(order)?.slice(0, DEVICE_LIMIT);
    if (device && !seen.has(device.toLowerCase())) seen.set(device.toLowerCase(), device);
  }
  return [...seen.values()].slice(0, DEVICES_OFFERED);
}

const cancelRow = (ctx: BotContext) => [
  { text: ctx.t("repair-btn-cancel"), callback_data: repairCancel.encode({}) },
];

async function askDevice(ctx: BotContext, offered: readonly string[]): Promise<void> {
  const keyboard = new InlineKeyboard();
  offered.forEach((device, i) => {
    keyboard.text(device, repairDevice.encode({ i }));
    if (i % 2 === 1) keyboard.row();
  });
  keyboard.row().add(...cancelRow(ctx));
  await ctx.reply(ctx.t(offered.length > 0 ? "repair-ask-device-earlier" : "repair-ask-device"), {
    reply_markup: keyboard,
  });
}

/** Keeps the answered step and asks the next one. */
async function next(ctx: BotContext, draft: RepairDraft): Promise<void> {
  await draftsOf(ctx).write(userOf(ctx), draft);
  if (draft.step === "fault") {
    await ctx.reply(ctx.t("repair-ask-fault", { device: escapeHtml(draft.device ?? "") }), {
      reply_markup: { inline_keyboard: [cancelRow(ctx)] },
    });
    return;
  }
  const buttons = WHEN_CHOICES.map((w) => ({
    text: ctx.t(`repair-when-${w}`),
    callback_data: repairWhen.encode({ w }),
  }));
  await ctx.reply(ctx.t("repair-ask-when"), { reply_markup: { inline_keyboard: [buttons, cancelRow(ctx)] } });
}

async function finish(ctx: BotContext, draft: RepairDraft, when: { choice: WhenChoice } | { text: string }) {
  const link = await clientLinksOf(ctx.services.store).read(ctx.from?.id ?? 0);
  await draftsOf(ctx).delete(userOf(ctx));
  if (!link || !draft.device || !draft.fault) {
    await ctx.reply(ctx.t("repair-share-first"));
    return;
  }
  await ctx.services.store.open(repairCounts).update(userOf(ctx), (made) => (made ?? 0) + 1);
  const posted = await postRequest(ctx, link, { device: draft.device, fault: draft.fault, when });
  await ctx.reply(ctx.t(posted ? "repair-sent" : "repair-not-sent"));
}
