/**
 * The receipt's QR and abuse (CLIENTS=on): `/start r…` shows one order's public
 * status (device, status, ready or not, what is due) without a name or a phone,
 * with a "get updates" offer; a forged or cut payload, or a label's, shows
 * nothing. 200 strangers typing numbers for two minutes spend 0 requests and
 * learn nothing; a user over the message rate is answered once, then ignored.
 */
import { afterEach, describe, expect, it } from "vitest";
import { labelPayload } from "../../../../src/bot/features/label/payload.ts";
import { signPayload } from "../../../../src/bot/ui/signed-payload.ts";
import { parseConfig } from "../../../../src/config/index.ts";
import { aClient, type ClientBot, numberOf, startClientBot } from "./setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("the receipt's QR", () => {
  it("shows that one order's public status with no name and no phone, and offers updates (en, ru)", async () => {
    t = await startClientBot();
    const { who, orders } = aClient(t);
    const order = orders[0]!;
    const payload = signPayload("receipt", order.id, t.config.botToken)!;
    for (const [id, lang, ready] of [
      [7001, "en", /Ready for pick-up|Not ready yet/],
      [7002, "ru", /Готов, можно забирать|Ещё не готов/],
    ] as const) {
      const user = t.user(id, { languageCode: lang });
      await user.send(`/start ${payload}`);
      const reply = user.lastReply();
      expect(reply?.text).toContain(numberOf(t, order.id));
      expect(reply?.text).toMatch(ready);
      expect(reply?.text).not.toContain(who.name);
      expect(reply?.text).not.toContain(who.phones[0]!);
      expect(reply?.text).not.toMatch(/\+?7\d{10}/);
      // Only this order: no other number of the shop.
      expect(reply?.text.match(/[А-ЯA-Z]\d{6}/g)).toEqual([numberOf(t, order.id)]);
      expect(reply?.replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toEqual([
        lang === "en" ? "📱 Get updates" : "📱 Получать новости",
      ]);
    }
    // The offer leads to the contact request.
    const user = t.user(7001, { languageCode: "en" });
    await user.press("📱 Get updates");
    expect(user.lastReply()?.text).toContain("share your phone number");
    expect(t.requests()).toBe(0);
  });

  it("a forged, cut or label's payload shows nothing (en)", async () => {
    t = await startClientBot();
    const { orders } = aClient(t);
    const order = orders[0]!;
    const genuine = signPayload("receipt", order.id, t.config.botToken)!;
    const other = t.sandbox.store.orders.find((o) => o.id !== order.id && t!.mirror.get(o.id))!;
    const walked = `${genuine.slice(0, 13)}${Buffer.from(other.id).toString("base64url")}`;
    const user = t.user(7003, { languageCode: "en" });
    for (const payload of [
      walked,
      genuine.slice(0, -2),
      `r${"A".repeat(30)}`,
      `r${labelPayload(order.id, t.config.botToken)!.slice(1)}`,
    ]) {
      await user.send(`/start ${payload}`);
      expect(user.lastReply()?.text).toBe("The bot does not know this receipt.");
    }
    expect(t.requests()).toBe(0);
  });
});

describe("abuse", () => {
  it("200 strangers typing numbers for 2 minutes spend 0 requests and learn nothing (ru, en)", async () => {
    t = await startClientBot();
    const { who, orders } = aClient(t);
    const guesses = [
      numberOf(t, orders[0]!.id),
      who.phones[0]!,
      who.phones[0]!.replace(/\D/g, "").slice(-4),
      "1042",
      "#1",
      who.name,
    ];
    const numbers = t.sandbox.store.orders.map((o) => numberOf(t!, o.id)).filter(Boolean);
    const users = Array.from({ length: 200 }, (_, i) =>
      t!.user(8000 + i, { languageCode: i % 2 === 0 ? "ru" : "en" }),
    );
    // Two minutes: each stranger sends a message every 10 seconds.
    for (let tick = 0; tick < 12; tick++) {
      await Promise.all(users.map((u, i) => u.send(guesses[(i + tick) % guesses.length]!)));
      await t.clock.advance(10_000);
    }
    expect(t.requests()).toBe(0);
    for (const u of users.slice(0, 20)) {
      const said = u
        .replies()
        .map((m) => m.text)
        .join("\n");
      expect(said).not.toContain(who.name);
      for (const n of numbers) expect(said).not.toContain(n);
    }
  });

  it("a user over the message rate is told once, then ignored until the minute is over (en)", async () => {
    t = await startClientBot({ clients: { ratePerMinute: 5 } });
    const user = t.user(7100, { languageCode: "en" });
    for (let i = 0; i < 9; i++) await user.send(`${i}`);
    const said = user.replies().map((m) => m.text);
    expect(said).toHaveLength(6);
    expect(said.at(-1)).toContain("Too many messages");
    await t.clock.advance(61_000);
    await user.send("hello");
    expect(user.lastReply()?.text).toContain("/start");
  });
});

describe("configuration", () => {
  const base = { BOT_TOKEN: "123:abc" };
  it("CLIENTS=on with MIRROR=off refuses to start with one clear line", () => {
    const result = parseConfig({ ...base, CLIENTS: "on", MIRROR: "off" });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors).toEqual(["CLIENTS=on needs the order mirror: set MIRROR=on (or CLIENTS=off)"]);
  });
  it("CLIENTS is off by default; the approval statuses go together", () => {
    const off = parseConfig(base);
    expect(off.ok && off.config.clients?.enabled).toBe(false);
    const half = parseConfig({ ...base, CLIENTS: "on", CLIENT_APPROVAL_STATUS: "7" });
    expect(half.ok).toBe(false);
    const whole = parseConfig({
      ...base,
      CLIENTS: "on",
      CLIENT_APPROVAL_STATUS: "7",
      CLIENT_APPROVED_STATUS: "Согласовано, предоплата",
      CLIENT_DECLINED_STATUS: "12",
      SHOP_HOURS: "Пн–Пт 10–19",
    });
    expect(whole.ok && whole.config.clients).toMatchObject({
      enabled: true,
      approval: { waiting: "7", approved: "Согласовано, предоплата", declined: "12" },
    });
  });
});
