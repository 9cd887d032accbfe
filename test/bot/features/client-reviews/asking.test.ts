/**
 * Reviews after pick-up (issue 36.6): a linked client is asked once per order, REVIEW_AFTER
 * after the hand-over, at a decent hour in TIMEZONE (a moment at night waits for the
 * morning), across restarts; never one who sent /stop or whose counteragent does not allow
 * Telegram; never with REVIEW_AFTER unset. The test clock starts on a Tuesday.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clientReviews } from "../../../../src/bot/features/client-reviews/records.ts";
import type { TestBot } from "../../../helpers/test-bot.ts";
import { buttonsOf, linked, numberOf } from "../client-side/setup.ts";
import { local, questionsIn, type ReviewBot, restartOf, startReviewBot } from "./setup.ts";

let t: ReviewBot | undefined;
const others: TestBot[] = [];
afterEach(async () => {
  for (const other of others.splice(0)) await other.close();
  await t?.close();
  t = undefined;
});

const reasonOf = async (bot: ReviewBot, orderId: string) =>
  (await bot.store.open(clientReviews).read(orderId))?.reason;
const questionsTo = (bot: TestBot, userId: number) => questionsIn(bot.telegram.botMessages(userId));

describe("asking for a review", () => {
  it("a day after the hand-over, once, in the client's language, with 1-5 ★ (ru)", async () => {
    t = await startReviewBot();
    const { order, user } = await linked(t, 8101, "ru");
    await t.handOver(order.id);
    await t.at(0, 11, 10);
    // Not before REVIEW_AFTER has passed.
    await t.at(1, 10, 30);
    expect(questionsTo(t, user.id)).toHaveLength(0);
    await t.at(1, 11, 10);
    const asked = questionsTo(t, user.id);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.text).toContain(`Заказ <b>${numberOf(t, order.id)}</b>`);
    expect(asked[0]?.text).toContain("Оцените, пожалуйста, от 1 до 5 ★");
    const buttons = buttonsOf(asked[0]);
    expect(buttons).toEqual([1, 2, 3, 4, 5].map((n) => `rv:${encodeURIComponent(order.id)}:${n}`));
    expect(asked[0]?.replyMarkup?.inline_keyboard[0]?.map((b) => b.text)).toEqual([
      "1 ★",
      "2 ★",
      "3 ★",
      "4 ★",
      "5 ★",
    ]);
    // Later looks, and the next days: never again.
    await t.at(1, 11, 20);
    await t.at(1, 15, 0);
    await t.at(2, 12, 0);
    expect(questionsTo(t, user.id)).toHaveLength(1);
  });

  it("a hand-over in the evening is asked about the day after next in the morning, never at night (en)", async () => {
    t = await startReviewBot({ start: local(0, 21, 25) });
    const { order, user } = await linked(t, 8102, "en");
    await t.handOver(order.id);
    await t.at(0, 21, 35);
    await t.at(1, 10, 5);
    await t.at(1, 19, 55);
    // Due at 21:26 the next day: past the decent hours, so not then, nor at night.
    await t.at(1, 21, 30);
    await t.at(1, 23, 50);
    await t.at(2, 3, 0);
    await t.at(2, 9, 55);
    expect(questionsTo(t, user.id)).toHaveLength(0);
    await t.at(2, 10, 1);
    const asked = questionsTo(t, user.id);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.text).toContain(`Order <b>${numberOf(t, order.id)}</b>`);
    expect(asked[0]?.text).toContain("Please rate it from 1 to 5 ★");
  });

  it("a restart between the hand-over and the question, and after it: asked once (ru)", async () => {
    t = await startReviewBot();
    const { order, user } = await linked(t, 8103, "ru");
    await t.handOver(order.id);
    await t.at(0, 11, 10);
    // A new process on the same store and mirror asks; the old one does no more.
    const next = await restartOf(t);
    others.push(next);
    await next.tickAt(1, 11, 10);
    expect(questionsTo(next, user.id)).toHaveLength(1);
    // And another after it, with the first one looking again too.
    const third = await restartOf(t);
    others.push(third);
    await third.tickAt(1, 11, 30);
    await t.at(1, 12, 0);
    await third.tickAt(2, 11, 0);
    const all = [t, next, third].flatMap((bot) => questionsTo(bot, user.id));
    expect(all).toHaveLength(1);
  });

  it("a client who sent /stop is not asked (ru)", async () => {
    t = await startReviewBot();
    const { order, user } = await linked(t, 8104, "ru");
    await t.handOver(order.id);
    await t.at(0, 11, 10);
    await user.send("/stop");
    await t.at(1, 11, 10);
    await t.at(1, 12, 0);
    expect(questionsTo(t, user.id)).toHaveLength(0);
    expect(await reasonOf(t, order.id)).toBe("nobody");
  });

  it("a counteragent the shop marked as not allowing Telegram is not asked (en)", async () => {
    t = await startReviewBot();
    const { who, order, user } = await linked(t, 8105, "en");
    await t.handOver(order.id);
    await t.at(0, 11, 10);
    // The shop turns the flag off in the CRM; the check before the question reads it.
    const record = t.sandbox.store.counteragents.find((c) => c.id === who.id)!;
    record.isSendTelegram = false;
    await t.at(1, 11, 10);
    await t.at(1, 12, 0);
    expect(questionsTo(t, user.id)).toHaveLength(0);
    expect(await reasonOf(t, order.id)).toBe("consent");
  });

  it("REVIEW_AFTER unset: nobody is ever asked (en)", async () => {
    t = await startReviewBot({ reviewAfterMs: null });
    const { order, user } = await linked(t, 8106, "en");
    await t.handOver(order.id);
    await t.at(0, 11, 10);
    await t.at(1, 11, 10);
    await t.at(2, 12, 0);
    await t.at(5, 12, 0);
    expect(questionsTo(t, user.id)).toHaveLength(0);
    expect(await t.store.open(clientReviews).read(order.id)).toBeUndefined();
  });

  it("an order reopened before its time is asked about after its next hand-over; one returned without repair never (ru)", async () => {
    t = await startReviewBot({ config: { returnStatuses: ["Выдан без ремонта"] } });
    const { order, user } = await linked(t, 8107, "ru");
    await t.handOver(order.id);
    await t.at(0, 11, 10);
    // Back to work after the hand-over (a warranty case): no review of it now.
    await t.handOver(order.id, "В работе");
    await t.at(1, 11, 10);
    expect(questionsTo(t, user.id)).toHaveLength(0);
    expect(await reasonOf(t, order.id)).toBe("reopened");
    // Handed over again: asked a day after that one, once.
    await t.handOver(order.id);
    await t.at(1, 11, 20);
    await t.at(2, 11, 30);
    await t.at(3, 11, 0);
    expect(questionsTo(t, user.id)).toHaveLength(1);
    const other = await startReviewBot({ config: { returnStatuses: ["Выдан без ремонта"] } });
    others.push(other);
    const returned = await linked(other, 8108, "ru");
    await other.handOver(returned.order.id, "Выдан без ремонта");
    await other.at(0, 11, 10);
    await other.at(1, 11, 10);
    expect(questionsTo(other, returned.user.id)).toHaveLength(0);
    expect(await other.store.open(clientReviews).read(returned.order.id)).toBeUndefined();
  });
});
