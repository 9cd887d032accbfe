/**
 * Callback data codec: `prefix:field:field`, each field URI-encoded (so ":" in a
 * value cannot shift fields), the whole string at most 64 bytes as Telegram
 * demands. Data coming back is untrusted (old messages, forged clients): decode
 * returns undefined for anything that does not match, and handlers re-check the
 * role before acting.
 */

export const CALLBACK_DATA_LIMIT = 64;

interface CallbackCodec<F extends string> {
  readonly prefix: string;
  /** Matches this codec's data; use with `bot.callbackQuery(codec.filter, ...)`. */
  readonly filter: RegExp;
  /** Throws when the result would exceed 64 bytes: that is a programming error, not user input. */
  encode(values: Record<F, string | number>): string;
  /** Returns undefined for malformed data. */
  decode(data: string | undefined): Record<F, string> | undefined;
  /** True when these values fit into 64 bytes (e.g. a long foreign id). */
  fits(values: Record<F, string | number>): boolean;
}

const PREFIX = /^[a-z][a-z0-9]{0,7}$/;

export function callbackCodec<const F extends string>(
  prefix: string,
  fields: readonly F[],
): CallbackCodec<F> {
  if (!PREFIX.test(prefix)) throw new Error(`Invalid callback prefix "${prefix}"`);
  const build = (values: Record<F, string | number>) =>
    [prefix, ...fields.map((field) => encodeURIComponent(String(values[field])))].join(":");
  return {
    prefix,
    filter: new RegExp(`^${prefix}(?::[^:]*){${fields.length}}$`),
    encode(values) {
      const data = build(values);
      if (Buffer.byteLength(data) > CALLBACK_DATA_LIMIT) {
        throw new Error(`Callback data over ${CALLBACK_DATA_LIMIT} bytes: ${data}`);
      }
      return data;
    },
    fits: (values) => Buffer.byteLength(build(values)) <= CALLBACK_DATA_LIMIT,
    decode(data) {
      if (data === undefined || Buffer.byteLength(data) > CALLBACK_DATA_LIMIT) return undefined;
      const parts = data.split(":");
      if (parts[0] !== prefix || parts.length !== fields.length + 1) return undefined;
      const result = {} as Record<F, string>;
      for (const [index, field] of fields.entries()) {
        try {
          result[field] = decodeURIComponent(parts[index + 1] ?? "");
        } catch {
          return undefined; // broken %-escape: forged data
        }
      }
      return result;
    },
  };
}

/** Decodes a non-negative page number from callback data; undefined when it is not one. */
export function pageNumber(text: string, max = 1000): number | undefined {
  if (!/^\d{1,4}$/.test(text)) return undefined;
  const page = Number(text);
  return page >= 1 && page <= max ? page : undefined;
}
