/**
 * An approval whose outcome is not known is told truly (issue 33.5): a PATCH
 * that timed out (a proxy lets it land, or drops it, then holds the answer
 * until the client's timeout) says "not sure yet, checking", never "could not
 * pass your answer"; the client is told the outcome once it is known: when the
 * mirror sees the order change, or on the notifier's next check; one read
 * each, never a second PATCH for a write that landed.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  APPROVED,
  awaitingApproval,
  buttonsOf,
  type ClientBot,
  DECLINED,
  linked,
  messagesTo,
  OPERATOR,
  startClientBot,
  statusId,
  WAITING,
} from "./setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const TIMEOUT_MS = 300;
const record = (bot: ClientBot, id: string) => bot.sandbox.store.orders.find((o) => o.id === id)!;

/**
 * A proxy in front of the service: the next PATCH is passed on (`land`) or dropped, and its
 * answer never comes back: the client's own timeout ends the request, as on a stalled network.
 */
function stallingProxy() {
  const next: { mode?: "land" | "drop" } = {};
  const fetchThrough = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const mode = init?.method === "PATCH" ? next.mode : undefined;
    if (!mode) return fetch(input, init);
    next.mode = undefined;
    if (mode === "land") await (await fetch(input, init)).text();
    const signal = init?.signal;
    return new Promise<Response>((_, reject) => {
      if (!signal) return reject(new DOMException("The operation timed out.", "TimeoutError"));
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
  };
  return { next, fetch: fetchThrough as typeof fetch };
}

async function startStalling() {
  const proxy = stallingProxy();
  const bot = await startClientBot({ clientOptions: { fetch: proxy.fetch, timeoutMs: TIMEOUT_MS } });
  return { bot, proxy };
}

describe("an approval whose PATCH timed out", () => {
  it("landed: “not sure yet, checking”, then the sync's change brings “the workshop has your answer”; staff told; never a second PATCH (ru)", async () => {
    const { bot, proxy } = await startStalling();
    t = bot;
    const { order, user } = await linked(t, 6701, "ru");
    await t.services.users.update(OPERATOR, (s) => {
      s.watch.push(order.id);
      s.locale = "ru";
    });
    await awaitingApproval(t, order.id, "3500");
    const offer = user.lastReply();
    proxy.next.mode = "land";
    await user.press("✅ Согласовать");
    expect(record(t, order.id).statusId).toBe(statusId(t, APPROVED));
    const said = messagesTo(t, user.id).at(-1) ?? "";
    expect(said).toContain("Пока неясно, дошёл ли ваш ответ");
    expect(messagesTo(t, user.id).join("\n")).not.toContain("Не удалось передать ответ");
    const before = messagesTo(t, user.id).length;
    t.mark();
    // The mirror's sync sees the order moved on: the answer is checked at once (one GET).
    await t.syncAndNotify();
    const told = messagesTo(t, user.id).slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain("Мастерская получила ваш ответ.");
    expect(told[0]).toMatch(/Вы согласовали ремонт заказа .* на 3\s500 ₽/);
    expect(messagesTo(t, OPERATOR).join("\n")).toContain(APPROVED);
    // Later checks and a press send nothing more: the answer is known.
    await t.clock.advance(5 * 60_000);
    await t.clientNotifier.checkAnswers();
    t.mark();
    await user.pressData(buttonsOf(offer)[0]!, offer);
    expect(t.requests()).toBe(0);
    expect(messagesTo(t, user.id).slice(before)).toHaveLength(1);
    expect(record(t, order.id).comments.filter((c) => c.text.includes("согласовано клиентом"))).toHaveLength(
      1,
    );
  });

  it("dropped: the check finds nothing, the client is told and asked again; the next press sends ONE PATCH (en)", async () => {
    const { bot, proxy } = await startStalling();
    t = bot;
    const { order, user } = await linked(t, 6702, "en");
    await awaitingApproval(t, order.id, "3500");
    await user.press("❌ Decline");
    proxy.next.mode = "drop";
    await user.press("❌ Yes, decline");
    expect(record(t, order.id).statusId).toBe(statusId(t, WAITING));
    expect(messagesTo(t, user.id).at(-1)).toContain("Not sure yet whether your answer");
    const before = t.telegram.botMessages(user.id).length;
    // Not due yet: nothing is read.
    t.mark();
    await t.clientNotifier.checkAnswers();
    expect(t.requests()).toBe(0);
    await t.clock.advance(31_000);
    await t.clientNotifier.checkAnswers();
    expect(t.requests()).toBe(1);
    const told = t.telegram.botMessages(user.id).slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain("did not reach the workshop");
    expect(told[0]?.text).toContain("is waiting for your approval");
    expect(buttonsOf(told[0])).toHaveLength(2);
    t.mark();
    await user.press("❌ Decline", { message: told[0] });
    await user.press("❌ Yes, decline");
    expect(t.requests()).toBe(1);
    expect(record(t, order.id).statusId).toBe(statusId(t, DECLINED));
  });

  it("the service cannot be asked: checked again later; after a day “still not known, please call” with the phone (en)", async () => {
    const { bot, proxy } = await startStalling();
    t = bot;
    const { order, user } = await linked(t, 6703, "en");
    await awaitingApproval(t, order.id, "3500");
    proxy.next.mode = "land";
    await user.press("✅ Approve");
    const before = messagesTo(t, user.id).length;
    t.sandbox.faults.set({ errorRate: 1 });
    await t.clock.advance(31_000);
    await t.clientNotifier.checkAnswers();
    expect(messagesTo(t, user.id).slice(before)).toEqual([]);
    await t.clock.advance(25 * 60 * 60_000);
    await t.clientNotifier.checkAnswers();
    const told = messagesTo(t, user.id).slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain("still not known whether your answer");
    expect(told[0]).toContain("📞");
    // Given up telling, never sending blindly: the service back, a press checks first (one read) and finds it.
    t.sandbox.faults.clear();
    await t.clientNotifier.checkAnswers();
    expect(messagesTo(t, user.id).slice(before)).toHaveLength(1);
    t.mark();
    await user.press("✅ Approve", {
      message: t.telegram.botMessages(user.id).find((m) => buttonsOf(m).length > 0),
    });
    expect(t.requests()).toBe(1);
    expect(messagesTo(t, user.id).join("\n")).toContain("You approved");
    expect(record(t, order.id).comments.filter((c) => c.text.includes("согласовано клиентом"))).toHaveLength(
      1,
    );
  });
});
