/**
 * What the intake receipt and the completion act say, as a page-size-free
 * model: the workshop's header, the title, the order's number (large) and a
 * QR link, then blocks of fields, a table, text and signature lines. Pure: an
 * order and the shop's settings in, texts through `t` in the document's
 * language (DOCUMENT_LOCALE), dates in TIMEZONE; draw.ts lays it out on A4
 * or an 80 mm roll. Every item a form has is printed, with "—" when the order
 * has none, so an empty line is seen as empty, not as forgotten.
 */
import type { Locale } from "../../config/index.ts";
import type { Order } from "../../service/index.ts";
import { formatDate, formatDateTime } from "../ui/dates.ts";
import { formatAmount } from "../ui/money.ts";
import { orderTitle } from "../ui/order-card.ts";

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** A label and its value. */
export type Field = readonly [label: string, value: string];

export type Block =
  | { kind: "fields"; title?: string; rows: Field[] }
  | { kind: "text"; title?: string; text: string; small?: boolean }
  | {
      kind: "table";
      title: string;
      head: readonly [string, string, string, string, string];
      rows: (readonly [string, string, string, string, string])[];
      empty: string;
      totals: Field[];
    }
  | { kind: "signatures"; lines: string[]; hint: string };

export interface PaperDocument {
  /** The PDF's title (its metadata) and the heading. */
  title: string;
  /** The workshop: name first, then address, phone, hours. */
  shop: string[];
  /** "Заказ № А001042": printed large. */
  number: string;
  /** The date line under the number ("Дата приёма: 27 ноя. 2026, 19:03"). */
  dated: Field;
  /** The link the QR code holds, and the words under it; none: no code. */
  qr?: { link: string; hint: string };
  blocks: Block[];
}

/** The workshop as printed: the service's name and address, the configured phone and hours. */
export interface ShopLines {
  name?: string;
  address?: string;
  phone?: string;
  hours?: string;
}

interface Common {
  order: Order;
  shop: ShopLines;
  t: Translate;
  locale: Locale;
  timezone: string;
}

export interface ReceiptInput extends Common {
  /** The terms of repair in the document's language. */
  terms: string;
  /** Who took the order in (its manager, else who created it). */
  clerk?: string;
  /** The receipt's deep link (ui/signed-payload.ts); none when the id is too long for one. */
  link?: string;
}

export interface ActInput extends Common {
  /** Warranty days for this order (WARRANTY_BY_TYPE's for its type, else WARRANTY_DAYS). */
  warrantyDays: number;
  /** Now: the hand-over date of an order that is ready but not yet closed. */
  now: Date;
}

/** What stands for a missing value: the document language's mark (locales, paper-none). */
const none = (input: Common): string => input.t("paper-none");

const text = (input: Common, value: string | undefined | null): string => value?.trim() || none(input);
const list = (input: Common, values: readonly string[] | undefined): string =>
  text(
    input,
    values
      ?.map((v) => v.trim())
      .filter(Boolean)
      .join(", "),
  );

function shopLines({ shop, t }: Common): string[] {
  return [
    shop.name?.trim(),
    shop.address?.trim(),
    shop.phone?.trim() && t("paper-shop-phone", { phone: shop.phone.trim() }),
    shop.hours?.trim() && t("paper-shop-hours", { hours: shop.hours.trim() }),
  ].filter((line): line is string => Boolean(line));
}

function money(input: Common, amount: number | undefined): string {
  return amount === undefined
    ? none(input)
    : input.t("paper-money", { amount: formatAmount(amount, input.locale) });
}

/** The estimate as the clerk typed it: a plain amount gets the currency, anything else stands as written. */
function estimate(input: Common, value: string | undefined): string {
  const plain = value?.trim().replace(/\s/g, "").replace(",", ".");
  return plain && /^\d+(\.\d{1,2})?$/.test(plain) ? money(input, Number(plain)) : text(input, value);
}

const when = (input: Common, date: Date | undefined) =>
  date ? formatDateTime(date, input.locale, input.timezone) : none(input);

function clientBlock(input: Common): Block {
  const { order, t } = input;
  return {
    kind: "fields",
    rows: [
      [t("paper-client"), text(input, order.counteragent?.name)],
      [t("paper-client-phone"), list(input, order.counteragent?.phones)],
    ],
  };
}

