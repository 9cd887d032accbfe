import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_REACHABLE } from "../../contract/lists.ts";

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_REACHABLE };

/** Shared rules of what the caller sends; failures become kind "validation". */

export const inputId = z.string().refine((value) => value.trim() !== "", "must be a non-empty id");

export const money = z.number().finite().nonnegative();

export const rating = z.union([z.literal(-1), z.literal(0), z.literal(1)], {
  error: "must be -1, 0 or 1",
});

/** A point in time as Date or Unix ms; sent as Unix ms. */
export const millis = z
  .union([z.date(), z.number()])
  .transform((value) => (value instanceof Date ? value.getTime() : value))
  .pipe(z.number().int("must be whole Unix milliseconds").nonnegative());

const bound = z.union([millis, z.null()]);

/** `[start | null, end | null]`; an open bound is null. */
export const dateRange = z
  .tuple([bound, bound])
  .refine(([start, end]) => start === null || end === null || start <= end, "range start is after its end");
export type DateRangeInput = z.input<typeof dateRange>;

export const customFieldsInput = z.array(z.strictObject({ id: inputId, value: z.unknown() }));

export const paging = {
  page: z.number().int().min(1).optional(),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
};

export function pagingWithinReach(query: {
  page?: number | undefined;
  pageSize?: number | undefined;
}): boolean {
  return (query.page ?? 1) * (query.pageSize ?? DEFAULT_PAGE_SIZE) <= MAX_REACHABLE;
}

export const pagingReachMessage = {
  message: `page * pageSize must not exceed ${MAX_REACHABLE}`,
  path: ["page"],
};

/** `sort` as `<field> ASC|DESC` with the endpoint's own fields. */
export function sortOf(fields: readonly string[]) {
  const pattern = new RegExp(`^(${fields.join("|")}) (ASC|DESC)$`);
  return z.string().regex(pattern, `must be "<field> ASC|DESC" with field one of: ${fields.join(", ")}`);
}
