/**
 * `--control` (off unless asked for): change orders as the CRM's other users
 * would, from a test in another process. Authorized like any call.
 *   POST /_control/orders/{id}        body: change fields (statusId, masterId...), or {"delete": true}
 *   POST /_control/shops/{id}/orders  body: order fields -> {"data": {"id"}}
 *   POST /_control/random             body: {"count": N} -> {"data": [{kind, orderId}...]}
 */
import { z } from "zod";
import { badRequest } from "./errors.ts";
import type { OtherUsers } from "./others.ts";
import type { Router } from "./router.ts";

const fields = z.record(z.string(), z.unknown());
const randomBody = z.object({ count: z.number().int().min(1).max(1000).default(1) });

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw badRequest("Invalid control body");
  return parsed.data;
}

export function controlRoutes(router: Router, others: OtherUsers): void {
  router.add("POST", "/_control/orders/:id", (ctx) => {
    const body = parse(fields, ctx.body);
    if (body.delete === true) others.remove(ctx.params.id ?? "");
    else others.change(ctx.params.id ?? "", body);
    return { data: { success: true } };
  });
  router.add("POST", "/_control/shops/:id/orders", (ctx) => ({
    data: { id: others.create(ctx.params.id ?? "", parse(fields, ctx.body)) },
  }));
  router.add("POST", "/_control/random", (ctx) => {
    const { count } = parse(randomBody, ctx.body);
    return { data: Array.from({ length: count }, () => others.random()) };
  });
}