export function receiptDocument(input: ReceiptInput): PaperDocument {
  const { order, t } = input;
  return {
    title: t("paper-receipt-title"),
    shop: shopLines(input),
    number: t("paper-order-number", { number: orderTitle(order) }),
    dated: [t("paper-intake-date"), when(input, order.dateCreate)],
    qr: input.link ? { link: input.link, hint: t("paper-qr-hint") } : undefined,
    blocks: [
      clientBlock(input),
      {
        kind: "fields",
        title: t("paper-device"),
        rows: [
          [t("paper-device-type"), text(input, order.typeDevice ?? order.device)],
          [t("paper-brand"), text(input, order.brand)],
          [t("paper-model"), text(input, order.model)],
          [t("paper-serial"), text(input, order.sn)],
          [t("paper-color"), text(input, order.color)],
          [t("paper-faults"), list(input, order.problem)],
          [t("paper-equipment"), list(input, order.completeSet)],
          [t("paper-appearance"), list(input, order.appearance)],
        ],
      },
      {
        kind: "fields",
        rows: [
          [t("paper-estimate"), estimate(input, order.approximatePrice)],
          [t("paper-prepayment"), money(input, order.cash?.summ ?? 0)],
          [t("paper-deadline"), when(input, order.deadline)],
          [t("paper-clerk"), text(input, input.clerk)],
        ],
      },
      { kind: "text", title: t("paper-terms"), text: input.terms, small: true },
      signatures(input),
    ],
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const round2 = (value: number) => Math.round(value * 100) / 100;

export function actDocument(input: ActInput): PaperDocument {
  const { order, t, locale } = input;
  const handedOver = order.dateClose ?? input.now;
  const rows = (order.positions ?? []).map((p, index) => {
    const count = p.count ?? 1;
    const price = p.soldPrice ?? p.price ?? 0;
    return [
      String(index + 1),
      text(input, p.name),
      formatAmount(count, locale),
      formatAmount(price, locale),
      formatAmount(round2(price * count), locale),
    ] as const;
  });
  const total = order.summ?.soldPrice ?? order.summ?.price ?? 0;
  const paid = order.cash?.summ ?? 0;
  const until = new Date(handedOver.getTime() + input.warrantyDays * DAY_MS);
  const warranty =
    input.warrantyDays > 0
      ? t("paper-warranty-days", {
          days: input.warrantyDays,
          until: formatDate(until, locale, input.timezone),
        })
      : t("paper-warranty-none");
  const device = [order.typeDevice ?? order.device, order.brand, order.model]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return {
    title: t("paper-act-title"),
    shop: shopLines(input),
    number: t("paper-order-number", { number: orderTitle(order) }),
    dated: [t("paper-handover-date"), when(input, handedOver)],
    blocks: [
      clientBlock(input),
      {
        kind: "fields",
        rows: [
          [t("paper-device"), text(input, device)],
          [t("paper-serial"), text(input, order.sn)],
          [t("paper-intake-date"), when(input, order.dateCreate)],
          [t("paper-handover-date"), when(input, handedOver)],
        ],
      },
      {
        kind: "table",
        title: t("paper-works"),
        head: [
          t("paper-col-no"),
          t("paper-col-name"),
          t("paper-col-count"),
          t("paper-col-price"),
          t("paper-col-sum"),
        ],
        rows,
        empty: t("paper-no-positions"),
        totals: [
          [t("paper-total"), money(input, total)],
          [t("paper-paid"), money(input, paid)],
          [t("paper-due"), money(input, Math.max(0, round2(total - paid)))],
        ],
      },
      {
        kind: "fields",
        rows: [
          [t("paper-verdict"), text(input, order.recommendation)],
          [t("paper-warranty"), warranty],
        ],
      },
      { kind: "text", text: t("paper-act-statement") },
      signatures(input),
    ],
  };
}

function signatures({ t }: Common): Block {
  return {
    kind: "signatures",
    lines: [t("paper-sign-client"), t("paper-sign-shop")],
    hint: t("paper-sign-hint"),
  };
}
