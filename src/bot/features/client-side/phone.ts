/**
 * A client's own number, normalized for an EXACT match (docs/decisions.md,
 * "Clients, deletes, paper and the client's side"): Russia's +7 and ten digits,
 * a leading 8 as the trunk prefix, ten digits alone read as +7. Never a
 * substring: "912 345" is no number at all. Other countries' numbers (11 to 15
 * digits with their country code) match on all their digits.
 *
 * Stands until dialog-kit/contact.ts has `normalizePhone(text, country)`
 * (libphonenumber-js); then this calls that one.
 */

/** "+79123456789" for a whole number; undefined when the text is no whole number. */
export function clientPhoneKey(text: string | undefined): string | undefined {
  if (!text) return undefined;
  if (!/^[\d\s()+\-.]+$/.test(text.trim())) return undefined;
  const digits = text.replace(/\D/g, "");
  if (digits.length === 11 && /^[78]/.test(digits)) return `+7${digits.slice(1)}`;
  if (digits.length === 10) return `+7${digits}`;
  if (digits.length >= 11 && digits.length <= 15) return `+${digits}`;
  return undefined;
}
