/**
 * Interactions (messages sent plus buttons pressed) from `/new` to the created
 * order's card: what a clerk spends at the counter. The old form asked every
 * question in turn: 23 for the minimal order with a new client, 30 for a full
 * order (every field of "Платный ремонт", cash prepayment), counted on its
 * driver before the fast intake.
 */
import { countingUser } from "../test/helpers/interactions.ts";
import { fullOrder, minimalOrderExistingClient, minimalOrderNewClient } from "./dialog-driver.ts";
import { benchBot, OPERATOR } from "./harness.ts";
import type { BenchContext, BenchModule, BenchRow } from "./types.ts";

const OLD_FULL_ORDER = 30;

function row(name: string, value: number, limit: number): BenchRow {
  return {
    name: `intake interactions: ${name}`,
    value,
    unit: "taps",
    target: `<= ${limit}`,
    ok: value <= limit,
  };
}

export const intakeInteractions: BenchModule = {
  name: "intake interactions",
  async run({ sandbox, shopId }: BenchContext): Promise<BenchRow[]> {
    const known = sandbox.store.counteragents.find((c) => c.isBuyer && c.phones.length > 0);
    const phone = known?.phones[0];
    if (!known || !phone) throw new Error("bench: no client with a phone");
    const t = await benchBot(shopId, { sandbox });
    const op = countingUser(t.user(OPERATOR, { languageCode: "en" }));
    try {
      await minimalOrderNewClient(op, "+7 912 555-00-01", "Бенч Минимальный");
      const newClient = op.interactions();
      op.resetInteractions();
      await minimalOrderExistingClient(op, phone, `${known.name} · ${phone}`);
      const existing = op.interactions();
      op.resetInteractions();
      await fullOrder(op, "Бенч Полный", "+7 900 111-22-33");
      const full = op.interactions();
      op.resetInteractions();
      await fullOrder(op, "Бенч Полный Поиск");
      const bySearch = op.interactions();
      return [
        row("minimal order, new client (/new..card)", newClient, 7),
        row("minimal order, existing client", existing, 7),
        row(`full order, every field, the phone first (old form: ${OLD_FULL_ORDER})`, full, OLD_FULL_ORDER),
        // Since ➕ New client asks the name at its own prompt (issue 32.9): a tap more than by phone.
        {
          name: "intake interactions: full order, the client named in the search (info)",
          value: bySearch,
          unit: "taps",
        },
      ];
    } finally {
      await t.close();
    }
  },
};
