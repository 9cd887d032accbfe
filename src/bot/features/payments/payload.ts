/**
 * An invoice's payload: short, signed, naming the order, the amount and the
 * round, and nothing about a person (no phone, no name). Shape:
 * `<kind><round>.<order id, base64url>.<amount in minor units, base36>.<tag>`,
 * the tag an HMAC-SHA256 of the rest keyed by the bot token, cut to 16
 * characters (96 bits). Telegram takes 1-128 bytes; a longer order id gets no
 * invoice. A payload changed in any character, or made by another bot, reads
 * as nothing.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { PayKind } from "../../money/payable.ts";

const TAG_LENGTH = 16;
const PAYLOAD_LIMIT = 128;
const SHAPE = /^([fp])([0-9a-z]{1,10})\.([A-Za-z0-9_-]{1,90})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{16})$/;

export interface InvoicePayload {
  kind: PayKind;
  /** The invoice's round: when it was made (Unix seconds); a new invoice of the same order is a new round. */
  round: number;
  orderId: string;
  /** In the currency's minor units. */
  amount: number;
}

function tagOf(body: string, secret: string): string {
  return createHmac("sha256", `payment:${secret}`).update(body).digest("base64url").slice(0, TAG_LENGTH);
}

/** The payload of an invoice, or undefined when it would not fit. */
export function signInvoice(invoice: InvoicePayload, secret: string): string | undefined {
  const id = Buffer.from(invoice.orderId, "utf8").toString("base64url");
  const body = `${invoice.kind === "full" ? "f" : "p"}${invoice.round.toString(36)}.${id}.${invoice.amount.toString(36)}`;
  const payload = `${body}.${tagOf(body, secret)}`;
  return payload.length <= PAYLOAD_LIMIT && invoice.orderId.length > 0 ? payload : undefined;
}

/** What a genuine payload says; undefined for anything else (forged, cut, another bot's). */
export function readInvoice(payload: string | undefined, secret: string): InvoicePayload | undefined {
  const match = payload === undefined ? null : SHAPE.exec(payload);
  if (!match || !payload) return undefined;
  const [, kind, round, encoded = "", amount = "", tag = ""] = match;
  const body = payload.slice(0, payload.length - TAG_LENGTH - 1);
  const expected = Buffer.from(tagOf(body, secret));
  const given = Buffer.from(tag);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const orderId = Buffer.from(encoded, "base64url").toString("utf8");
  if (Buffer.from(orderId, "utf8").toString("base64url") !== encoded) return undefined;
  return {
    kind: kind === "f" ? "full" : "prepay",
    round: Number.parseInt(round ?? "", 36),
    orderId,
    amount: Number.parseInt(amount, 36),
  };
}

/** The payload's tag: the key of its invoice record (unique per invoice). */
export function payloadKey(payload: string): string {
  return payload.slice(-TAG_LENGTH);
}
