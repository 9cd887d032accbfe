/**
 * The one order reader, with the mirror on and off against one sandbox: /my,
 * /overdue and search list the same orders in both modes; the reader's
 * contract for both implementations; misses that cost no request (a number far
 * above the newest, a number the service said it does not have); one user's
 * share of the quota window; ru and en.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ListQuery } from "../../../src/bot/orders/list-query.ts";
import type { Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import { isServiceError } from "../../../src/service/index.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";
import { createTestBot, type TestBot } from "../../helpers/test-bot.ts";

let on: MirrorBot;
let off: TestBot;

beforeAll(async () => {
  on = await createMirrorBot({ operators: [1, 2], orders: 150 });
  // The same sandbox and clock with MIRROR=off.
  off = await createTestBot({ sandbox: on.sandbox, clock: on.clock, operators: [1, 2] });
});
afterAll(async () => {
  await off.close();
  await on.close();
});

const modes = () =>
  [
    ["on", on],
    ["off", off],
  ] as const;

function visible(): SandboxOrder[] {
  return on.sandbox.store.orders.filter((o) => o.isVisible);
}
/** The alert a button press was answered with. */
const alertOf = (calls: { method: string; payload: unknown }[]) =>
  (calls.find((c) => c.method === "answerCallbackQuery")?.payload as { text?: string; show_alert?: boolean })
    ?.text ?? "";
const nameOf = (order: SandboxOrder) =>
  on.sandbox.store.counteragentById.get(order.counteragentId)?.name ?? "";

/** A closed order not changed in the mirror's backfill days (30). */
function isOldClosed(id: string): boolean {
  const { store } = on.sandbox;
  const order = store.orderById.get(id);
  const group = order && store.statusById.get(order.statusId)?.group;
  return group === "closed" && (order?.lastAction ?? 0) < on.clock.now().getTime() - 30 * 86_400_000;
}

/** Every order id of a list, all its pages, through a bot's reader. */
async function idsOf(bot: TestBot, query: ListQuery): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; page < 20; page++) {
    const got = await bot.services.orders.page(query, { page, pageSize: 48 });
    ids.push(...got.items.map((o) => o.id));
    if (got.checked >= got.total || got.items.length === 0) break;
  }
  return ids.sort();
}

