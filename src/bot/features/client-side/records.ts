/** What the client's side keeps in the store: each namespace declared once (store/registry.ts). */
import { z } from "zod";
import { LOCALES } from "../../../config/schema.ts";
import { persisted } from "../../store/registry.ts";

const form = z.object({
  id: z.string(),
  name: z.string(),
  typeCounteragentId: z.string(),
  isBuyer: z.boolean(),
  isVendor: z.boolean(),
});

const clientLink = z.object({
  userId: z.number().int(),
  phone: z.string(),
  counteragents: z.array(form),
  locale: z.enum(LOCALES),
  linkedAt: z.number(),
  blocked: z.boolean().optional(),
});

/** Who linked themselves as a client (by Telegram user): consent given, so kept through a store failure's error. */
export const clientLinkRecords = persisted({
  namespace: "client-links",
  schema: clientLink,
  whenStoreFails: "throw",
});

/** The Telegram users linked to a counteragent (by its id): who is told of its orders. */
export const clientsOfCounteragent = persisted({
  namespace: "client-links-ca",
  schema: z.array(z.number().int()),
  whenStoreFails: "throw",
});

/** The counteragent's `isSendTelegram` as last read (by its id): a message checks it at most hourly. */
export const consentReads = persisted({
  namespace: "client-consent",
  schema: z.object({ allowed: z.boolean(), at: z.number() }),
  whenStoreFails: "skip",
});

/** Links and unlinks a user made today (by Telegram user). */
export const linkCounts = persisted({
  namespace: "client-link-count",
  schema: z.number().int().nonnegative(),
  ttlSeconds: 24 * 60 * 60,
  whenStoreFails: "skip",
});

/** An order's current approval round (by its id): part of the approval's exactly-once key. */
export const approvalRounds = persisted({
  namespace: "client-approval-rounds",
  schema: z.object({ round: z.string(), at: z.number() }),
  ttlSeconds: 90 * 24 * 60 * 60,
  whenStoreFails: "throw",
});
