import { z } from "zod";
import { answer, isObject, num, record } from "./common.ts";

/**
 * Both envelope styles: `{data, total, page, pageSize, remainRequest, expireDate}`
 * and the older `{data, version, remainRequest, expireDate}`.
 */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return answer(
    z.preprocess(
      (body) => (Array.isArray(body) ? { data: body } : body), // tolerate a bare array
      record({
        data: z.array(item),
        total: num.optional(),
        page: num.optional(),
        pageSize: num.optional(),
      }),
    ),
  );
}

/** One record: `{data: {...}}`; a bare record (with an id) is accepted too. */
export function oneEnvelope<T extends z.ZodType>(item: T) {
  return answer(
    z.preprocess(
      (body) => (isObject(body) && body.data === undefined && body.id !== undefined ? { data: body } : body),
      record({ data: item }),
    ),
  );
}

/** What every list method returns. */
export interface Page<T> {
  items: T[];
  /** Present when the service counts (not on employee lists). */
  total?: number;
  page: number;
  pageSize: number;
  /** Records the service returned that did not match the query (a filter it ignored), removed. */
  dropped?: number;
}
