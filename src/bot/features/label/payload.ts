/**
 * The deep link payload of a device label: `l` + a tag + the order id in
 * base64url. The tag is an HMAC-SHA256 of the id keyed by the bot token, cut
 * to 12 characters (72 bits): a payload for one order says nothing usable
 * about another, so nobody can walk the ids from a label in hand. /start
 * takes at most 64 characters of [A-Za-z0-9_-]; a longer id gets no link.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const PREFIX = "l";
const TAG_LENGTH = 12;
const PAYLOAD_LIMIT = 64;
const SHAPE = /^l[A-Za-z0-9_-]{13,63}$/;

function tagOf(orderId: string, secret: string): string {
  return createHmac("sha256", `label:${secret}`).update(orderId).digest("base64url").slice(0, TAG_LENGTH);
}

/** The payload for an order, or undefined when the id is too long for a /start link. */
export function labelPayload(orderId: string, secret: string): string | undefined {
  const payload = `${PREFIX}${tagOf(orderId, secret)}${Buffer.from(orderId, "utf8").toString("base64url")}`;
  return payload.length <= PAYLOAD_LIMIT && orderId.length > 0 ? payload : undefined;
}

/** The order id of a genuine label payload; undefined for anything else (forged, cut, another bot's). */
export function readLabelPayload(payload: string, secret: string): string | undefined {
  if (!SHAPE.test(payload)) return undefined;
  const tag = payload.slice(PREFIX.length, PREFIX.length + TAG_LENGTH);
  const orderId = Buffer.from(payload.slice(PREFIX.length + TAG_LENGTH), "base64url").toString("utf8");
  if (
    orderId.length === 0 ||
    Buffer.from(orderId, "utf8").toString("base64url") !== payload.slice(PREFIX.length + TAG_LENGTH)
  )
    return undefined;
  const expected = Buffer.from(tagOf(orderId, secret));
  const given = Buffer.from(tag);
  return given.length === expected.length && timingSafeEqual(given, expected) ? orderId : undefined;
}

/** The link a phone camera opens: the bot's chat with /start and the payload. */
export function labelLink(botUsername: string, payload: string): string {
  return `https://t.me/${botUsername}?start=${payload}`;
}
