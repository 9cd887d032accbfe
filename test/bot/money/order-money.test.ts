/** The one money model (src/bot/money/order-money.ts) as a pure function: every case of decisions.md "Money". */
import { describe, expect, it } from "vitest";
import { estimateAmount, moneyOf, moneySettings } from "../../../src/bot/money/order-money.ts";
import type { Order } from "../../../src/service/index.ts";

const order = (fields: Partial<Order>): Order => ({ id: "1", ...fields });
const DECLINED = { noRepairStatuses: ["9", "выдан без ремонта"] };

describe("moneyOf", () => {
  it("prices an order without lines by its estimate, marked so", () => {
    const m = moneyOf(order({ approximatePrice: "5900", cash: { summ: 1000 } }));
    expect(m).toMatchObject({
      price: 5900,
      priceByEstimate: true,
      paid: 1000,
      due: 4900,
      overpaid: 0,
      hasLines: false,
    });
  });

  it("prices by the works and parts (after discount) when the service holds any, whatever the estimate", () => {
    const m = moneyOf(
      order({ approximatePrice: "5900", summ: { price: 3000, soldPrice: 2700 }, cash: { summ: 3000 } }),
    );
    expect(m).toMatchObject({
      price: 2700,
      listPrice: 3000,
      discount: 300,
      priceByEstimate: false,
      due: 0,
      overpaid: 300,
    });
    const lines = moneyOf(order({ positions: [{ name: "a", count: 2, price: 750 }] }));
    expect(lines).toMatchObject({ price: 1500, hasLines: true, due: 1500 });
  });

  it("without lines or an estimate: no price, nothing due, nothing overpaid", () => {
    for (const approximatePrice of [undefined, "", "около 3000", "до 5000", "0"])
      expect(
        moneyOf(order({ approximatePrice, cash: { summ: 700 } })),
        String(approximatePrice),
      ).toMatchObject({
        price: undefined,
        due: 0,
        overpaid: 0,
        paid: 700,
      });
  });

  it("a declined order or a return without repair owes nothing by its estimate, only its lines", () => {
    const byId = moneyOf(
      order({ status: { id: "9", name: "Отказ" }, approximatePrice: "5900", cash: { summ: 1000 } }),
      DECLINED,
    );
    expect(byId).toMatchObject({ declined: true, price: 0, priceByEstimate: false, due: 0, overpaid: 1000 });
    const byName = moneyOf(
      order({
        status: { id: "11", name: "Выдан без ремонта" },
        approximatePrice: "5900",
        summ: { price: 500 },
      }),
      DECLINED,
    );
    expect(byName).toMatchObject({ declined: true, price: 500, due: 500 });
    expect(
      moneyOf(order({ status: { id: "11", name: "Выдан" }, approximatePrice: "5900" }), DECLINED).declined,
    ).toBe(false);
  });

  it("reads the estimate as the CRM's page writes it, never a guess", () => {
    expect(
      ["5900", "5 900", "5900 ₽", "5 900 руб.", "5900р", "5900,50"].map((p) =>
        estimateAmount({ approximatePrice: p }),
      ),
    ).toEqual([5900, 5900, 5900, 5900, 5900, 5900.5]);
  });

  it("takes the decline status and CLIENT_RETURN_STATUSES from the configuration", () => {
    expect(
      moneySettings({
        clients: {
          enabled: true,
          approval: { waiting: "a", approved: "b", declined: "Отказ" },
          allStatuses: false,
          ratePerMinute: 1,
        },
        returnStatuses: ["Выдан без ремонта"],
      }),
    ).toEqual({ noRepairStatuses: ["Отказ", "Выдан без ремонта"] });
    expect(moneySettings(undefined)).toEqual({ noRepairStatuses: [] });
  });
});
