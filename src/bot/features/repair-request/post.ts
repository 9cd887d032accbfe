/**
 * A finished repair request: kept (records.ts `repairRequests`, with the counteragent
 * the order will be for) and posted to the shop's inbox as a draft with 📥 Take in,
 * through postToInbox (features/client-inbox: CLIENT_INBOX_CHAT, else the managers,
 * else the owners; once per request, across restarts), where ↩️ Reply answers the client
 * as any of their messages. What the client typed is escaped where it is shown.
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import { phoneKey } from "../../../contract/phone.ts";
import type { Order } from "../../../service/index.ts";
import type { BotContext } from "../../context.ts";
import { escapeHtml } from "../../ui/text.ts";
import { postToInbox } from "../client-inbox/index.ts";
import { clientName } from "../client-inbox/view.ts";
import type { ClientLink } from "../client-side/links.ts";
import { ordersByPhone } from "../client-side/orders.ts";
import { repairTakeIn } from "./callbacks.ts";
import { type RepairRequest, repairRequests } from "./records.ts";

interface Answers {
  device: string;
  fault: string;
  when: RepairRequest["when"];
}

/** The request's "when" in the reader's language. */
export function whenText(t: TranslateFunction, when: RepairRequest["when"]): string {
  return "choice" in when ? t(`repair-when-${when.choice}`) : escapeHtml(when.text);
}

/** The staff's lines of a request: device, fault, when (HTML). */
export function requestLines(t: TranslateFunction, request: RepairRequest): string {
  return [
    t("repair-inbox-title"),
    t("repair-inbox-device", { device: escapeHtml(request.device) }),
    t("repair-inbox-fault", { fault: escapeHtml(request.fault) }),
    t("repair-inbox-when", { when: whenText(t, request.when) }),
  ].join("\n");
}

/** Keeps the request and posts it to the inbox; false when no one could be told (no inbox, no staff). */
export async function postRequest(ctx: BotContext, link: ClientLink, answers: Answers): Promise<boolean> {
  const { services } = ctx;
  const orders = ownOrders(ctx, link);
  // The client as the CRM holds them: the counteragent of their newest order, else the first linked.
  const newest = orders[0];
  const counteragentId = newest?.counteragent?.id ?? link.counteragents[0]?.id;
  if (!counteragentId) return false;
  const telegram = [ctx.from?.first_name, ctx.from?.last_name].filter(Boolean).join(" ");
  const request: RepairRequest = {
    client: link.userId,
    counteragentId,
    name: clientName(link, orders) ?? telegram,
    // The linked number as the CRM writes it (the receipt goes to a client of the order's phone).
    phone:
      newest?.counteragent?.phones?.find((p) => phoneKey(p, services.config.phoneCountry) === link.phone) ??
      link.phone,
    ...answers,
    at: services.clock.now().getTime(),
  };
  const id = `${link.userId.toString(36)}.${ctx.update.update_id.toString(36)}`;
  await services.store.open(repairRequests).write(id, request);
  const posted = await postToInbox(
    { services, api: ctx.api, logger: ctx.log },
    {
      key: `repair:${id}`,
      client: link.userId,
      general: false,
      telegramName: telegram || undefined,
      body: (t) => requestLines(t, request),
      buttons: (t) =>
        repairTakeIn.fits({ id })
          ? [[{ text: t("repair-btn-take-in"), callback_data: repairTakeIn.encode({ id }) }]]
          : [],
    },
  );
  ctx.log.info({ from: link.userId, targets: posted.targets }, "a client's repair request");
  return posted.targets > 0;
}

/** The linked client's orders in the mirror, newest first. */
export function ownOrders(ctx: BotContext, link: ClientLink): Order[] {
  const { services } = ctx;
  if (!services.mirror) return [];
  const ids = new Set(link.counteragents.map((c) => c.id));
  return ordersByPhone(services.mirror, services.config.shopIds, link.phone, services.config.phoneCountry)
    .filter((o) => ids.has(o.counteragent?.id ?? ""))
    .sort((a, b) => (b.dateCreate?.getTime() ?? 0) - (a.dateCreate?.getTime() ?? 0));
}
