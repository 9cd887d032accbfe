/**
 * Only the linked client of the order's current counteragent is sent an
 * invoice: the same 💳 pressed by a stranger, by another linked client, or by
 * the first client after the order moved to another counteragent sends none
 * (the press is answered "nothing is due", which tells nothing of the order).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Order as SandboxOrder } from "../../../../src/sandbox/model.ts";
import { chatUser } from "../../../helpers/test-bot.ts";
import { aClient, type ClientBot, contactUpdate, person } from "../client-side/setup.ts";
import { invoiced, startPaymentsBot } from "./setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const nothingDue = {
  ru: "По этому заказу сейчас нечего оплачивать.",
  en: "Nothing is due on this order now.",
};

const lastAnswer = (bot: ClientBot) =>
  bot.telegram.calls.filter((c) => c.method === "answerCallbackQuery").at(-1)?.payload.text;

/** Presses the 💳 of `press` as `userId`, from a message in their own chat. */
async function pressAs(bot: ClientBot, userId: number, lang: "ru" | "en", press: string) {
  const user = bot.user(userId, { languageCode: lang });
  await user.send("/start");
  await user.pressData(press);
  return bot.telegram.invoices(userId);
}

describe.each(["ru", "en"] as const)("who may be sent an invoice (%s)", (lang) => {
  it("a stranger's or another client's press of the 💳: no invoice", async () => {
    t = await startPaymentsBot();
    const { who, press } = await invoiced(t, 7601, lang);
    expect(t.telegram.invoices(7601)).toHaveLength(1);
    // A stranger who never shared a contact.
    expect(await pressAs(t, 7602, lang, press)).toEqual([]);
    expect(lastAnswer(t)).toBe(nothingDue[lang]);
    expect(t.requests()).toBe(0);
    // Another linked client (another counteragent).
    const other = aClient(t, [who.id]).who;
    await t.handle(contactUpdate(t, person(7603, lang), other.phones[0] ?? ""));
    t.mark();
    expect(await pressAs(t, 7603, lang, press)).toEqual([]);
    expect(lastAnswer(t)).toBe(nothingDue[lang]);
    expect(t.requests()).toBe(0);
  });

  it("the order moved to another counteragent: its former client's press sends none", async () => {
    t = await startPaymentsBot();
    const { who, press, record, from } = await invoiced(t, 7611, lang);
    const other = aClient(t, [who.id]).who;
    (record as SandboxOrder).counteragentId = other.id;
    t.sandbox.others.change(record.id, { approximatePrice: "4900" });
    await t.syncAndNotify();
    expect(t.mirror.get(record.id)?.order.counteragent?.id).toBe(other.id);
    const user = chatUser(t.telegram, from, t.handle);
    await user.pressData(press);
    expect(t.telegram.invoices(from.id)).toHaveLength(1);
    expect(lastAnswer(t)).toBe(nothingDue[lang]);
  });
});
