/**
 * Service requests of the owner's desk: /cash for one workshop (at
 * most 3), a register's transactions page, /report for a day, a week and a
 * month without the mirror and with a warm one (at most 3 each: the orders from
 * the mirror, the money from the registers). Reference data warm, as in a
 * running bot (registers and cash items come from the cache).
 */
import { createMirrorBot } from "../test/helpers/mirror-bot.ts";
import { benchBot, expectText, requestsOf } from "./harness.ts";
import type { BenchContext, BenchModule, BenchRow } from "./types.ts";

const OWNER = 301;

function row(name: string, value: number, target?: number): BenchRow {
  const base = { name: `requests, desk: ${name}`, value, unit: "req" };
  return target === undefined ? base : { ...base, target: `<= ${target}`, ok: value <= target };
}

export const deskRequests: BenchModule = {
  name: "desk requests",
  async run({ sandbox, shopId }: BenchContext): Promise<BenchRow[]> {
    const t = await benchBot(shopId, { sandbox, config: { ownerIds: [OWNER] } });
    const owner = t.user(OWNER, { languageCode: "en" });
    await t.services.reference.cashItems();
    await t.services.reference.shops();
    await t.services.reference.cashRegisters(shopId);
    const cash = await requestsOf(t, () => owner.send("/cash"));
    expectText(owner, "Registers");
    const register = sandbox.store.ref.registers.find((r) => r.shopId === shopId);
    const history = await requestsOf(t, () => owner.press(`dkc:${register?.id}:1`));
    const reports: Record<string, number> = {};
    for (const kind of ["day", "week", "month"]) {
      reports[kind] = await requestsOf(t, () =>
        kind === "day" ? owner.send("/report") : owner.press(`dkr:${kind}`),
      );
    }
    await t.close();

    const m = await createMirrorBot({ sandbox, config: { ownerIds: [OWNER], shopIds: [shopId] } });
    await m.services.reference.cashItems();
    await m.services.reference.shops();
    await m.services.reference.cashRegisters(shopId);
    const mirrored: Record<string, number> = {};
    const mirrorOwner = m.user(OWNER, { languageCode: "en" });
    for (const kind of ["day", "week", "month"]) {
      m.mark();
      await (kind === "day" ? mirrorOwner.send("/report") : mirrorOwner.press(`dkr:${kind}`));
      mirrored[kind] = m.requests();
    }
    await m.close();
    return [
      row("/cash, one workshop", cash, 3),
      row("a register's transactions page", history, 1),
      row("/report day, no mirror", reports.day ?? -1),
      row("/report week, no mirror", reports.week ?? -1),
      row("/report month, no mirror", reports.month ?? -1),
      row("/report day, mirror warm", mirrored.day ?? -1, 3),
      row("/report week, mirror warm", mirrored.week ?? -1, 3),
      row("/report month, mirror warm", mirrored.month ?? -1, 3),
    ];
  },
};
