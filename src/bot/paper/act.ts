/**
 * The act given at hand-over, from the one money model (money/order-money.ts):
 * - the completion act: works and parts as the service holds them, or, with
 *   none, the repair at its estimate marked "by estimate"; total, paid, due,
 *   and "to be returned" when the client paid more; the verdict, the warranty
 *   and the statement that the work was done;
 * - the return act of an order declined or returned without repair: the
 *   device goes back, no repair was done, no warranty; only the lines the
 *   service holds (a diagnosis fee) are charged, the estimate never.
 * The hand-over date is named once, under the number.
 */
import type { MoneySettings } from "../money/order-money.ts";
import { moneyOf } from "../money/order-money.ts";
import { formatDate } from "../ui/dates.ts";
import { formatAmount } from "../ui/money.ts";
import { orderTitle } from "../ui/order-card.ts";
import {
  acceptedBlock,
  type Block,
  type Common,
  clientBlock,
  type Field,
  money,
  type PaperDocument,
  shopLines,
  signatures,
  text,
  when,
} from "./document.ts";
import { NAME_LIMIT, ROWS_LIMIT } from "./limits.ts";

export interface ActInput extends Common {
  /** Warranty days for this order (WARRANTY_BY_TYPE's for its type, else WARRANTY_DAYS). */
  warrantyDays: number;
  /** Now: the hand-over date of an order that is ready but not yet closed. */
  now: Date;
  /** Which statuses are a decline or a return without repair (the money model's settings). */
  money?: MoneySettings;
}

type Row = readonly [string, string, string, string, string];

const DAY_MS = 24 * 60 * 60 * 1000;
const round2 = (value: number) => Math.round(value * 100) / 100;

function positionRows(input: ActInput): Row[] {
  const { order, locale } = input;
  return (order.positions ?? []).slice(0, ROWS_LIMIT).map((p, index) => {
    const count = p.count ?? 1;
    const price = p.soldPrice ?? p.price ?? 0;
    return [
      String(index + 1),
      text(input, p.name, NAME_LIMIT),
      formatAmount(count, locale),
      formatAmount(price, locale),
      formatAmount(round2(price * count), locale),
    ] as const;
  });
}

export function actDocument(input: ActInput): PaperDocument {
  const { order, t, locale } = input;
  const m = moneyOf(order, input.money);
  const handedOver = order.dateClose ?? input.now;
  const rows = positionRows(input);
  const hidden = (order.positions?.length ?? 0) - rows.length;
  // Made wholly in the bot: no works or parts in the service, the repair at its estimate.
  if (rows.length === 0 && m.priceByEstimate && m.price !== undefined)
    rows.push([
      "1",
      t("paper-repair-by-estimate"),
      formatAmount(1, locale),
      formatAmount(m.price, locale),
      formatAmount(m.price, locale),
    ]);
  const total = m.price ?? 0;
  const totals: Field[] = [
    [m.priceByEstimate ? t("paper-total-by-estimate") : t("paper-total"), money(input, total)],
    [t("paper-paid"), money(input, m.paid)],
    [t("paper-due"), money(input, m.due)],
  ];
  if (m.overpaid > 0) totals.push([t("paper-to-return"), money(input, m.overpaid)]);
  const device = [order.typeDevice ?? order.device, order.brand, order.model]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  const table: Block = {
    kind: "table",
    title: t("paper-works"),
    head: [
      t("paper-col-no"),
      t("paper-col-name"),
      t("paper-col-count"),
      t("paper-col-price"),
      t("paper-col-sum"),
    ],
    rows: hidden > 0 ? [...rows, ["", t("paper-rows-more", { count: hidden }), "", "", ""]] : rows,
    empty: t(m.declined ? "paper-return-no-works" : "paper-no-positions"),
    totals,
  };
  return {
    title: t(m.declined ? "paper-return-title" : "paper-act-title"),
    shop: shopLines(input),
    number: t("paper-order-number", { number: orderTitle(order) }),
    // The hand-over date once, here (issue 32.15).
    dated: [t("paper-handover-date"), when(input, handedOver)],
    blocks: [
      clientBlock(input),
      {
        kind: "fields",
        rows: [
          [t("paper-device"), text(input, device)],
          [t("paper-serial"), text(input, order.sn)],
          [t("paper-intake-date"), when(input, order.dateCreate)],
        ],
      },
      table,
      {
        kind: "fields",
        rows: [
          [t("paper-verdict"), text(input, order.recommendation)],
          [t("paper-warranty"), m.declined ? t("paper-warranty-none") : warrantyText(input, handedOver)],
        ],
      },
      { kind: "text", text: t(m.declined ? "paper-return-statement" : "paper-act-statement") },
      ...acceptedBlock(input),
      signatures(input),
    ],
  };
}

function warrantyText(input: ActInput, handedOver: Date): string {
  const { t, locale } = input;
  if (input.warrantyDays <= 0) return t("paper-warranty-none");
  const until = new Date(handedOver.getTime() + input.warrantyDays * DAY_MS);
  return t("paper-warranty-days", {
    days: input.warrantyDays,
    until: formatDate(until, locale, input.timezone),
  });
}
