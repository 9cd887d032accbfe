/**
 * What an order list shows, saved with it (saved-searches.ts) so its pages and
 * retries run the same query again: a typed union, one member per way of
 * finding orders. A new list (stuck orders, a period's orders) adds its member
 * here, its page in the order reader's sources (src/bot/orders/) and an
 * OrderListKind for its texts (features/order-list.ts); the compiler asks for each.
 */
import { z } from "zod";

const MAX_QUERY_TEXT = 40;
export const MAX_SEARCH_TEXT = 100;

/** Digits: the exact numeric order number (`num`). */
const exactNumber = z.object({
  kind: z.literal("num"),
  num: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  text: z.string().min(1).max(MAX_QUERY_TEXT),
  /** No order of this number: the clients' phones holding these digits instead. */
  phone: z.boolean().optional(),
});
/** Anything else typed as a number: a part of the textual number, prefix counted. */
const partialNumber = z.object({ kind: z.literal("number"), text: z.string().min(1).max(MAX_QUERY_TEXT) });
/** Open orders past their deadline in the configured workshops. */
const overdue = z.object({ kind: z.literal("overdue") });
/** Open orders with no change for STUCK_DAYS or past their status's time norm (/overdue stuck). */
const stuck = z.object({ kind: z.literal("stuck") });

/** Search by anything (client, phone, device, serial number, faults). */
const search = z.object({ kind: z.literal("search"), text: z.string().min(1).max(MAX_SEARCH_TEXT) });
/** `/my`: the open orders of one employee (master or manager). */
const mine = z.object({ kind: z.literal("mine"), employeeId: z.string().min(1).max(100) });

/** `/board`: the open orders of one status, of one employee (`mine`) or workshop when filtered. */
const board = z.object({
  kind: z.literal("board"),
  statusId: z.string().min(1).max(100),
  employeeId: z.string().min(1).max(100).optional(),
  shopId: z.string().min(1).max(100).optional(),
});

export const listQuerySchema = z.discriminatedUnion("kind", [
  exactNumber,
  partialNumber,
  overdue,
  stuck,
  search,
  mine,
  board,
]);
export type ListQuery = z.infer<typeof listQuerySchema>;
export type ListKind = ListQuery["kind"];

/** The name filter of a staff list (`/masters Ив`), saved so its page buttons stay short. */
const staffFilter = z.object({ kind: z.literal("staff"), name: z.string().max(100) });
type StaffFilter = z.infer<typeof staffFilter>;

/** What a token stands for: a list query or a staff filter. */
export type SavedQuery = ListQuery | StaffFilter;

/** A saved query as read back (text saved alone by an older version, expired since, reads as nothing). */
export const savedQuerySchema = z.union([listQuerySchema, staffFilter]);

/** The order list a saved query stands for (none for a staff filter). */
export function asListQuery(saved: SavedQuery): ListQuery | undefined {
  return saved.kind === "staff" ? undefined : saved;
}

/** The staff filter a saved query stands for (none for an order list). */
export function asStaffFilter(saved: SavedQuery): string | undefined {
  return saved.kind === "staff" ? saved.name : undefined;
}
