/** The zod pieces the environment schema is made of: each reads one kind of value and says clearly what is wrong. */
import { z } from "zod";

/** Empty strings in .env files mean "not set", not "set to nothing". */
export const optionalText = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.string().trim().min(1).optional(),
);

export const idList = (name: string) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? [] : v),
    z.union([
      z.array(z.number()),
      z
        .string()
        .transform((s) =>
          s
            .split(/[\s,;]+/)
            .filter(Boolean)
            .map((part) => Number(part)),
        )
        .refine((ids) => ids.every((id) => Number.isSafeInteger(id) && id > 0), {
          message: `${name} must be a comma-separated list of numeric Telegram user ids`,
        }),
    ]),
  );

/** Names that may hold spaces (status names): separated by commas or semicolons. */
export const nameList = z.preprocess(
  (v) => v ?? "",
  z.string().transform((s) =>
    s
      .split(/[,;]+/)
      .map((part) => part.trim())
      .filter(Boolean),
  ),
);

export const stringList = z.preprocess(
  (v) => v ?? "",
  z.string().transform((s) =>
    s
      .split(/[\s,;]+/)
      .map((part) => part.trim())
      .filter(Boolean),
  ),
);

export const url = (name: string) =>
  z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string({ error: `${name} is required` })
      .refine((s) => URL.canParse(s) && /^https?:/.test(s), { message: `${name} must be an http(s) URL` }),
  );

export const optionalUrl = (name: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .trim()
      .refine((s) => URL.canParse(s) && /^https?:/.test(s), { message: `${name} must be an http(s) URL` })
      .optional(),
  );

export const timezone = z
  .string()
  .default("Europe/Moscow")
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: "TIMEZONE must be an IANA time zone such as Europe/Moscow" },
  );

export const positiveInt = (name: string, fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? fallback : Number(v)),
    z
      .number({ error: `${name} must be a number` })
      .int()
      .positive({ message: `${name} must be a positive integer` }),
  );

export const port = (fallback: number | undefined) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? fallback : Number(v)),
    z
      .number({ error: "PORT must be a number" })
      .int()
      .min(0, { message: "PORT must be between 0 and 65535" })
      .max(65535, { message: "PORT must be between 0 and 65535" })
      .optional(),
  );

const DURATION_UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration such as `24h`, `1d`, `90m` or `1d12h`, in ms; empty or `off`: not set. */
export const optionalDuration = (name: string) =>
  z.preprocess(
    (v) =>
      v === undefined || String(v).trim() === "" || String(v).trim().toLowerCase() === "off" ? undefined : v,
    z
      .string()
      .trim()
      .toLowerCase()
      .refine((s) => /^(\d+[dhm])+$/.test(s), {
        message: `${name} must be a duration such as 24h, 1d or 90m (or off)`,
      })
      .transform((s) =>
        [...s.matchAll(/(\d+)([dhm])/g)].reduce(
          (ms, [, n, unit]) => ms + Number(n) * (DURATION_UNITS[unit ?? "m"] ?? 0),
          0,
        ),
      )
      .refine((ms) => ms > 0, { message: `${name} must be longer than 0` })
      .optional(),
  );
