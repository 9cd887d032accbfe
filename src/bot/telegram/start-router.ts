/**
 * The one /start: one command handler (`startCommand`), one router and one
 * payload parser (ui/start-payload.ts). The payload is read once and handed
 * to the route its kind names; a kind without a route, and a plain /start, go
 * to `none`. The staff's table (features/start.ts) and the client's
 * (features/client-side) are tables of routes; the handler picks one by who
 * sent it, so the same middleware serves both chains (index.ts mounts it in
 * the client side and among the staff's features).
 */
import type { BotContext } from "../context.ts";
import { Composer } from "../middleware/composer.ts";
import { readStartPayload, type StartPayload } from "../ui/start-payload.ts";

type Route<K extends StartPayload["kind"]> = (
  ctx: BotContext,
  payload: Extract<StartPayload, { kind: K }>,
) => Promise<void>;

type StartRoutes = { none: Route<"none"> } & {
  [K in Exclude<StartPayload["kind"], "none">]?: Route<K>;
};

/** One audience's /start: its routes and what runs before any of them (the staff's menu). */
export interface StartTable {
  routes: StartRoutes;
  before?: (ctx: BotContext) => Promise<void>;
}

/**
 * The bot's only `/start` command. A non-staff user (who reaches it only
 * through the client side, CLIENTS=on) gets the client's table; staff the
 * staff's. Without a client table a stranger's /start is left to what follows.
 */
export function startCommand(tables: { staff: StartTable; client?: StartTable }): Composer<BotContext> {
  const routed = (table: StartTable) => {
    const route = startRouter(table.routes);
    return async (ctx: BotContext) => {
      await table.before?.(ctx);
      await route(ctx);
    };
  };
  const staff = routed(tables.staff);
  const client = tables.client && routed(tables.client);
  const start = new Composer<BotContext>();
  start.command("start", async (ctx, next) => {
    if (ctx.role !== "stranger") return staff(ctx);
    return client ? client(ctx) : next();
  });
  return start;
}

function startRouter(routes: StartRoutes): (ctx: BotContext) => Promise<void> {
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