/** An employee with open orders both as master and as manager somewhere. */
function busyEmployee(): string {
  const counts = new Map<string, number>();
  for (const o of visible()) {
    for (const id of [o.masterId, o.managerId]) if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

describe("the same orders with MIRROR=on and off", () => {
  it("/overdue lists the same orders", async () => {
    const mirror = await idsOf(on, { kind: "overdue" });
    expect(mirror.length).toBeGreaterThan(0);
    expect(await idsOf(off, { kind: "overdue" })).toEqual(mirror);
  });

  it("/my lists the same orders of an employee (master or manager)", async () => {
    const employeeId = busyEmployee();
    const mirror = await idsOf(on, { kind: "mine", employeeId });
    expect(mirror.length).toBeGreaterThan(0);
    expect(await idsOf(off, { kind: "mine", employeeId })).toEqual(mirror);
  });

  it("search by a client's name lists the same orders", async () => {
    const recent = [...visible()].sort((a, b) => b.dateCreate - a.dateCreate);
    let compared = 0;
    for (const order of recent.slice(0, 5)) {
      const surname = nameOf(order).split(" ")[0] ?? "";
      if (surname.length < 3) continue;
      const mirror = await idsOf(on, { kind: "search", text: surname });
      expect(mirror, surname).toContain(order.id);
      const service = await idsOf(off, { kind: "search", text: surname });
      // The mirror holds the orders changed in the last 30 days and every open one (MIRROR_BACKFILL_DAYS):
      // what only the service finds is a closed order untouched since, and nothing else.
      const onlyService = service.filter((id) => !mirror.includes(id));
      for (const id of onlyService) {
        expect(on.mirror.get(id), id).toBeUndefined();
        expect(isOldClosed(id), id).toBe(true);
      }
      expect(service.filter((id) => !onlyService.includes(id))).toEqual(mirror);
      compared++;
    }
    expect(compared).toBeGreaterThan(0);
  });

  it("search by a phone (any format) lists the same orders: the service's counteragent `phone`", async () => {
    const order = [...visible()].sort((a, b) => b.dateCreate - a.dateCreate)[0]!;
    const phone = on.sandbox.store.counteragentById.get(order.counteragentId)?.phones[0] ?? "";
    const digits = phone.replace(/\D/g, "");
    const typed = `8 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
    const mirror = await idsOf(on, { kind: "search", text: typed });
    expect(mirror).toContain(order.id);
    const before = on.sandbox.requestCount();
    const service = await idsOf(off, { kind: "search", text: typed });
    // One request finds the client, one more lists each client's orders.
    expect(on.sandbox.requestCount() - before).toBe(2);
    expect(service.filter((id) => !isOldClosed(id))).toEqual(mirror);
  });

  it("the bot answers /my, /overdue and /find alike in both modes (en), /my with the mirror off too", async () => {
    const employeeId = busyEmployee();
    // A client whose orders the mirror all holds (see above for the others).
    const surname = [...visible()]
      .sort((a, b) => b.dateCreate - a.dateCreate)
      .map((o) => nameOf(o).split(" ")[0] ?? "")
      .find(
        (name) =>
          name.length >= 3 && visible().every((o) => !nameOf(o).includes(name) || on.mirror.get(o.id)),
      )!;
    const answers: { on: string[]; off: string[] } = { on: [], off: [] };
    for (const [mode, bot] of modes()) {
      await bot.services.users.update(1, (s) => {
        s.employee = { id: employeeId, name: "Staff" };
      });
      const user = bot.user(1, { languageCode: "en" });
      for (const command of ["/my", "/overdue", `/find ${surname}`]) {
        await user.send(command);
        // The mirror finds the clients too (no request); the orders' answer is the same.
        answers[mode].push((user.lastReply()?.text ?? "").split("\n\n👤 Clients found")[0] ?? "");
      }
    }
    expect(answers.off).toEqual(answers.on);
    expect(answers.off[0]).toContain("My open orders");
    expect(answers.off[0]).not.toContain("mirror");
  });
});

describe("the reader's contract, both implementations", () => {
  it.each(["on", "off"] as const)("MIRROR=%s: by id, by number, held records, not found", async (mode) => {
    const bot = mode === "on" ? on : off;
    const order = [...visible()].sort((a, b) => b.dateCreate - a.dateCreate)[0]!;
    const byId = await bot.services.orders.byId(order.id);
    expect(byId.order.number).toBe(order.number);
    const byNum = await bot.services.orders.page(
      { kind: "num", num: order.num, text: String(order.num) },
      { page: 1, pageSize: 48 },
    );
    expect(byNum.items.map((o) => o.id)).toContain(order.id);
    const held = bot.services.orders.held(order.id);
    if (mode === "on") {
      expect(held?.order.id).toBe(order.id);
      expect(held?.asOf).toBeInstanceOf(Date);
      expect(bot.services.orders.heldCount()).toBeGreaterThan(0);
      expect(bot.services.orders.instant(order.number, 5)?.[0]?.order.id).toBe(order.id);
    } else {
      // The service-backed reader holds nothing: a saved list's record stands.
      expect(held).toBeUndefined();
      expect(bot.services.orders.heldCount()).toBeUndefined();
      expect(bot.services.orders.instant(order.number, 5)).toBeUndefined();
    }
    const missing = await bot.services.orders.byId("no-such-order").catch((error: unknown) => error);
    expect(isServiceError(missing) && missing.kind).toBe("not_found");
  });
});

describe("misses do not drain the quota", () => {
  const highest = () => Math.max(...visible().map((o) => o.num));

  it.each(["on", "off"] as const)(
    "MIRROR=%s: a number far above the newest costs no request (en, ru)",
    async (mode) => {
      const bot = mode === "on" ? on : off;
      const en = bot.user(1, { languageCode: "en" });
      const newest = visible().find((o) => o.num === highest())!;
      await en.send(String(newest.num)); // the reader sees the newest order
      const typo = newest.num * 100 + 7; // six digits where numbers have four
      // Bare digits that find no order search the clients' phones too: free with the mirror, one request without.
      const phoneSearch = mode === "on" ? 0 : 1;
      const before = on.sandbox.requestCount();
      await en.send(String(typo));
      expect(on.sandbox.requestCount() - before).toBe(phoneSearch);
      expect(en.lastReply()?.text).toContain(`No order with the number <b>${typo}</b>`);
      expect(en.lastReply()?.text).toContain(`The newest order is <b>${newest.number}</b>`);
      const ru = bot.user(2, { languageCode: "ru" });
      await ru.send(`/order ${typo + 1}`);
      expect(on.sandbox.requestCount() - before).toBe(phoneSearch);
      expect(ru.lastReply()?.text).toContain(`Самый новый заказ — <b>${newest.number}</b>`);
    },
  );

  it.each(["on", "off"] as const)(
    "MIRROR=%s: a number the service does not have, asked twice, costs 1",
    async (mode) => {
      const bot = mode === "on" ? on : off;
      const user = bot.user(1, { languageCode: "en" });
      const absent = highest() + (mode === "on" ? 3 : 4);
      const before = on.sandbox.requestCount();
      await user.send(String(absent));
      await user.send(`/order ${absent}`);
      await user.send(String(absent));
      // The number once; without the mirror its digits' phone search once too (both remembered).
      expect(on.sandbox.requestCount() - before).toBe(mode === "on" ? 1 : 2);
      expect(user.lastReply()?.text).toContain(`No order with the number <b>${absent}</b>`);
    },
  );
});

describe("one user's share of the quota window", () => {
  it("a user over LOOKUP_SHARE is refused with a clear message; another user still gets answers", async () => {
    // 3% of a 100-request window: three reads per user.
    const bot = await createTestBot({
      sandbox: on.sandbox,
      clock: on.clock,
      operators: [1, 2],
      config: { lookupShare: 3 },
    });
    try {
      const greedy = bot.user(1, { languageCode: "en" });
      const nums = visible()
        .map((o) => o.num)
        .slice(0, 5);
      for (const num of nums.slice(0, 3)) await greedy.send(String(num));
      bot.resetServiceRequests();
      await greedy.send(String(nums[3]));
      expect(bot.serviceRequests()).toBe(0);
      expect(greedy.lastReply()?.text).toContain("You have used your share of the service's requests");
      expect(greedy.lastReply()?.text).toContain("(3 per 15 minutes)");
      const other = bot.user(2, { languageCode: "ru" });
      await other.send(String(nums[3]));
      expect(bot.serviceRequests()).toBe(1);
      expect(other.lastReply()?.text).toContain(
        on.sandbox.store.orders.find((o) => o.num === nums[3])!.number,
      );
      await greedy.send("/my");
      // Not linked: no request needed; the refusal is only for reads.
      expect(greedy.lastReply()?.text).toContain("/me");
      // The read a card's 🔁 Status starts with is a request too: with the share spent, an alert says so.
      bot.resetServiceRequests();
      const refused = await greedy.press("🔁 Status");
      expect(bot.serviceRequests()).toBe(0);
      expect(alertOf(refused)).toContain("You have used your share of the service's requests");
      // The next window gives the share back.
      await bot.clock.advance(15 * 60_000);
      await greedy.send(String(nums[4]));
      expect(greedy.lastReply()?.text).not.toContain("your share");
      // Status pressed and cancelled again and again (mirror off: one GET a press) spends the share,
      // then is refused before it costs a request.
      bot.resetServiceRequests();
      for (let press = 0; press < 2; press++) {
        await greedy.press("🔁 Status");
        expect(greedy.lastReply()?.text).toContain("Choose the new status");
        await greedy.send("/cancel");
      }
      const spent = bot.serviceRequests();
      expect(spent).toBeGreaterThanOrEqual(2);
      const again = await greedy.press("🔁 Status");
      expect(bot.serviceRequests()).toBe(spent);
      expect(alertOf(again)).toContain("(3 per 15 minutes)");
      const ru = bot.user(1, { languageCode: "ru" });
      expect(ru).toBeDefined();
    } finally {
      await bot.close();
    }
  });

  it("the refusal is in Russian for a Russian user", async () => {
    const bot = await createTestBot({
      sandbox: on.sandbox,
      clock: on.clock,
      operators: [3],
      config: { lookupShare: 1 },
    });
    try {
      const user = bot.user(3, { languageCode: "ru" });
      const [a, b] = visible().map((o) => o.num);
      await user.send(String(a));
      await user.send(String(b));
      expect(user.lastReply()?.text).toContain("Вы израсходовали свою долю запросов");
    } finally {
      await bot.close();
    }
  });
});
