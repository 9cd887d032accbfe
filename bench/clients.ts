/**
 * Requests of the clients and mistakes (issue 26) with a warm mirror that keeps
 * the clients: finding a returning client (their last order a year old) by name
 * and by phone, their card, its orders, the older orders (once, then kept), a
 * client's fix from the card, an order moved to another client, a delete and
 * the lookup of the deleted number; and what the clients' first fill costs the
 * sync (pages of 50). Counted at the sandbox; reference data warmed first.
 */
import { startSandbox } from "../src/sandbox/index.ts";
import { ManualClock } from "../test/helpers/manual-clock.ts";
import { createMirrorBot } from "../test/helpers/mirror-bot.ts";
import { expectText, mirrorRequestsOf, OPERATOR, pressMatching, warmMirrorRow } from "./harness.ts";
import type { BenchModule, BenchRow } from "./types.ts";

const DAY = 86_400_000;

export const clientsBench: BenchModule = {
  name: "clients",
  async run() {
    const clock = new ManualClock(new Date());
    const sandbox = await startSandbox({ port: 0, orders: 400, clock: { now: () => clock.now().getTime() } });
    const shopId = sandbox.shops[0]?.id ?? "";
    const started = sandbox.requestCount();
    const t = await createMirrorBot({ sandbox, clock, operators: [OPERATOR], clients: true });
    const fill = sandbox.requestCount() - started;
    try {
      const { store } = sandbox;
      for (const type of await t.services.reference.counteragentTypes())
        await t.services.reference.counteragentTypeFields(type.id);
      // A returning client: none of their orders held, made a year old.
      const returning = store.counteragents.find(
        (c) =>
          c.phones.length > 0 &&
          store.orders.some((o) => o.counteragentId === c.id && o.isVisible) &&
          t.mirror.clientOrders(c.id, 50).length === 0,
      );
      if (!returning) throw new Error("bench: no returning client");
      for (const order of store.orders.filter((o) => o.counteragentId === returning.id)) {
        order.dateCreate = clock.now().getTime() - 365 * DAY;
        order.lastAction = order.dateCreate;
      }
      const op = t.user(OPERATOR, { languageCode: "en" });
      const surname = returning.name.split(" ")[0] ?? returning.name;
      const byName = await mirrorRequestsOf(t, () => op.send(`/find ${surname}`));
      const digits = (returning.phones[0] ?? "").replace(/\D/g, "").slice(-7);
      const byPhone = await mirrorRequestsOf(t, () => op.send(digits));
      const card = await mirrorRequestsOf(t, () =>
        pressMatching(op, new RegExp(`^👤 ${returning.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`)),
      );
      expectText(op, returning.name);
      const older = await mirrorRequestsOf(t, () => op.press("📜 All orders"));
      const again = await mirrorRequestsOf(t, () => op.send(`/client ${returning.phones[0]}`));
      const fix = await mirrorRequestsOf(t, async () => {
        await op.press("✏️ Edit");
        await op.press("📞 Phones");
        await op.send("8 903 555 00 11");
        await op.press("✅ Save");
      });
      expectText(op, "saved");
      const open = store.orders.filter(
        (o) =>
          o.shopId === shopId &&
          o.isVisible &&
          o.paidCash + o.paidBank === 0 &&
          store.statusById.get(o.statusId)?.group === "new" &&
          t.mirror.get(o.id) !== undefined,
      );
      const [moved, deleted] = open;
      if (!moved || !deleted) throw new Error("bench: two open unpaid orders held by the mirror needed");
      await op.send(moved.number);
      await op.press("👤 Client");
      await op.press("🔁 Another client for the order");
      const move = await mirrorRequestsOf(t, async () => {
        await op.send(returning.phones[0] ?? "");
        await pressMatching(op, /·/);
        await op.press("✅ Yes");
      });
      expectText(op, "now belongs to");
      await op.send(deleted.number);
      const remove = await mirrorRequestsOf(t, async () => {
        await op.press("🗑 Delete");
        await op.press("✅ Yes");
      });
      expectText(op, "deleted");
      const lookup = await mirrorRequestsOf(t, () => op.send(deleted.number));
      expectText(op, "was deleted by");
      const rows: BenchRow[] = [
        warmMirrorRow("find a returning client by name (/find)", byName, 0),
        warmMirrorRow("find a returning client by the phone's last digits", byPhone, 0),
        warmMirrorRow("client card (the record)", card, 1),
        warmMirrorRow("client card: older orders (once, kept)", older, 1),
        warmMirrorRow("client card again: record, orders from the mirror", again, 1),
        warmMirrorRow("client fix from the card (the record as held now + PATCH)", fix, 2),
        warmMirrorRow("order moved to a found client (search from the mirror + PATCH)", move, 1),
        warmMirrorRow("order delete (DELETE)", remove, 1),
        warmMirrorRow("lookup of a deleted number", lookup, 0),
        {
          name: "requests: mirror's first fill with clients (orders + clients, pages of 50)",
          value: fill,
          unit: "req",
        },
        { name: "mirror: clients held after the fill", value: t.mirror.stats().clients, unit: "clients" },
      ];
      return rows;
    } finally {
      await t.close();
      await sandbox.close();
    }
  },
};
