/**
 * An order's approval rounds: each entry into the approval status is its own
 * question (a round, part of the answer's exactly-once key); two records of one
 * entry (a sync's and a write-through's) are one round.
 */
import type { Order } from "../../../service/index.ts";
import type { BotServices } from "../../context.ts";
import { markersOf } from "../../writes/markers.ts";
import { type ApprovalMessage, approvalMessage } from "./approval-message.ts";
import { approvalRounds } from "./records.ts";
import type { Reader } from "./view.ts";

/** Two records of one entry into the approval status (a sync's and a write-through's) lie closer than this. */
const SAME_ENTRY_MS = 10 * 60 * 1000;

const rounds = (services: BotServices) => services.store.open(approvalRounds);

/** The round an entry into the approval status seen at `at` belongs to (a new one unless it is the same entry). */
export async function noteRound(services: BotServices, orderId: string, at: Date): Promise<string> {
  const kept = await rounds(services).read(orderId);
  if (
    kept &&
    Math.abs(kept.at - at.getTime()) <= SAME_ENTRY_MS &&
    !(await answered(services, orderId, kept.round))
  )
    return kept.round;
  const round = Math.floor(at.getTime() / 1000).toString(36);
  await rounds(services).write(orderId, { round, at: at.getTime() });
  return round;
}

/** Whether the client answered (or is answering) this round: an entry after that is a new one, however soon. */
async function answered(services: BotServices, orderId: string, round: string): Promise<boolean> {
  const key = `client-approval.${orderId}.${round}`;
  const marker = await Promise.resolve(markersOf(services.store).read(key)).catch(() => undefined);
  return marker !== undefined;
}

/** The order's current round; "0" when it entered the approval status before the bot looked. */
export async function currentRound(services: BotServices, orderId: string): Promise<string> {
  return (await rounds(services).read(orderId))?.round ?? "0";
}

/** The approval message of an order as the client's list shows it (the round it is in now). */
export async function approvalMessageNow(
  services: BotServices,
  r: Reader,
  order: Order,
): Promise<ApprovalMessage | undefined> {
  return approvalMessage(r, order, await currentRound(services, order.id));
}
