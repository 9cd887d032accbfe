/**
 * A client's phone and e-mail as typed by a clerk. A phone is read by
 * libphonenumber-js (its full metadata, so a number must fit its country's
 * numbering plan, not only its length) as a number of the shop's country
 * (PHONE_COUNTRY): `8 903 555-11-22` in Russia is +7 with 8 as the trunk
 * prefix, `8 903 555-1-22` (ten digits) is no Russian number. A number typed
 * with its `+` and country code is read as that country's.
 *
 * `normalizePhone` gives E.164 (`+79035551122`): the one form to compare
 * numbers by (the client's side matches a Telegram contact on it exactly).
 * `phoneForService` is what an order or a client carries: the international
 * form the CRM shows (`+7 903 555-11-22`); the service's phone search compares
 * digits only, so it is found again by any form of the number.
 */
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js/max";

const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;
const EMAIL = /^[^\s@<>()[\]",;:]+@[^\s@<>()[\]",;:]+\.[^\s@<>()[\]",;:]{2,}$/;
const EMAIL_LIMIT = 100;

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
export function normalizePhone(text: string, country: string): string | undefined {
  return parse(text, country)?.number;
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

/** A plausible e-mail address (something@domain.tld), trimmed; undefined otherwise. */
export function normalizeEmail(text: string): string | undefined {
  const typed = text.trim();
  return typed.length <= EMAIL_LIMIT && EMAIL.test(typed) ? typed : undefined;
}
