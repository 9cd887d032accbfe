/**
 * Requests per user action with a warm order mirror: lookups, list pages,
 * search by a client's name and by phone, /overdue, /my, /find and inline
 * typing cost nothing; a number the mirror does not hold costs one, a
 * mistyped one far above the newest none, one that does not exist one however
 * often it is asked. Counted at the sandbox (the
 * bot's requests and the mirror's alike); the mirror does not sync meanwhile.
 */
import type { Order as SandboxOrder } from "../src/sandbox/model.ts";
import { createMirrorBot } from "../test/helpers/mirror-bot.ts";
import { buttons, expectText, lastText, mirrorRequestsOf, OPERATOR, warmMirrorRow } from "./harness.ts";
import type { BenchModule } from "./types.ts";

const DAY = 86_400_000;

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
      const lookup = await mirrorRequestsOf(t, () => op.send(String(order.num)));
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
      const list = await mirrorRequestsOf(t, () => op.send(word));
      const page = await mirrorRequestsOf(t, () => op.press("Next ▶️"));
      expectText(op, "page 2 of");
      const listed = buttons(op)[0] ?? "";
      const opened = await mirrorRequestsOf(t, () => op.press(listed));
      expectText(op, "as of");
      const byName = await mirrorRequestsOf(t, () => op.send(name.split(" ")[0] ?? name));
      const byPhone = await mirrorRequestsOf(t, () => op.send(`8 ${phone.replace(/\D/g, "").slice(1)}`));
      // The order is on the card or, with the clients found listed under the orders, on a button.
      if (![op.lastReply()?.text ?? "", ...buttons(op)].some((shown) => shown.includes(order.number)))
        throw new Error(`bench: ${order.number} not found by the client's phone`);
      const typing = await mirrorRequestsOf(t, async () => {
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
      const outside = await mirrorRequestsOf(t, () => op.send(String(old.num)));
      expectText(op, old.number);
      // The order reader's lists: /overdue and /my from the copy, /find as plain text does.
      const overdue = await mirrorRequestsOf(t, () => op.send("/overdue"));
      expectText(op, "Overdue open orders");
      const person = order.masterId ?? order.managerId ?? "";
      await t.services.users.update(OPERATOR, (s) => {
        s.employee = { id: person, name: "Staff" };
      });
      const mine = await mirrorRequestsOf(t, () => op.send("/my"));
      expectText(op, "My open orders");
      const find = await mirrorRequestsOf(t, () => op.send(`/find ${name.split(" ")[0] ?? name}`));
      if (!`${lastText(op)} ${buttons(op).join(" ")}`.includes(order.number))
        throw new Error(`bench: /find did not list ${order.number}`);
      // Misses: six digits where the numbers have four (far above the newest), a number that does not exist.
      const newest = Math.max(...store.orders.map((o) => o.num));
      const typo = await mirrorRequestsOf(t, () => op.send(`${newest}42`));
      expectText(op, "The newest order is");
      const absent = newest + 2;
      const missTwice = await mirrorRequestsOf(t, async () => {
        await op.send(String(absent));
        await op.send(String(absent));
      });
      return [
        warmMirrorRow("lookup by number", lookup, 0),
        warmMirrorRow("search list, page 1", list, 0),
        warmMirrorRow("list page 2", page, 0),
        warmMirrorRow("card opened from a list", opened, 0),
        warmMirrorRow("search by client name", byName, 0),
        warmMirrorRow("search by phone", byPhone, 0),
        warmMirrorRow(`inline typing (${name.length - 2} keystrokes)`, typing, 0),
        warmMirrorRow("lookup of an order outside the mirror", outside, 1),
        warmMirrorRow("/overdue", overdue, 0),
        warmMirrorRow("/my", mine, 0),
        warmMirrorRow("/find by client name", find, 0),
        warmMirrorRow("mistyped number, six digits where numbers have four", typo, 0),
        warmMirrorRow("a number that does not exist, asked twice", missTwice, 1),
      ];
    } finally {
      await t.close();
    }
  },
};
