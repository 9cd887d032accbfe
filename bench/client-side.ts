/**
 * The client's side (CLIENTS=on): the service requests each thing a client does
 * costs (only linking's consent write and the approval's PATCH reach the
 * service), 50 strangers typing for a minute (none), and the delay from a
 * change the mirror's sync finds to the linked client's message (the bot's
 * part; add up to MIRROR_SYNC_SECONDS for the sync to see the change).
 */
import {
  aClient,
  contactUpdate,
  numberOf,
  person,
  startClientBot,
  statusId,
  WAITING,
} from "../test/bot/features/client-side/setup.ts";
import type { BenchModule, BenchRow } from "./types.ts";

function requestsRow(name: string, value: number, target: number): BenchRow {
  return {
    name: `requests, client side: ${name}`,
    value,
    unit: "req",
    target: `<= ${target}`,
    ok: value <= target,
  };
}

export const clientSide: BenchModule = {
  name: "client-side",
  async run(): Promise<BenchRow[]> {
    const t = await startClientBot({ orders: 500 });
    try {
      const count = async (action: () => Promise<unknown>) => {
        t.mark();
        await action();
        return t.requests();
      };
      const { who, orders } = aClient(t);
      const from = person(9001, "en");
      const user = t.user(from.id, { languageCode: "en" });
      const start = await count(() => user.send("/start"));
      const link = await count(() => t.handle(contactUpdate(t, from, who.phones[0]!)));
      const list = await count(() => user.send("/start"));
      const order = orders.find(
        (o) => !["closed", "finish"].includes(t.sandbox.store.statusById.get(o.statusId)?.group ?? ""),
      )!;
      if (!user.replies().some((m) => m.text.includes(numberOf(t, order.id))))
        throw new Error("bench: the client's orders were not shown");
      t.sandbox.store.orders.find((o) => o.id === order.id)!.positions.length = 0;
      t.sandbox.others.change(order.id, { approximatePrice: "3500" });
      t.sandbox.others.changeStatus(order.id, statusId(t, WAITING));
      await t.syncAndNotify();
      const offer = user.lastReply();
      const data = (offer?.replyMarkup?.inline_keyboard.flat() ?? []).map((b) =>
        "callback_data" in b ? String(b.callback_data) : "",
      );
      const approve = await count(() => user.pressData(data[0]!, offer));
      const again = await count(() => user.pressData(data[1]!, offer));
      const stop = await count(() => user.send("/stop"));
      const strangers = Array.from({ length: 50 }, (_, i) => t.user(9100 + i, { languageCode: "ru" }));
      const typing = await count(async () => {
        for (let tick = 0; tick < 6; tick++) {
          await Promise.all(strangers.map((s, i) => s.send(i % 2 ? who.phones[0]! : String(order.num))));
          await t.clock.advance(10_000);
        }
      });
      const delay = await changeToMessage(t);
      return [
        requestsRow("/start of a stranger", start, 0),
        requestsRow("linking by contact (consent: read + PATCH)", link, 2),
        requestsRow("the client's orders", list, 0),
        requestsRow("approve (one PATCH)", approve, 1),
        requestsRow("a second press", again, 0),
        requestsRow("/stop (the record as held now + PATCH)", stop, 2),
        requestsRow("50 strangers typing numbers for a minute", typing, 0),
        {
          name: "client side: change found by the sync -> client's message (mean of 10)",
          value: delay,
          unit: "ms",
          target: "<= 1000",
          ok: delay <= 1000,
        },
      ];
    } finally {
      await t.close();
    }
  },
};

/** Ten linked clients, an order of each made ready by the CRM's others: ms from the sync's start to the message. */
async function changeToMessage(t: Awaited<ReturnType<typeof startClientBot>>): Promise<number> {
  const taken: string[] = [];
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const { who, orders } = aClient(t, taken);
    taken.push(who.id);
    // The bench's many syncs spend the sandbox's quota window; a real shop spreads them over the day.
    t.sandbox.resetQuota();
    const from = person(9300 + i, "ru");
    await t.handle(contactUpdate(t, from, who.phones[0]!));
    const order = orders.find(
      (o) => !["closed", "finish"].includes(t.sandbox.store.statusById.get(o.statusId)?.group ?? ""),
    )!;
    const before = t.telegram.botMessages(from.id).length;
    t.sandbox.others.changeStatus(order.id, statusId(t, "Готов"));
    await t.clock.advance(60_000);
    const started = performance.now();
    await t.sync();
    await t.clientNotifier.kick();
    if (t.telegram.botMessages(from.id).length <= before)
      throw new Error(
        `bench: the client was not told: ${i} ${t.telegram
          .botMessages(from.id)
          .map((m) => m.text)
          .join(" / ")}`,
      );
    times.push(performance.now() - started);
  }
  return Math.round(times.reduce((a, b) => a + b, 0) / times.length);
}
