/** Request bodies checked with zod; the first broken field becomes "Incorrect field X". */
import type { z } from "zod";
import { badRequest } from "./errors.ts";

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body)) {
    throw badRequest("A JSON object body is required");
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join(".") || "body";
  throw badRequest(`Incorrect field ${field}${issue?.message ? `: ${issue.message}` : ""}`);
}
