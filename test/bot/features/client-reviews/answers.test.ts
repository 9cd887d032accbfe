/**
 * A review's answer (issue 36.6): 4-5 ★ get REVIEW_URL with thanks; 3 ★ or less reach the
 * owners (the order, the master, the stars, in the owner's language) with the client's
 * words, and the client is told the owner will call; a forged, repeated or foreign press
 * does nothing and costs no request; /report shows a master's average stars.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clientReviews } from "../../../../src/bot/features/client-reviews/records.ts";
import { linked, numberOf } from "../client-side/setup.ts";
import {
  aMaster,
  OWNER,
  questionsIn,
  REVIEW_URL,
  type ReviewBot,
  reviewsToOwner,
  startReviewBot,
} from "./setup.ts";

let t: ReviewBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A linked client whose order was handed over and who was asked about it (the master set first when given). */
async function asked(bot: ReviewBot, userId: number, languageCode: "ru" | "en", masterId?: string) {
  const client = await linked(bot, userId, languageCode);
  if (masterId) bot.sandbox.others.assign(client.order.id, { masterId });
  await bot.handOver(client.order.id);
  await bot.at(0, 11, 10);
  await bot.at(1, 11, 10);
  const question = questionsIn(bot.telegram.botMessages(userId)).at(-1);
  if (!question) throw new Error("not asked");
  bot.mark();
  return { ...client, question };
}

/** The master's name as the order's record holds it (never empty: a test on "" would prove nothing). */
function masterName(bot: ReviewBot, orderId: string): string {
  const name = bot.mirror.get(orderId)?.order.master?.name;
  if (!name) throw new Error(`order ${orderId} has no master's name`);
  return name;
}

describe("the client's stars", () => {
  it("5 ★: thanks and the shop's review page as a button; the owners hear nothing; 0 requests (ru)", async () => {
    t = await startReviewBot();
    const { user } = await asked(t, 8201, "ru");
    await user.press("5 ★");
    const reply = user.lastReply();
    expect(reply?.text).toContain("Спасибо за 5 ★!");
    const button = reply?.replyMarkup?.inline_keyboard[0]?.[0];
    expect(button).toMatchObject({ text: "⭐ Оставить отзыв", url: REVIEW_URL });
    expect(reviewsToOwner(t)).toEqual([]);
    expect(t.requests()).toBe(0);
  });

  it("2 ★ and a few words: the owners read the order, the master, the stars and the words in their language (client ru, owner en)", async () => {
    t = await startReviewBot();
    await t.services.users.update(OWNER, (s) => {
      s.locale = "en";
    });
    const master = aMaster(t);
    const { order, user } = await asked(t, 8202, "ru", master);
    await user.press("2 ★");
    expect(user.lastReply()?.text).toContain("владелец мастерской вам позвонит");
    const number = numberOf(t, order.id);
    const first = reviewsToOwner(t);
    expect(first).toHaveLength(1);
    expect(first[0]).toContain(`A low rating from a client: ★★☆☆☆ (2 of 5), order <b>${number}</b>`);
    expect(first[0]).toContain(`Master: ${masterName(t, order.id)}`);
    expect(first[0]).toContain("The client was told the owner will call");
    await user.send("Экран снова мерцает");
    expect(user.lastReply()?.text).toContain("Спасибо, ваши слова переданы владельцу");
    const told = reviewsToOwner(t);
    // The words follow once, as a review's words: not also as an inbox message.
    expect(told).toHaveLength(2);
    expect(told[1]).toContain("(2 of 5)");
    expect(told[1]).toContain(`Master: ${masterName(t, order.id)}`);
    expect(told[1]).toContain("💬 The client's words: Экран снова мерцает");
    expect(t.telegram.botMessages(OWNER).filter((m) => m.text.includes("Экран снова мерцает"))).toHaveLength(
      1,
    );
    const review = await t.store.open(clientReviews).read(order.id);
    expect(review).toMatchObject({ state: "answered", stars: 2, words: "Экран снова мерцает" });
    expect(t.requests()).toBe(0);
  });

  it("3 ★ without words (en): the owners are told, in Russian by default; a command after it is no words (en)", async () => {
    t = await startReviewBot();
    const { order, user } = await asked(t, 8203, "en");
    await user.press("3 ★");
    expect(user.lastReply()?.text).toContain("the workshop's owner will call you");
    const told = reviewsToOwner(t);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain(`Низкая оценка клиента: ★★★☆☆ (3 из 5), заказ <b>${numberOf(t, order.id)}</b>`);
    await user.send("/start");
    expect(reviewsToOwner(t)).toHaveLength(1);
    expect((await t.store.open(clientReviews).read(order.id))?.words).toBeUndefined();
  });
});

