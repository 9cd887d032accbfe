import type { z } from "zod";
import { ServiceError, validationError } from "../errors.ts";
import type { Page } from "../schemas/envelope.ts";
import { DEFAULT_PAGE_SIZE } from "../schemas/input.ts";
import type { CallSpec } from "../transport.ts";

/** What a resource needs: an authorized call (token, renewal and repeat handled by the client). */
export interface Caller {
  call<S extends z.ZodType>(spec: Omit<CallSpec<S>, "token" | "isAuthCall">): Promise<z.output<S>>;
}

/** Checks caller input against its schema; kind "validation", nothing sent, on failure. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(what, result.error);
  return result.data;
}

/** A path segment from an id; an empty id never produces a request to another path. */
export function pathId(value: string, field: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    const message = "must be a non-empty id";
    throw new ServiceError("validation", `Invalid ${field}: ${message}`, { issues: [{ field, message }] });
  }
  return encodeURIComponent(value);
}

interface ListAnswer<T> {
  data: T[];
  total?: number | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/** Page numbers from the answer, else from the request, else the service defaults. */
export function toPage<T>(answer: ListAnswer<T>, query: { page?: number; pageSize?: number } = {}): Page<T> {
  const page: Page<T> = {
    items: answer.data,
    page: answer.page ?? query.page ?? 1,
    pageSize: answer.pageSize ?? query.pageSize ?? DEFAULT_PAGE_SIZE,
  };
  if (answer.total !== undefined) page.total = answer.total;
  return page;
}

/** A whole (unpaged) list such as reference data: one page holding everything. */
export function wholeList<T>(answer: ListAnswer<T>): Page<T> {
  return {
    items: answer.data,
    total: answer.total ?? answer.data.length,
    page: 1,
    pageSize: answer.data.length,
  };
}
