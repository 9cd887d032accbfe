/**
 * Requests per write with a warm order mirror (the order writer,
 * src/bot/writes/order-writer.ts): a status change with payment costs its PATCH
 * only, a creation the create and the read of its number, a comment its
 * PATCH. Counted at the sandbox; the reference cache is warmed by one write
 * of each kind first.
 */
import { startSandbox } from "../src/sandbox/index.ts";
import { ManualClock } from "../test/helpers/manual-clock.ts";
import { createMirrorBot } from "../test/helpers/mirror-bot.ts";
import { changeStatusWithPayment, confirmOrder, fillOrder } from "./dialog-driver.ts";
import { expectText, mirrorRequestsOf, OPERATOR, warmMirrorRow } from "./harness.ts";
import type { BenchModule } from "./types.ts";

export const mirrorWrites: BenchModule = {
  name: "mirror-writes",
  async run() {
    const clock = new ManualClock(new Date());
    const sandbox = await startSandbox({ port: 0, orders: 300, clock: { now: () => clock.now().getTime() } });
    const shopId = sandbox.shops[0]?.id ?? "";
    const t = await createMirrorBot({ sandbox, clock, operators: [OPERATOR], config: { shopIds: [shopId] } });
    try {
      const { store } = sandbox;
      const open = store.orders.filter(
        (o) =>
          o.shopId === shopId &&
          o.isVisible &&
          store.statusById.get(o.statusId)?.group === "new" &&
          t.mirror.get(o.id) !== undefined,
      );
      const [first, second, third] = open;
      if (!first || !second || !third) throw new Error("bench: three open orders held by the mirror needed");
      const op = t.user(OPERATOR, { languageCode: "en" });
      await changeStatusWithPayment(op, first.number); // warms statuses and registers
      const status = await mirrorRequestsOf(t, () => changeStatusWithPayment(op, second.number));
      await fillOrder(op, "Бенч Разогрев");
      await confirmOrder(op); // warms order types, fields, sources
      await fillOrder(op, "Бенч Зеркальный");
      const create = await mirrorRequestsOf(t, () => confirmOrder(op));
      await op.send(third.number);
      await op.press("💬 Comment");
      const comment = await mirrorRequestsOf(t, () => op.send("Бенч: комментарий"));
      expectText(op, "Comment added");
      return [
        warmMirrorRow("status change with payment (PATCH)", status, 1),
        warmMirrorRow("order creation: Create (create + read of its number)", create, 2),
        warmMirrorRow("comment (PATCH)", comment, 1),
      ];
    } finally {
      await t.close();
      await sandbox.close();
    }
  },
};
