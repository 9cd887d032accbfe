/**
 * The deep link payload of a device label: `l` + an HMAC tag + the order id
 * (ui/signed-payload.ts), so a label in hand opens its order for staff only.
 */
import { readSignedPayload, signPayload, startLink } from "../../ui/signed-payload.ts";

/** The payload for an order, or undefined when the id is too long for a /start link. */
export function labelPayload(orderId: string, secret: string): string | undefined {
  return signPayload("label", orderId, secret);
}

/** The order id of a genuine label payload; undefined for anything else (forged, cut, another bot's). */
export function readLabelPayload(payload: string, secret: string): string | undefined {
  return readSignedPayload("label", payload, secret);
}

/** The link a phone camera opens: the bot's chat with /start and the payload. */
export const labelLink = startLink;
