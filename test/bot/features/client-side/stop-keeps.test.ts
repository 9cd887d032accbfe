/**
 * /stop against the shop's own edits and a service that refuses (issue 33.1, 33.9): the
 * clearing PATCH starts from the record as the service holds it then (a rename, a new
 * type with its required ИНН, the vendor flag made in the CRM after linking all kept),
 * and a clearing the service did not take is kept and retried until it lands; links and
 * unlinks count together against the three a day. The shop's edits go over the sandbox's
 * HTTP API, the refusals through its fault injection.
 */
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { ConsentClearRetry, pendingClears } from "../../../../src/bot/features/client-side/consent-clears.ts";
import { companyType, shopEditsClient } from "../../../helpers/shop-edits.ts";
import { aClient, type ClientBot, contactUpdate, person, startClientBot } from "./setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const lastText = (bot: ClientBot, id: number) => bot.telegram.botMessages(id).at(-1)?.text ?? "";

describe("/stop after the shop edited the client", () => {
  it("keeps the shop's rename, new type with its required ИНН, the vendor flag and every custom field; clears only the consent (ru)", async () => {
    t = await startClientBot();
    const { who } = aClient(t);
    const from = person(5101, "ru");
    await t.handle(contactUpdate(t, from, who.phones[0]!));
    expect(t.sandbox.store.counteragentById.get(who.id)?.isSendTelegram).toBe(true);
    // After linking, the shop renames the client, makes it a company (ИНН required) and a vendor.
    const { typeId, innId, kppId } = companyType(t.sandbox);
    await shopEditsClient(t.sandbox, who.id, {
      name: "ООО «Новое имя»",
      typeCounteragentId: typeId,
      isVendor: true,
      customFields: [
        { id: innId, value: "7701234567" },
        { id: kppId, value: "770101001" },
      ],
    });
    await t.sync();
    t.mark();
    const user = t.user(from.id, { languageCode: "ru" });
    await user.send("/stop");
    expect(user.lastReply()?.text).toContain("Вы отписались");
    const now = t.sandbox.store.counteragentById.get(who.id)!;
    expect(now.isSendTelegram).toBe(false);
    expect(now.name).toBe("ООО «Новое имя»");
    expect(now.typeCounteragentId).toBe(typeId);
    expect(now.isVendor).toBe(true);
    expect(now.isBuyer).toBe(who.isBuyer);
    expect(now.customFields).toEqual(
      expect.arrayContaining([
        { id: innId, value: "7701234567" },
        { id: kppId, value: "770101001" },
      ]),
    );
    // The record read as held now, and the PATCH of the flag.
    expect(t.requests()).toBe(2);
  });

  it("a counteragent the shop already cleared costs the read only (en)", async () => {
    t = await startClientBot();
    const { who } = aClient(t);
    const from = person(5102, "en");
    await t.handle(contactUpdate(t, from, who.phones[0]!));
    await shopEditsClient(t.sandbox, who.id, { isSendTelegram: false, name: "Renamed by the shop" });
    t.mark();
    await t.user(from.id, { languageCode: "en" }).send("/stop");
    expect(lastText(t, from.id)).toContain("unsubscribed");
    expect(t.requests()).toBe(1);
    expect(t.sandbox.store.counteragentById.get(who.id)?.name).toBe("Renamed by the shop");
  });
});

describe("/stop the service does not take", () => {
  const logger = pino({ level: "silent" });

  it("says so truly, keeps the clearing, and retries it until it lands, never twice (en)", async () => {
    t = await startClientBot();
    const { who } = aClient(t);
    const from = person(5110, "en");
    await t.handle(contactUpdate(t, from, who.phones[0]!));
    const user = t.user(from.id, { languageCode: "en" });
    t.sandbox.faults.set({ errorRate: 1 });
    await user.send("/stop");
    expect(user.lastReply()?.text).toContain("has not taken the change yet");
    expect(t.sandbox.store.counteragentById.get(who.id)?.isSendTelegram).toBe(true);
    expect(Object.keys(await pendingClears(t.services))).toEqual([who.id]);
    // A retry made anew (as after a restart: nothing of it lives in memory), while the service still fails.
    const retry = new ConsentClearRetry({ services: t.services, logger });
    await t.clock.advance(61_000);
    await retry.kick();
    expect((await pendingClears(t.services))[who.id]?.attempts).toBe(2);
    expect(t.sandbox.store.counteragentById.get(who.id)?.isSendTelegram).toBe(true);
    // Before its pause is over nothing is tried.
    t.sandbox.faults.clear();
    t.mark();
    await retry.kick();
    expect(t.requests()).toBe(0);
    // The shop renamed the client meanwhile: the clearing keeps it.
    await shopEditsClient(t.sandbox, who.id, { name: "Renamed meanwhile" });
    await t.clock.advance(2 * 60_000 + 1000);
    t.mark();
    await retry.kick();
    expect(t.sandbox.store.counteragentById.get(who.id)?.isSendTelegram).toBe(false);
    expect(t.sandbox.store.counteragentById.get(who.id)?.name).toBe("Renamed meanwhile");
    expect(await pendingClears(t.services)).toEqual({});
    // The check of the unclear attempt, the read as held now, the PATCH.
    expect(t.requests()).toBeLessThanOrEqual(3);
    t.mark();
    await t.clock.advance(60 * 60_000);
    await retry.kick();
    expect(t.requests()).toBe(0);
    await retry.stop();
  });

  it("a quota refusal is retried too (ru); linking again meanwhile cancels the clearing", async () => {
    t = await startClientBot();
    const { who } = aClient(t);
    const from = person(5111, "ru");
    await t.handle(contactUpdate(t, from, who.phones[0]!));
    const user = t.user(from.id, { languageCode: "ru" });
    t.sandbox.faults.set({ burst429: 5 });
    await user.send("/stop");
    expect(user.lastReply()?.text).toContain("пока не приняла");
    expect(Object.keys(await pendingClears(t.services))).toEqual([who.id]);
    t.sandbox.faults.clear();
    // They come back before the retry: the consent stands, nothing is cleared.
    await t.handle(contactUpdate(t, from, who.phones[0]!));
    expect(await pendingClears(t.services)).toEqual({});
    t.mark();
    await t.clock.advance(10 * 60_000);
    await new ConsentClearRetry({ services: t.services, logger }).kick();
    expect(t.requests()).toBe(0);
    expect(t.sandbox.store.counteragentById.get(who.id)?.isSendTelegram).toBe(true);
  });
});

describe("links and unlinks count together", () => {
  it("after a link, an unlink and a link, the next link is refused; /stop still works (en)", async () => {
    t = await startClientBot();
    const { who } = aClient(t);
    const from = person(5120, "en");
    const user = t.user(from.id, { languageCode: "en" });
    await t.handle(contactUpdate(t, from, who.phones[0]!));
    await user.send("/stop");
    await t.handle(contactUpdate(t, from, who.phones[0]!));
    expect(lastText(t, from.id)).not.toContain("try again tomorrow");
    // A withdrawal is never refused, and it counts.
    await user.send("/stop");
    expect(lastText(t, from.id)).toContain("unsubscribed");
    expect(t.sandbox.store.counteragentById.get(who.id)?.isSendTelegram).toBe(false);
    t.mark();
    await t.handle(contactUpdate(t, from, who.phones[0]!));
    expect(lastText(t, from.id)).toContain("try again tomorrow");
    expect(t.requests()).toBe(0);
  });
});
