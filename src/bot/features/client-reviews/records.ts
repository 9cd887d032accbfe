/** What the reviews keep in the store: each namespace declared once (store/registry.ts). */
import { z } from "zod";
import { persisted } from "../../store/registry.ts";

const REVIEW_STATES = ["due", "asked", "answered", "skipped"] as const;

const review = z.object({
  orderId: z.string(),
  counteragentId: z.string(),
  /** When the hand-over was noticed (Unix ms). */
  handedAt: z.number(),
  /** Not asked before (Unix ms): the hand-over plus REVIEW_AFTER. */
  dueAt: z.number(),
  state: z.enum(REVIEW_STATES),
  /** The Telegram users asked: only their presses count. */
  asked: z.array(z.number().int()).optional(),
  /** Why nobody was asked (no linked client, no consent, reopened, too late). */
  reason: z.string().optional(),
  /** The master of the order at the hand-over (their average in /report). */
  master: z.object({ id: z.string(), name: z.string().optional() }).optional(),
  stars: z.number().int().min(1).max(5).optional(),
  by: z.number().int().optional(),
  answeredAt: z.number().optional(),
  words: z.string().optional(),
});
export type Review = z.infer<typeof review>;

/** An order's review (by its id): asked once per order, ever (the year it is kept). */
export const clientReviews = persisted({
  namespace: "client-reviews",
  schema: review,
  ttlSeconds: 400 * 24 * 60 * 60,
  whenStoreFails: "throw",
});

/** One entry ("due"): the reviews not asked yet, by order id, with when they fall due. */
export const reviewsDue = persisted({
  namespace: "client-reviews-due",
  schema: z.record(z.string(), z.number()),
  whenStoreFails: "throw",
});
export const DUE_KEY = "due";

/** A client who gave 3 stars or less and may add a few words (by Telegram user): the order. */
export const reviewWords = persisted({
  namespace: "client-review-words",
  schema: z.object({ orderId: z.string(), until: z.number() }),
  ttlSeconds: 3 * 60 * 60,
  whenStoreFails: "throw",
});

/** A master's stars (by employee id): the newest reviews, one per order. */
export const masterStars = persisted({
  namespace: "client-review-masters",
  schema: z.array(z.object({ order: z.string(), stars: z.number().int().min(1).max(5) })),
  whenStoreFails: "skip",
});
