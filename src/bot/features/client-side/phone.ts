/**
 * A client's own number, normalized for an EXACT match (docs/decisions.md,
 * "Clients, deletes, paper and the client's side"): E.164 as libphonenumber
 * reads it for the shop's country (PHONE_COUNTRY; dialog-kit/contact.ts), so
 * +7 and 8 are one number. Never a substring: "912 345" is no number at all.
 * A number libphonenumber does not know as valid (an odd range the CRM holds
 * anyway) is compared by all its digits, 8 and ten digits read as Russia's.
 */
import { normalizePhone } from "../../dialog-kit/contact.ts";

/** The digits' rule: +7 and ten digits for 8/7 and eleven, ten alone as +7; 11-15 digits whole. */
function digitsKey(text: string): string | undefined {
  if (!/^[\d\s()+\-.]+$/.test(text.trim())) return undefined;
  const digits = text.replace(/\D/g, "");
  if (digits.length === 11 && /^[78]/.test(digits)) return `+7${digits.slice(1)}`;
  if (digits.length === 10) return `+7${digits}`;
  if (digits.length >= 11 && digits.length <= 15) return `+${digits}`;
  return undefined;
}

/** A number as the CRM holds it or a person types it: "+79123456789", or undefined when it is no whole number. */
export function clientPhoneKey(text: string | undefined, country: string): string | undefined {
  if (!text?.trim()) return undefined;
  return normalizePhone(text, country) ?? digitsKey(text);
}

/**
 * Telegram's contact: the whole international number, its digits with or without
 * the "+" ("79123456789"); read as that, else as the shop's country reads it.
 */
export function contactPhoneKey(text: string | undefined, country: string): string | undefined {
  if (!text?.trim()) return undefined;
  const international = `+${text.replace(/\D/g, "")}`;
  return normalizePhone(international, country) ?? clientPhoneKey(text, country);
}
