/**
 * Requests per user action with a warm order mirror: lookups, list
 * pages, search by a client's name and by phone, inline typing cost nothing;
 * a number the mirror does not hold costs one. Counted at the sandbox (the
 * bot's requests and the mirror's alike); the mirror does not sync meanwhile.
 */
import type { Order as SandboxOrder } from "../src/sandbox/model.ts";
import { createMirrorBot, type MirrorBot } from "../test/helpers/mirror-bot.ts";
import { expectText, OPERATOR } from "./harness.ts";
import type { BenchModule, BenchRow } from "./types.ts";

const DAY = 86_400_000;

function row(name: string, value: number, target: number): BenchRow {
  return {
    name: `requests, mirror warm: ${name}`,
    value,
    unit: "req",
    target: `<= ${target}`,
    ok: value <= target,
  };
}

async function counted(t: MirrorBot, action: () => Promise<unknown>): Promise<number> {
  t.mark();
  await action();
  return t.requests();
}

export const mirrorBot: BenchModule = {
  name: "mirror-bot",
  async run() {
    const t = await createMirrorBot({ operators: [OPERATOR], orders: 500 });
    try {
      const { store } = t.sandbox;
      const open = store.orders.filter(
        (o) => o.isVisible && store.statusById.get(o.statusId)?.group !== "closed" && t.mirror.get(o.id),
      );
      const order = open[0] as SandboxOrder;
      const client = store.counteragentById.get(order.counteragentId);
      const name = client?.name ?? "";
      const phone = client?.phones[0] ?? "";
      const op = t.user(OPERATOR, { languageCode: "en" });
      const lookup = await counted(t, () => op.send(String(order.num)));
      expectText(op, order.number);
      const word = store.orders
        .flatMap((o) =>
          o.problem
            .join(" ")
            .toLowerCase()
            .split(/[^\p{L}]+/u),
        )
        .find((w) => w.length >= 4 && t.mirror.list({ text: w }).total > 8);
      if (!word) throw new Error("bench: no common fault word");
      const list = await counted(t, () => op.send(word));
      const page = await counted(t, () => op.press("Next ▶️"));
      expectText(op, "page 2 of");
      const byName = await counted(t, () => op.send(name.split(" ")[0] ?? name));
      const byPhone = await counted(t, () => op.send(`8 ${phone.replace(/\D/g, "").slice(1)}`));
      expectText(op, order.number);
      const typing = await counted(t, async () => {
        for (let i = 3; i <= name.length; i++) await op.inline(name.slice(0, i));
      });
      const old = store.orders.find(
        (o) =>
          o.isVisible &&
          !t.mirror.get(o.id) &&
          o.lastAction < t.clock.now().getTime() - 31 * DAY &&
          !store.orders.some((x) => x !== o && x.num === o.num),
      );
      if (!old) throw new Error("bench: every order is mirrored");
      const outside = await counted(t, () => op.send(String(old.num)));
      expectText(op, old.number);
      return [
        row("lookup by number", lookup, 0),
        row("search list, page 1", list, 0),
        row("list page 2", page, 0),
        row("search by client name", byName, 0),
        row("search by phone", byPhone, 0),
        row(`inline typing (${name.length - 2} keystrokes)`, typing, 0),
        row("lookup of an order outside the mirror", outside, 1),
      ];
    } finally {
      await t.close();
    }
  },
};
