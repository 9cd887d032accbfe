/**
 * A client's e-mail as typed by a clerk. Phones follow the one phone rule of
 * src/contract/phone.ts (`phoneForService`, `phoneKey`).
 */
const EMAIL = /^[^\s@<>()[\]",;:]+@[^\s@<>()[\]",;:]+\.[^\s@<>()[\]",;:]{2,}$/;
const EMAIL_LIMIT = 100;

/** A plausible e-mail address (something@domain.tld), trimmed; undefined otherwise. */
export function normalizeEmail(text: string): string | undefined {
  const typed = text.trim();
  return typed.length <= EMAIL_LIMIT && EMAIL.test(typed) ? typed : undefined;
}
