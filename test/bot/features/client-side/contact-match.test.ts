/**
 * Matching a client's own contact is exact and safe (issue 33.8): Telegram's anonymous
 * +888 numbers (no valid number for the phone library) never meet a CRM placeholder
 * such as 8 888 888-88-88, and a number held by more counteragents than one person
 * plausibly is (4) links none of them and sends the client to the shop; both at 0
 * consent writes. The CRM's phones are set over the sandbox's HTTP API.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Counteragent } from "../../../../src/sandbox/model.ts";
import { shopEditsClient, shopTouchesOrders } from "../../../helpers/shop-edits.ts";
import { aClient, type ClientBot, contactUpdate, person, startClientBot } from "./setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const lastText = (bot: ClientBot, id: number) => bot.telegram.botMessages(id).at(-1)?.text ?? "";

/** `count` clients with visible orders of the workshop the mirror holds. */
function clientsWithOrders(bot: ClientBot, count: number): Counteragent[] {
  const { store } = bot.sandbox;
  const found = store.counteragents.filter((who) =>
    store.orders.some(
      (o) => o.isVisible && o.counteragentId === who.id && o.shopId === bot.shopId && bot.mirror.get(o.id),
    ),
  );
  if (found.length < count) throw new Error("not enough clients with orders");
  return found.slice(0, count);
}

describe("Telegram's anonymous numbers", () => {
  it("+888 8888 8888 does not link the client whose CRM phone is 8 888 888-88-88 (en, ru); 0 requests", async () => {
    t = await startClientBot();
    const { who } = aClient(t);
    const consent = t.sandbox.store.counteragentById.get(who.id)?.isSendTelegram;
    await shopEditsClient(t.sandbox, who.id, { phones: ["8 888 888-88-88"] });
    shopTouchesOrders(t.sandbox, who.id);
    await t.syncAndNotify();
    t.mark();
    const en = person(5201, "en");
    for (const shared of ["+888 8888 8888", "88888888888", "+88888888888"]) {
      await t.handle(contactUpdate(t, en, shared));
      expect(lastText(t, en.id), shared).toContain("No orders were found");
    }
    const ru = person(5202, "ru");
    await t.handle(contactUpdate(t, ru, "+888 8888 8888"));
    expect(lastText(t, ru.id)).toContain("заказов не нашлось");
    await t.user(en.id, { languageCode: "en" }).send("/start");
    expect(lastText(t, en.id)).not.toContain("Your order");
    expect(t.requests()).toBe(0);
    expect(t.sandbox.store.counteragentById.get(who.id)?.isSendTelegram).toBe(consent);
  });
});

describe("a number several clients hold", () => {
  const shared = "+7 916 123-45-67";

  it("held by 4 counteragents: links none and tells the client to ask the shop (en, ru); 0 requests", async () => {
    t = await startClientBot();
    const four = clientsWithOrders(t, 4);
    for (const who of four) {
      await shopEditsClient(t.sandbox, who.id, { phones: [shared], isSendTelegram: false });
      shopTouchesOrders(t.sandbox, who.id);
    }
    await t.syncAndNotify();
    t.mark();
    const en = person(5210, "en");
    await t.handle(contactUpdate(t, en, "79161234567"));
    expect(lastText(t, en.id)).toContain("several clients");
    expect(lastText(t, en.id)).toContain("ask the workshop");
    const ru = person(5211, "ru");
    await t.handle(contactUpdate(t, ru, "89161234567"));
    expect(lastText(t, ru.id)).toContain("у нескольких клиентов");
    await t.user(ru.id, { languageCode: "ru" }).send("/stop");
    expect(lastText(t, ru.id)).toContain("не подписаны");
    expect(t.requests()).toBe(0);
    for (const who of four) expect(t.sandbox.store.counteragentById.get(who.id)?.isSendTelegram).toBe(false);
  });

  it("held by 3 (one person in the CRM three times): all three are linked, one consent each (en)", async () => {
    t = await startClientBot();
    const three = clientsWithOrders(t, 3);
    for (const who of three) {
      await shopEditsClient(t.sandbox, who.id, { phones: [shared], isSendTelegram: false });
      shopTouchesOrders(t.sandbox, who.id);
    }
    await t.syncAndNotify();
    t.mark();
    const en = person(5212, "en");
    await t.handle(contactUpdate(t, en, "79161234567"));
    expect(
      t.telegram
        .botMessages(en.id)
        .map((m) => m.text)
        .join("\n"),
    ).toContain("Done");
    for (const who of three) expect(t.sandbox.store.counteragentById.get(who.id)?.isSendTelegram).toBe(true);
    expect(t.requests()).toBeLessThanOrEqual(6);
  });
});
