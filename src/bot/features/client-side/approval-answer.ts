/**
 * A client's answer to an estimate, whoever carries it (the chat's ✅ / ❌, the
 * Mini App's page): whether it may be made now (the linked client of that
 * order, the round and the amount they saw still current: read from the mirror,
 * 0 requests), and the one write request it is (the client-approval kind, its
 * exactly-once key per order and round), so both ways make the same write once.
 */
import type { Order } from "../../../service/index.ts";
import type { BotServices } from "../../context.ts";
import { readableName, signedComment } from "../../state/comment-author.ts";
import { formatAmount } from "../../ui/money.ts";
import { orderTitle } from "../../ui/order-card.ts";
import type { WriteRequest } from "../../writes/index.ts";
import {
  type ApprovalData,
  approvalChecks,
  clientApproval,
  type Decided,
} from "../../writes/kinds/client-approval.ts";
import { cents } from "./approval-message.ts";
import { currentRound } from "./approval-rounds.ts";
import { writtenBefore } from "./client-writes.ts";
import { clientLinksOf } from "./links.ts";
import { estimateOf, hasPhone, inShops } from "./orders.ts";
import type { ApprovalStatuses } from "./statuses.ts";
import { type Reader, statusText } from "./view.ts";

/** What the client answered: the order, the round and the amount (kopecks, base 36) they were shown. */
export interface AnswerPress {
  id: string;
  r: string;
  s: string;
}

export type AnswerCheck =
  | { ok: false; reason: "not-yours" }
  | { ok: false; reason: "already"; decision: Decided["decision"] }
  | { ok: false; reason: "moved-on"; status: string }
  | { ok: false; reason: "changed"; held: Order; amount?: number }
  | { ok: true; held: Order; approval: ApprovalStatuses; amount: number; key: string };

const answerKey = (orderId: string, round: string) => `client-approval.${orderId}.${round}`;

/** Whether `userId` is the linked client of `order` now (its counteragent, the number they shared). */
export async function isLinkedClientOf(
  services: BotServices,
  userId: number,
  order: Order | undefined,
): Promise<boolean> {
  const link = await clientLinksOf(services.store).read(userId);
  return Boolean(
    order &&
      link &&
      order.isVisible !== false &&
      inShops(order, services.config.shopIds) &&
      link.counteragents.some((c) => c.id === order.counteragent?.id) &&
      hasPhone(order, link.phone, services.config.phoneCountry),
  );
}

/** Whether the answer may be sent now; what to tell the client when not. */
export async function checkAnswer(
  services: BotServices,
  r: Reader,
  userId: number,
  press: AnswerPress,
): Promise<AnswerCheck> {
  const held = services.mirror?.get(press.id)?.order;
  // Only the linked client of that order: anyone else learns nothing about it.
  if (!held || !(await isLinkedClientOf(services, userId, held))) return { ok: false, reason: "not-yours" };
  const key = answerKey(held.id, press.r);
  const before = await writtenBefore<Decided>({ services }, key);
  if (before) return { ok: false, reason: "already", decision: before.decision };
  const approval = r.approval;
  if (!approval || held.status?.id !== approval.waiting.id)
    return { ok: false, reason: "moved-on", status: statusText(r, held) };
  const amount = estimateOf(held, r.money);
  if (
    amount === undefined ||
    cents(amount) !== press.s ||
    (await currentRound(services, held.id)) !== press.r
  )
    return { ok: false, reason: "changed", held, amount };
  return { ok: true, held, approval, amount, key };
}

/**
 * The answer's write: the approved or declined status and a comment naming the amount, in the
 * shop's language, signed by the client as staff sign theirs (the CRM's name, else `telegramName`).
 */
export function answerRequest(
  services: BotServices,
  r: Reader,
  checked: Extract<AnswerCheck, { ok: true }>,
  decision: Decided["decision"],
  telegramName: string,
): WriteRequest<ApprovalData, Decided> & { key: string } {
  const { config, i18n } = services;
  const { held, amount } = checked;
  const target = checked.approval[decision];
  const comment = signedComment(
    readableName(held.counteragent?.name?.trim() || telegramName),
    i18n.t(config.defaultLocale, `client-comment-${decision}`, {
      amount: formatAmount(amount, config.defaultLocale),
    }),
  );
  return {
    kind: clientApproval,
    key: checked.key,
    data: {
      orderId: held.id,
      title: orderTitle(held),
      status: target,
      comment,
      decision,
      amount,
      amountText: formatAmount(amount, r.locale),
    },
    checks: approvalChecks(target.id, comment),
  };
}

/** The write's authorization: still the linked client of that order at the moment of the write. */
export const stillClientOf = (services: BotServices, userId: number, held: Order) => async () => {
  const link = await clientLinksOf(services.store).read(userId);
  return link?.counteragents.some((c) => c.id === held.counteragent?.id) ?? false;
};
