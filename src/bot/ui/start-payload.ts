/**
 * /start payloads (deep links `https://t.me/<bot>?start=<payload>`): a short
 * letter names the kind, the rest its value. `o<orderId>` opens that order's
 * card in the private chat (the group card's link). Telegram allows 1-64
 * characters of A-Z, a-z, 0-9, _ and -.
 */
const PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;

type StartPayload = { kind: "order"; id: string } | { kind: "other"; text: string };

/** What a /start payload asks for; undefined for none or a malformed one. */
export function parseStartPayload(text: string): StartPayload | undefined {
  const payload = text.trim();
  if (!PAYLOAD.test(payload)) return undefined;
  if (payload.startsWith("o") && payload.length > 1) return { kind: "order", id: payload.slice(1) };
  return { kind: "other", text: payload };
}

/** The deep link to the private chat on one order; undefined when the id cannot be a payload. */
export function orderStartLink(botUsername: string, orderId: string): string | undefined {
  const payload = `o${orderId}`;
  return PAYLOAD.test(payload) ? `https://t.me/${botUsername}?start=${payload}` : undefined;
}
