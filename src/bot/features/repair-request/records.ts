/** What repair requests keep in the store: each namespace declared once (store/registry.ts). */
import { z } from "zod";
import { persisted } from "../../store/registry.ts";

const DAY = 24 * 60 * 60;

/** When the client can bring the device: one of the buttons, or their own words. */
const WHENS = ["today", "tomorrow", "week"] as const;
export type WhenChoice = (typeof WHENS)[number];
export const WHEN_CHOICES: readonly WhenChoice[] = WHENS;

const draft = z.object({
  step: z.enum(["device", "fault", "when"]),
  /** The devices offered as buttons (their earlier orders'), so a press names what it showed. */
  offered: z.array(z.string()),
  device: z.string().optional(),
  fault: z.string().optional(),
});
export type RepairDraft = z.infer<typeof draft>;

/** By client (Telegram user): the request being asked, step by step; an hour to finish it. */
export const repairDrafts = persisted({
  namespace: "repair-drafts",
  schema: draft,
  ttlSeconds: 60 * 60,
  whenStoreFails: "tell",
});

const request = z.object({
  /** The linked client's Telegram id. */
  client: z.number().int(),
  /** The counteragent the order is for (the client's, as linked), its name and phone as the CRM holds them. */
  counteragentId: z.string(),
  name: z.string(),
  phone: z.string().optional(),
  device: z.string(),
  fault: z.string(),
  when: z.union([z.object({ choice: z.enum(WHENS) }), z.object({ text: z.string() })]),
  /** Unix ms. */
  at: z.number(),
  /** The order it became (📥 Take in, then the intake's create). */
  order: z.object({ id: z.string(), number: z.string().optional() }).optional(),
});
export type RepairRequest = z.infer<typeof request>;

/** By request id: a client's repair request, for 📥 Take in and for telling the client its order's number. */
export const repairRequests = persisted({
  namespace: "repair-requests",
  schema: request,
  ttlSeconds: 30 * DAY,
  whenStoreFails: "throw",
});

/** By client: the repair requests they sent today (each reaches the staff: a few a day at most). */
export const repairCounts = persisted({
  namespace: "repair-request-count",
  schema: z.number().int().nonnegative(),
  ttlSeconds: DAY,
  whenStoreFails: "skip",
});
