/**
 * A client's phone and e-mail as typed by a clerk. The phone is sent to the
 * service normalized, so every order carries the same shape whatever was typed:
 * Russian numbers (11 digits with a leading 8 or 7, or 10 digits starting with
 * 9: a mobile without the country code) become `+7 900 123-45-67`; any other
 * 10-15 digit number becomes `+<digits>`. The service's phone search compares
 * digits only, so both shapes are found again by any form of the number.
 */

const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;
const EMAIL = /^[^\s@<>()[\]",;:]+@[^\s@<>()[\]",;:]+\.[^\s@<>()[\]",;:]{2,}$/;
const EMAIL_LIMIT = 100;

/** The normalized phone, or undefined when the text is not a phone (letters, too few or too many digits). */
export function normalizePhone(text: string): string | undefined {
  const typed = text.trim();
  if (!PHONE_CHARACTERS.test(typed)) return undefined;
  const digits = typed.replace(/\D/g, "");
  if (digits.length < 10 || digits.length > 15) return undefined;
  const plus = typed.startsWith("+");
  let national: string | undefined;
  if (digits.length === 11 && (digits.startsWith("7") || (!plus && digits.startsWith("8"))))
    national = digits.slice(1);
  else if (digits.length === 10 && !plus && digits.startsWith("9")) national = digits;
  if (national === undefined) return `+${digits}`;
  return `+7 ${national.slice(0, 3)} ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`;
}

/** A plausible e-mail address (something@domain.tld), trimmed; undefined otherwise. */
export function normalizeEmail(text: string): string | undefined {
  const typed = text.trim();
  return typed.length <= EMAIL_LIMIT && EMAIL.test(typed) ? typed : undefined;
}
