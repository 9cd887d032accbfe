/**
 * The diagnosis from a card: interactions (messages plus presses)
 * for a verdict, a price and a deadline from the card to the saved card, and
 * the requests: opening it (the full record read once, with or without the
 * mirror: the mirror's list copy lacks the diagnosis' fields), saving it (ONE PATCH).
 */
import { countingUser } from "../test/helpers/interactions.ts";
import { benchBot, expectText, OPERATOR, requestsOf } from "./harness.ts";
import type { BenchContext, BenchModule, BenchRow } from "./types.ts";

export const diagnosisBench: BenchModule = {
  name: "diagnosis",
  async run({ sandbox, shopId }: BenchContext): Promise<BenchRow[]> {
    const order = sandbox.store.orders.find(
      (o) =>
        o.shopId === shopId &&
        o.isVisible &&
        ["new", "inWork"].includes(sandbox.store.statusById.get(o.statusId)?.group ?? ""),
    );
    if (!order) throw new Error("bench: no open order");
    const t = await benchBot(shopId, { sandbox });
    const op = countingUser(t.user(OPERATOR, { languageCode: "en" }));
    try {
      await op.send(`/order ${order.number}`);
      op.resetInteractions();
      const open = await requestsOf(t, () => op.press("🩺 Diagnosis"));
      await op.press("🩺 Verdict");
      await op.send("Replace the charging controller");
      await op.press("💰 Price");
      await op.send("4500");
      await op.press("📅 Deadline");
      const quick = op.lastReply()?.replyMarkup?.inline_keyboard[0]?.[1]?.text;
      if (!quick) throw new Error("bench: no deadline buttons");
      await op.press(quick);
      const save = await requestsOf(t, () => op.press("✅ Save"));
      expectText(op, "saved");
      const taps = op.interactions();
      return [
        {
          name: "diagnosis: verdict, price, deadline (card..card)",
          value: taps,
          unit: "taps",
          target: "<= 10",
          ok: taps <= 10,
        },
        {
          name: "diagnosis: requests to open (the full record: 1 GET)",
          value: open,
          unit: "requests",
          target: "<= 1",
          ok: open <= 1,
        },
        { name: "diagnosis: requests to save", value: save, unit: "requests", target: "= 1", ok: save === 1 },
      ];
    } finally {
      await t.close();
    }
  },
};
