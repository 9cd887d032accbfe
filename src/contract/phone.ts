/**
 * What counts as a phone, and "8 reads as 7": the one copy of the rule that the
 * sandbox's phone search, the mirror's index, the bot's lookups and the client's
 * own contact all follow (docs/decisions.md, "A second working day": Phones).
 *
 * - Search (staff, the service, the mirror): digits only, as a substring; an
 *   11-digit number's leading 8 is Russia's trunk prefix and reads as 7, and a
 *   query that starts with 8 also finds the +7 form (`phoneVariants`).
 * - A whole number (a clerk types it, a client shares it, the CRM holds it):
 *   libphonenumber-js with its full metadata, for the shop's country
 *   (PHONE_COUNTRY): valid for that country's numbering plan, or no number at
 *   all. E.164 (`phoneKey`) is the one form numbers are compared by; matching a
 *   client's Telegram contact is exact on it, never a substring, and a number
 *   the library does not accept (Telegram's anonymous +888 numbers, a CRM's
 *   placeholder `8 888 888-88-88`) matches nothing.
 */
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js/max";

/** The characters a typed phone may hold besides digits. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;
/** E.164 allows at most 15 digits. */
const MAX_DIGITS = 15;

/** Digits of a phone, an 11-digit number's leading 8 read as 7 (Russia's trunk prefix). */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("8") ? `7${digits.slice(1)}` : digits;
}

/** A text made only of phone characters with `min`..15 digits: its digits (as typed), else undefined. */
export function phoneQueryDigits(text: string, min: number): string | undefined {
  const typed = text.trim();
  if (!PHONE_CHARACTERS.test(typed)) return undefined;
  const digits = typed.replace(/\D/g, "");
  return digits.length >= min && digits.length <= MAX_DIGITS ? digits : undefined;
}

/**
 * The digit runs a phone query finds, as substrings of `phoneDigits`: the query, with a leading 8
 * also as 7, and a whole Russian number (8 or 7 and ten digits) also without its country code.
 */
export function phoneVariants(queryDigits: string): string[] {
  const variants = [queryDigits];
  if (queryDigits.startsWith("8") && queryDigits.length > 1) variants.push(`7${queryDigits.slice(1)}`);
  if (queryDigits.length === 11 && /^[78]/.test(queryDigits)) variants.push(queryDigits.slice(1));
  return [...new Set(variants)];
}

/** Whether a held phone holds the query's digits (the search rule above). */
export function phoneHolds(phone: string, queryDigits: string): boolean {
  const digits = phoneDigits(phone);
  return phoneVariants(queryDigits).some((variant) => digits.includes(variant));
}

/** The shop's country as libphonenumber knows it; RU when the code is not one it knows. */
export function phoneCountry(code: string | undefined): CountryCode {
  const upper = code?.toUpperCase() ?? "";
  return isSupportedCountry(upper) ? upper : "RU";
}

function parse(text: string, country: string) {
  const typed = text.trim();
  if (!PHONE_CHARACTERS.test(typed)) return undefined;
  const phone = parsePhoneNumberFromString(typed, phoneCountry(country));
  return phone?.isValid() ? phone : undefined;
}

/** The phone in E.164 (`+79035551122`), or undefined when the text is no valid number of `country` (or a `+` one). */
export function phoneKey(text: string | undefined, country: string): string | undefined {
  if (!text?.trim()) return undefined;
  return parse(text, country)?.number;
}

/**
 * Telegram's contact: the whole international number, its digits with or without the "+"
 * ("79123456789"); read as that, else as the shop's country reads it; valid, or undefined.
 */
export function contactPhoneKey(text: string | undefined, country: string): string | undefined {
  if (!text?.trim() || !PHONE_CHARACTERS.test(text.trim())) return undefined;
  return phoneKey(`+${text.replace(/\D/g, "")}`, country) ?? phoneKey(text, country);
}

/** The phone as an order or a client carries it (`+7 903 555-11-22`), or undefined when it is no valid number. */
export function phoneForService(text: string, country: string): string | undefined {
  const phone = parse(text, country);
  if (!phone) return undefined;
  // Russia's numbers in the shape its CRMs print them; others in the library's international form.
  const national = phone.nationalNumber;
  if (phone.countryCallingCode === "7" && national.length === 10)
    return `+7 ${national.slice(0, 3)} ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`;
  return phone.formatInternational();
}
