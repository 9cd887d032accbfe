/**
 * The one /start router: the payload is read once (ui/start-payload.ts) and
 * handed to the route its kind names; a kind without a route, and a plain
 * /start, go to `none`. The staff's /start (features/start.ts) and the
 * client's (features/client-side) are each one table of routes over it.
 */
import type { BotContext } from "../context.ts";
import { readStartPayload, type StartPayload } from "../ui/start-payload.ts";

type Route<K extends StartPayload["kind"]> = (
  ctx: BotContext,
  payload: Extract<StartPayload, { kind: K }>,
) => Promise<void>;

export type StartRoutes = { none: Route<"none"> } & {
  [K in Exclude<StartPayload["kind"], "none">]?: Route<K>;
};

export function startRouter(routes: StartRoutes): (ctx: BotContext) => Promise<void> {
  return async (ctx) => {
    // Payloads come from the private chat's deep links; in a group a /start is just that.
    const text = ctx.chat?.type === "private" && typeof ctx.match === "string" ? ctx.match : "";
    const payload = readStartPayload(text, ctx.services.config.botToken);
    const route = routes[payload.kind] as Route<typeof payload.kind> | undefined;
    if (payload.kind !== "none" && payload.kind !== "unknown")
      ctx.log.info({ kind: payload.kind }, "a /start payload");
    await (route ? route(ctx, payload as never) : routes.none(ctx, { kind: "none" }));
  };
}
