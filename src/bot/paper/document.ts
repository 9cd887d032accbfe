/**
 * What the intake receipt and the completion act say, as a page-size-free
 * model: the workshop's header, the title, the order's number (large) and a
 * QR link, then blocks of fields, a table, text and signature lines. Pure: an
 * order and the shop's settings in, texts through `t` in the document's
 * language (DOCUMENT_LOCALE), dates in TIMEZONE; draw.ts lays it out on A4
 * or an 80 mm roll. Every item a form has is printed, with "—" when the order
 * has none, so an empty line is seen as empty, not as forgotten; what the
 * intake did not ask (equipment, appearance, serial) is a line to fill by hand.
 * Every value is bounded (paper/limits.ts): a document is drawn in bounded time.
 * The act is in act.ts.
 */
import type { Locale } from "../../config/index.ts";
import type { Order } from "../../service/index.ts";
import { estimateAmount, moneyOf } from "../money/order-money.ts";
import { formatDateTime } from "../ui/dates.ts";
import { formatAmount } from "../ui/money.ts";
import { orderTitle } from "../ui/order-card.ts";
import { bounded, FIELD_LIMIT, TERMS_LIMIT } from "./limits.ts";

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** A label and its value; "blank": no value, a line to fill by hand. */
export type Field = readonly [label: string, value: string, blank?: "blank"];

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
  /** Two copies on one A4 page (PAPER_COPIES=2, the receipt): each copy's name, the cut line's words. */
  copies?: { names: readonly [string, string]; cut: string };
}

/** The workshop as printed: the service's name and address, the configured phone and hours. */
export interface ShopLines {
  name?: string;
  address?: string;
  phone?: string;
  hours?: string;
  /** SHOP_LEGAL_NAME and SHOP_TAX_ID: printed when set. */
  legalName?: string;
  taxId?: string;
}

export interface Common {
  order: Order;
  shop: ShopLines;
  t: Translate;
  locale: Locale;
  timezone: string;
  /** The client's acceptance of the terms in Telegram (paper/acceptance.ts), printed when given. */
  accepted?: string;
}

export interface ReceiptInput extends Common {
  /** The terms of repair in the document's language. */
  terms: string;
  /** Who took the order in (its manager, else who created it). */
  clerk?: string;
  /** The receipt's deep link (ui/signed-payload.ts); none when the id is too long for one. */
  link?: string;
  /** PAPER_COPIES: 2 prints the client's and the shop's copy on one A4 page. */
  copies?: 1 | 2;
}

/** What stands for a missing value: the document language's mark (locales, paper-none). */
const none = (input: Common): string => input.t("paper-none");

/** A value as printed: bounded (cut with a mark, long words broken), "—" when there is none. */
export const text = (input: Common, value: string | undefined | null, limit = FIELD_LIMIT): string => {
  const trimmed = value?.trim();
  return trimmed ? bounded(trimmed, limit, input.t("paper-cut")) : none(input);
};
const joined = (values: readonly string[] | undefined): string | undefined =>
  values
    ?.map((v) => v.trim())
    .filter(Boolean)
    .join(", ");
const list = (input: Common, values: readonly string[] | undefined): string => text(input, joined(values));

/** A field the intake may not have asked: its value, else a line to fill by hand. */
function orBlank(input: Common, label: string, value: string | undefined): Field {
  return value?.trim() ? [label, text(input, value)] : [label, "", "blank"];
}

export function shopLines({ shop, t }: Common): string[] {
  const legal = [
    shop.legalName?.trim(),
    shop.taxId?.trim() && t("paper-shop-tax-id", { id: shop.taxId.trim() }),
  ].filter(Boolean);
  return [
    shop.name?.trim(),
    legal.length > 0 ? legal.join(", ") : undefined,
    shop.address?.trim(),
    shop.phone?.trim() && t("paper-shop-phone", { phone: shop.phone.trim() }),
    shop.hours?.trim() && t("paper-shop-hours", { hours: shop.hours.trim() }),
  ]
    .filter((line): line is string => Boolean(line))
    .map((line) => bounded(line, FIELD_LIMIT, t("paper-cut")));
}

export function money(input: Common, amount: number | undefined): string {
  return amount === undefined
    ? none(input)
    : input.t("paper-money", { amount: formatAmount(amount, input.locale) });
}

/** The estimate as the clerk typed it: an amount gets the currency, anything else stands as written. */
function estimate(input: Common, value: string | undefined): string {
  const amount = estimateAmount({ approximatePrice: value });
  return amount !== undefined ? money(input, amount) : text(input, value);
}

export const when = (input: Common, date: Date | undefined) =>
  date ? formatDateTime(date, input.locale, input.timezone) : none(input);

export function clientBlock(input: Common): Block {
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
          orBlank(input, t("paper-serial"), order.sn),
          [t("paper-color"), text(input, order.color)],
          [t("paper-faults"), list(input, order.problem)],
          orBlank(input, t("paper-equipment"), joined(order.completeSet)),
          orBlank(input, t("paper-appearance"), joined(order.appearance)),
        ],
      },
      {
        kind: "fields",
        rows: [
          [t("paper-estimate"), estimate(input, order.approximatePrice)],
          [t("paper-prepayment"), money(input, moneyOf(order).paid)],
          [t("paper-deadline"), when(input, order.deadline)],
          [t("paper-clerk"), text(input, input.clerk)],
        ],
      },
      {
        kind: "text",
        title: t("paper-terms"),
        text: bounded(input.terms, TERMS_LIMIT, t("paper-cut")),
        small: true,
      },
      ...acceptedBlock(input),
      signatures(input),
    ],
    copies:
      input.copies === 2
        ? { names: [t("paper-copy-client"), t("paper-copy-shop")], cut: t("paper-copy-cut") }
        : undefined,
  };
}

/** The terms accepted in Telegram (who, the phone, when: the order's comment), when they were. */
export function acceptedBlock(input: Common): Block[] {
  return input.accepted
    ? [{ kind: "text", title: input.t("paper-terms-accepted"), text: text(input, input.accepted) }]
    : [];
}

export function signatures({ t }: Common): Block {
  return {
    kind: "signatures",
    lines: [t("paper-sign-client"), t("paper-sign-shop")],
    hint: t("paper-sign-hint"),
  };
}
