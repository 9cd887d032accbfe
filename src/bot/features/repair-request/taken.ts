/**
 * A request taken in: the intake created its order (order-create's after-create.ts),
 * so the request names the order, and the client is told its number once (the
 * outbox's key is the request), in their language, unless they sent /stop or blocked
 * the bot since (the client-reply audience). An intake whose clerk changed the client
 * is not the requester's order: nothing is told.
 */
import type { BotContext } from "../../context.ts";
import { escapeHtml } from "../../ui/text.ts";
import { CLIENT_REPLY, inboxOutbox } from "../client-inbox/post.ts";
import { clientLinksOf } from "../client-side/links.ts";
import { type RepairRequest, repairRequests } from "./records.ts";

/** The request under `id`, when it is kept (30 days). */
export async function requestOf(ctx: BotContext, id: string): Promise<RepairRequest | undefined> {
  return ctx.services.store.open(repairRequests).read(id);
}

interface TakenOrder {
  id: string;
  number?: string;
  /** The counteragent the order was created for (the clerk may have changed it). */
  counteragentId?: string;
}

export async function requestTaken(ctx: BotContext, id: string, order: TakenOrder): Promise<void> {
  const { services } = ctx;
  const requests = services.store.open(repairRequests);
  const request = await requests.read(id);
  if (!request || order.counteragentId !== request.counteragentId) return;
  await requests.write(id, { ...request, order: { id: order.id, number: order.number } });
  const link = await clientLinksOf(services.store).read(request.client);
  if (!link) return;
  const t = (key: string, args?: Record<string, string>) => services.i18n.t(link.locale, key, args);
  const text = order.number
    ? t("repair-taken", { number: escapeHtml(order.number) })
    : t("repair-taken-no-number");
  await inboxOutbox({ services, api: ctx.api, logger: ctx.log }).send({
    id: `repair-taken:${id}`,
    chatId: request.client,
    audience: CLIENT_REPLY,
    parts: [{ method: "sendMessage", text }],
  });
}
