/**
 * A repair declined (❌, or the declined status set in the CRM) and a device
 * returned without repair (CLIENT_RETURN_STATUSES, by id or name) are told to
 * the client as what they are: never "handed over", never "ready for pick-up"
 * with the estimate due (issue 32.5, decisions.md "Money").
 */
import { afterEach, describe, expect, it } from "vitest";
import { signPayload } from "../../../../src/bot/ui/signed-payload.ts";
import { parseConfig } from "../../../../src/config/index.ts";
import { statusId as demoStatusId } from "../../../../src/sandbox/demo-reference.ts";
import {
  awaitingApproval,
  type ClientBot,
  DECLINED,
  linked,
  messagesTo,
  numberOf,
  startClientBot,
  statusId,
} from "./setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The client's list as /start shows it: the paragraph of this order. */
async function listed(bot: ClientBot, user: ReturnType<ClientBot["user"]>, orderId: string) {
  await user.send("/start");
  const list = user.replies().at(-1)?.text ?? "";
  return list.split("\n\n").find((part) => part.includes(numberOf(bot, orderId))) ?? "";
}

describe("a declined repair on the client's side", () => {
  it("❌ then “yes”: the list reads “repair declined: the device can be collected”, no estimate, nothing due (en)", async () => {
    t = await startClientBot();
    const { order, user } = await linked(t, 6301, "en");
    await awaitingApproval(t, order.id, "3500");
    await user.press("❌ Decline");
    await user.press("❌ Yes, decline");
    expect(t.sandbox.store.orders.find((o) => o.id === order.id)?.statusId).toBe(statusId(t, DECLINED));
    const text = await listed(t, user, order.id);
    expect(text).toContain("Status: repair declined: the device can be collected");
    expect(text).not.toContain("handed over");
    expect(text).not.toContain("3,500");
    expect(text).not.toContain("Due");
  });

  it("the declined status set in the CRM: told once, “can be collected”, never “ready” nor owed (ru)", async () => {
    t = await startClientBot();
    const { order, user } = await linked(t, 6302, "ru");
    t.sandbox.store.orders.find((o) => o.id === order.id)!.positions.length = 0;
    t.sandbox.others.change(order.id, { approximatePrice: "4200" });
    await t.syncAndNotify();
    const before = messagesTo(t, user.id).length;
    t.sandbox.others.changeStatus(order.id, statusId(t, DECLINED));
    await t.syncAndNotify();
    const told = messagesTo(t, user.id).slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain(`Заказ <b>${numberOf(t, order.id)}</b>`);
    expect(told[0]).toContain("от ремонта отказались: устройство можно забрать");
    expect(told[0]).not.toMatch(/готов|выдан|К оплате|4\s200/);
    const text = await listed(t, user, order.id);
    expect(text).toContain("от ремонта отказались");
    expect(text).not.toMatch(/выдан|Оценка|К оплате/);
  });

  it("the receipt's QR of a declined order says so, with nothing due (en)", async () => {
    t = await startClientBot();
    const { order } = await linked(t, 6303, "en");
    // No works or parts priced: only the estimate, which a declined repair does not owe.
    t.sandbox.store.orders.find((o) => o.id === order.id)!.positions.length = 0;
    t.sandbox.others.change(order.id, { approximatePrice: "3000" });
    t.sandbox.others.changeStatus(order.id, statusId(t, DECLINED));
    await t.syncAndNotify();
    const stranger = t.user(6399, { languageCode: "en" });
    await stranger.send(`/start ${signPayload("receipt", order.id, t.config.botToken)}`);
    const text = stranger.lastReply()?.text ?? "";
    expect(text).toContain("repair declined: the device can be collected");
    expect(text).not.toMatch(/Not ready yet|Due|handed over/);
  });
});

describe("returned without repair (CLIENT_RETURN_STATUSES)", () => {
  it("a closed status named there (by name, any case) reads “returned without repair”, with nothing due (en)", async () => {
    t = await startClientBot({ config: { returnStatuses: ["выдан без ремонта"] } });
    const { order } = await linked(t, 6311, "en");
    t.sandbox.store.orders.find((o) => o.id === order.id)!.positions.length = 0;
    t.sandbox.others.change(order.id, { approximatePrice: "2500" });
    t.sandbox.others.changeStatus(order.id, statusId(t, "Выдан без ремонта"));
    await t.syncAndNotify();
    const holder = t.user(6398, { languageCode: "en" });
    await holder.send(`/start ${signPayload("receipt", order.id, t.config.botToken)}`);
    const text = holder.lastReply()?.text ?? "";
    expect(text).toContain("Status: returned without repair");
    expect(text).not.toMatch(/handed over|Due|2,500|Not ready/);
  });

  it("a ready status named there by id: “no repair: the device can be collected”, never “ready” with the estimate due (ru)", async () => {
    // "Готов без ремонта", by its id in the demo reference.
    const readyWithout = demoStatusId(9);
    t = await startClientBot({ config: { returnStatuses: [readyWithout] } });
    expect(statusId(t, "Готов без ремонта")).toBe(readyWithout);
    const { order, user } = await linked(t, 6312, "ru");
    t.sandbox.store.orders.find((o) => o.id === order.id)!.positions.length = 0;
    t.sandbox.others.change(order.id, { approximatePrice: "1900" });
    await t.syncAndNotify();
    const before = messagesTo(t, user.id).length;
    t.sandbox.others.changeStatus(order.id, readyWithout);
    await t.syncAndNotify();
    const told = messagesTo(t, user.id).slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain("без ремонта: устройство можно забрать");
    expect(told[0]).not.toMatch(/готов, можно забирать|К оплате|1\s900/);
    const text = await listed(t, user, order.id);
    expect(text).toContain("без ремонта: устройство можно забрать");
    expect(text).not.toMatch(/Оценка|К оплате/);
  });

  it("CLIENT_RETURN_STATUSES takes names with spaces and ids, by commas or semicolons", () => {
    const base = { BOT_TOKEN: "1:abc", SERVICE_URL: "http://localhost:1", SERVICE_TOKEN: "x" };
    const parsed = parseConfig({ ...base, CLIENT_RETURN_STATUSES: " Выдан без ремонта , 11; Отказ " });
    expect(parsed.ok && parsed.config.returnStatuses).toEqual(["Выдан без ремонта", "11", "Отказ"]);
    const none = parseConfig(base);
    expect(none.ok && none.config.returnStatuses).toEqual([]);
  });
});
