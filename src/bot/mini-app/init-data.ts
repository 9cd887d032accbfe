/**
 * Telegram's initData, the identity every Mini App request carries: its hash is
 * the HMAC of its other fields keyed by the bot token (Telegram's recipe, computed
 * by @telegram-apps/init-data-node), compared in constant time here because the
 * library's own `validate` compares with `!==` and reads the wall clock; the age
 * is judged by the bot's clock against MINI_APP_MAX_AGE.
 */
import { timingSafeEqual } from "node:crypto";
import { hashToken, parse, signData } from "@telegram-apps/init-data-node";

export interface MiniAppUser {
  id: number;
  firstName: string;
  lastName?: string;
  languageCode?: string;
}

export type InitDataCheck =
  | { ok: true; user: MiniAppUser; authDate: Date }
  | { ok: false; reason: "missing" | "signature" | "expired" | "no-user" };

/** initData is a short query string; anything longer is not Telegram's. */
const MAX_LENGTH = 8192;

export function initDataChecker(botToken: string, maxAgeSeconds: number) {
  const key = hashToken(botToken).toString("hex");
  return (raw: string | undefined, now: Date): InitDataCheck => {
    if (!raw || raw.length > MAX_LENGTH) return { ok: false, reason: "missing" };
    const params = new URLSearchParams(raw);
    const hash = params.get("hash");
    const authSeconds = Number(params.get("auth_date"));
    if (!hash || !/^[0-9a-f]{64}$/.test(hash) || !Number.isInteger(authSeconds))
      return { ok: false, reason: "signature" };
    const pairs: string[] = [];
    params.forEach((value, name) => {
      if (name !== "hash") pairs.push(`${name}=${value}`);
    });
    pairs.sort();
    const expected = Buffer.from(signData(pairs.join("\n"), key, { tokenHashed: true }), "hex");
    if (!timingSafeEqual(expected, Buffer.from(hash, "hex"))) return { ok: false, reason: "signature" };
    const authDate = new Date(authSeconds * 1000);
    if (now.getTime() - authDate.getTime() > maxAgeSeconds * 1000) return { ok: false, reason: "expired" };
    let user: Record<string, unknown> | undefined;
    try {
      // At run time the parsed user keeps Telegram's snake_case names, whatever its types say.
      user = parse(params).user as Record<string, unknown> | undefined;
    } catch {
      return { ok: false, reason: "no-user" };
    }
    const text = (value: unknown) => (typeof value === "string" ? value : undefined);
    if (typeof user?.id !== "number" || !Number.isSafeInteger(user.id))
      return { ok: false, reason: "no-user" };
    return {
      ok: true,
      authDate,
      user: {
        id: user.id,
        firstName: text(user.first_name) ?? "",
        lastName: text(user.last_name),
        languageCode: text(user.language_code),
      },
    };
  };
}
