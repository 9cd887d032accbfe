/**
 * The delay of messages sent outside an update, as the operator's figures
 * show it: a linked client's "ready" message observed in
 * repairbot_client_message_delay_seconds (from the sync run that noticed the
 * change to Telegram taking it, on the test's own clock), and a message
 * Telegram refuses (the client blocked the bot) counted as given up. The
 * Telegram refusal is counted by method and code too.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type BotMetrics, createMetrics } from "../../../src/bot/metrics/index.ts";
import { parseMetrics, sampleValue } from "../../helpers/prometheus.ts";
import {
  aClient,
  type ClientBot,
  contactUpdate,
  person,
  startClientBot,
  statusId,
} from "../features/client-side/setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const READY = "Готов";

async function samples(metrics: BotMetrics) {
  return parseMetrics(await metrics.scrape());
}

/** A client linked by their own contact, and one of their open orders. */
async function linkedClient(bot: ClientBot, userId: number) {
  const { who, orders } = aClient(bot);
  const order = orders.find(
    (o) => !["closed", "finish"].includes(bot.sandbox.store.statusById.get(o.statusId)?.group ?? ""),
  );
  if (!order) throw new Error("no open order");
  await bot.handle(contactUpdate(bot, person(userId, "en"), who.phones[0] ?? ""));
  return order;
}

describe("client messages' delay and give-ups", () => {
  it("a ready message sent 7 s after its sync noticed the change is observed as 7 s", async () => {
    const metrics = createMetrics();
    t = await startClientBot({ deps: { metrics } });
    const order = await linkedClient(t, 6101);
    const before = t.telegram.botMessages(6101).length;
    // Not following the mirror: the notifier gets to the change only when kicked below.
    await t.stopNotifiers();
    t.sandbox.others.changeStatus(order.id, statusId(t, READY));
    await t.clock.advance(60_000);
    await t.sync();
    // The notifier gets to it 7 s later (the test's clock).
    await t.clock.advance(7_000);
    await t.clientNotifier.kick();
    expect(t.telegram.botMessages(6101).length).toBe(before + 1);

    const after = await samples(metrics);
    expect(sampleValue(after, "repairbot_client_message_delay_seconds_count")).toBe(1);
    expect(sampleValue(after, "repairbot_client_message_delay_seconds_sum")).toBeCloseTo(7, 0);
    expect(sampleValue(after, "repairbot_client_message_delay_seconds_bucket", { le: "5" })).toBe(0);
    expect(sampleValue(after, "repairbot_client_message_delay_seconds_bucket", { le: "10" })).toBe(1);
    expect(sampleValue(after, "repairbot_messages_given_up_total")).toBeUndefined();
  });

  it("a client who blocked the bot: the message is given up, Telegram's 403 counted by method", async () => {
    const metrics = createMetrics();
    t = await startClientBot({ deps: { metrics } });
    // As in production: the metrics' transformer innermost on bot.api.
    const order = await linkedClient(t, 6102);
    t.telegram.failNext("sendMessage", {
      error_code: 403,
      description: "Forbidden: bot was blocked by the user",
    });
    t.sandbox.others.changeStatus(order.id, statusId(t, READY));
    await t.syncAndNotify();

    const after = await samples(metrics);
    expect(sampleValue(after, "repairbot_messages_given_up_total", { channel: "client" })).toBe(1);
    expect(sampleValue(after, "repairbot_client_message_delay_seconds_count")).toBe(0);
    expect(
      sampleValue(after, "repairbot_telegram_api_errors_total", { method: "sendMessage", code: "403" }),
    ).toBe(1);
    expect(metrics.telegramState().lastAnswerAt).toBeGreaterThan(0);
  });
});
