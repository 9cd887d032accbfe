/**
 * Signed /start payloads for one order: a letter naming the purpose, a tag and
 * the order id in base64url. The tag is an HMAC-SHA256 of the id keyed by the
 * purpose and the bot token, cut to 12 characters (72 bits): a payload for one
 * order says nothing usable about another, so nobody can walk the ids from a
 * label or a receipt in hand, and a label's payload is no receipt's. /start
 * takes at most 64 characters of [A-Za-z0-9_-]; a longer id gets no link.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** The letter each purpose's payload starts with (start-payload.ts owns `o`). */
const PURPOSES = { label: "l", receipt: "r" } as const;
export type PayloadPurpose = keyof typeof PURPOSES;

const TAG_LENGTH = 12;
const PAYLOAD_LIMIT = 64;
const BODY = /^[A-Za-z0-9_-]{13,63}$/;

function tagOf(purpose: PayloadPurpose, orderId: string, secret: string): string {
  return createHmac("sha256", `${purpose}:${secret}`)
    .update(orderId)
    .digest("base64url")
    .slice(0, TAG_LENGTH);
}

/** The payload for an order, or undefined when the id is too long for a /start link. */
export function signPayload(purpose: PayloadPurpose, orderId: string, secret: string): string | undefined {
  const id = Buffer.from(orderId, "utf8").toString("base64url");
  const payload = `${PURPOSES[purpose]}${tagOf(purpose, orderId, secret)}${id}`;
  return payload.length <= PAYLOAD_LIMIT && orderId.length > 0 ? payload : undefined;
}

/** The order id of a genuine payload of that purpose; undefined for anything else (forged, cut, another bot's). */
export function readSignedPayload(
  purpose: PayloadPurpose,
  payload: string,
  secret: string,
): string | undefined {
  const prefix = PURPOSES[purpose];
  if (!payload.startsWith(prefix) || !BODY.test(payload.slice(prefix.length))) return undefined;
  const tag = payload.slice(prefix.length, prefix.length + TAG_LENGTH);
  const encoded = payload.slice(prefix.length + TAG_LENGTH);
  const orderId = Buffer.from(encoded, "base64url").toString("utf8");
  if (orderId.length === 0 || Buffer.from(orderId, "utf8").toString("base64url") !== encoded)
    return undefined;
  const expected = Buffer.from(tagOf(purpose, orderId, secret));
  const given = Buffer.from(tag);
  return given.length === expected.length && timingSafeEqual(given, expected) ? orderId : undefined;
}

/** The link a phone camera opens: the bot's chat with /start and the payload. */
export function startLink(botUsername: string, payload: string): string {
  return `https://t.me/${botUsername}?start=${payload}`;
}
