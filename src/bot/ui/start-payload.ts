/**
 * /start payloads (deep links `https://t.me/<bot>?start=<payload>`), all read
 * here, once: a letter names the kind, the rest its value.
 * - `o<orderId>`: that order's card in the private chat (a group card's link; staff only,
 *   and the order reader keeps to the configured workshops);
 * - `l…`, `r…`: a label's and a receipt's signed payload (signed-payload.ts), checked here.
 * Telegram allows 1-64 characters of A-Z, a-z, 0-9, _ and -.
 */
import { type PayloadPurpose, readSignedPayload } from "./signed-payload.ts";

const PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;

export type StartPayload =
  /** A plain /start (or a payload in a group chat, where none is read). */
  | { kind: "none" }
  | { kind: "order"; orderId: string }
  | { kind: PayloadPurpose; orderId: string }
  /** A label's or a receipt's letter that is no genuine payload: forged, cut, another bot's. */
  | { kind: "forged"; purpose: PayloadPurpose }
  | { kind: "unknown" };

const SIGNED: Record<string, PayloadPurpose> = { l: "label", r: "receipt" };

/** What a /start's text asks for (`secret`: the bot token the signed payloads are keyed by). */
export function readStartPayload(text: string, secret: string): StartPayload {
  const payload = text.trim();
  if (payload === "") return { kind: "none" };
  // A label's or a receipt's letter: genuine, or said to open nothing (however long or cut).
  const purpose = SIGNED[payload[0] ?? ""];
  if (!PAYLOAD.test(payload)) return purpose ? { kind: "forged", purpose } : { kind: "unknown" };
  if (payload.startsWith("o") && payload.length > 1) return { kind: "order", orderId: payload.slice(1) };
  if (!purpose) return { kind: "unknown" };
  const orderId = readSignedPayload(purpose, payload, secret);
  return orderId ? { kind: purpose, orderId } : { kind: "forged", purpose };
}

/** The deep link to the private chat on one order; undefined when the id cannot be a payload. */
export function orderStartLink(botUsername: string, orderId: string): string | undefined {
  const payload = `o${orderId}`;
  return PAYLOAD.test(payload) ? `https://t.me/${botUsername}?start=${payload}` : undefined;
}