describe("presses that are not the asked client's answer", () => {
  it("forged, foreign and repeated presses change nothing and cost no request (ru)", async () => {
    t = await startReviewBot();
    const a = await asked(t, 8211, "ru");
    // Another linked client (another order, not asked about this one).
    const b = await linked(t, 8212, "ru");
    t.mark();
    const id = encodeURIComponent(a.order.id);
    const toast = (calls: { method: string; payload: Record<string, unknown> }[]) =>
      calls.find((c) => c.method === "answerCallbackQuery")?.payload.text;
    expect(toast(await b.user.pressData(`rv:${id}:1`))).toBe(t.services.i18n.t("ru", "stale-button"));
    for (const data of [`rv:${id}:9`, `rv:${id}:0`, "rv:no-such-order:5", `rv:${id}`, `rv:${id}:1.5`])
      await a.user.pressData(data, a.question);
    const reviews = t.store.open(clientReviews);
    expect((await reviews.read(a.order.id))?.state).toBe("asked");
    await a.user.press("4 ★", { message: a.question });
    expect(a.user.lastReply()?.text).toContain("Спасибо за 4 ★!");
    // Pressed again (the old message, another star): already answered, nothing changes.
    const again = await a.user.pressData(`rv:${id}:1`, a.question);
    expect(toast(again)).toBe(t.services.i18n.t("ru", "review-already"));
    expect(await reviews.read(a.order.id)).toMatchObject({ state: "answered", stars: 4, by: a.user.id });
    expect(reviewsToOwner(t)).toEqual([]);
    expect(t.requests()).toBe(0);
  });
});

describe("/report", () => {
  it("shows a master's average stars beside their figures (en, then ru)", async () => {
    t = await startReviewBot();
    await t.services.users.update(OWNER, (s) => {
      s.locale = "en";
    });
    const master = aMaster(t);
    const first = await asked(t, 8221, "ru", master);
    await first.user.press("5 ★");
    const { who } = first;
    // A second client of the same master (not the first one's counteragent).
    const second = await linkedOther(t, 8222, who.id);
    t.sandbox.others.assign(second.order.id, { masterId: master });
    await t.handOver(second.order.id);
    await t.at(1, 11, 20);
    await t.at(2, 11, 30);
    await second.user.press("4 ★");
    const owner = t.user(OWNER, { languageCode: "en" });
    await owner.send("/report");
    await owner.press("This week");
    const report =
      owner
        .replies()
        .filter((m) => m.text.includes("Masters"))
        .at(-1)?.text ?? "";
    const name = masterName(t, first.order.id);
    const line = report.split("\n").find((l) => l.includes(name)) ?? "";
    expect(line).toMatch(/: 2 · .* · ★ 4\.5 \(2 reviews\)$/);
    // The same in Russian, for an owner who reads it.
    const ru = t.user(OWNER, { languageCode: "ru" });
    await t.services.users.update(OWNER, (s) => {
      s.locale = "ru";
    });
    await ru.send("/report");
    await ru.press("Неделя");
    const russian =
      ru
        .replies()
        .filter((m) => m.text.includes("Мастера"))
        .at(-1)?.text ?? "";
    expect(russian).toContain(`${name}: 2 · `);
    expect(russian).toContain("★ 4,5 (2 отзыва)");
  });
});

/** A client linked who is not `skip`'s counteragent, and one of their open orders. */
async function linkedOther(bot: ReviewBot, userId: number, skip: string) {
  const { aClient, contactUpdate, person } = await import("../client-side/setup.ts");
  const { who, orders } = aClient(bot, [skip]);
  const order = orders.find(
    (o) => !["closed", "finish"].includes(bot.sandbox.store.statusById.get(o.statusId)?.group ?? ""),
  )!;
  const from = person(userId, "en");
  await bot.handle(contactUpdate(bot, from, who.phones[0]!));
  return { who, order, user: bot.user(userId, { languageCode: "en" }) };
}
