/**
 * An approval whose outcome is not known (the PATCH timed out, the answer was
 * lost: it may have landed) is told as such ("not sure yet, checking"), and
 * the client is told the outcome once it is known, as staff are told of theirs
 * (writes/resume.ts): the write core's one read (did it land? each field
 * compared as stored), then
 * - landed: the marker says done (a press gets "already approved"), the mirror
 *   takes the record with the client as its author, the client reads what
 *   they approved;
 * - not landed: the marker is cleared, the client is told and offered the
 *   buttons again while the order still waits;
 * - the service cannot say: asked again later (30 s, then ever longer), and
 *   after a day the client is told to call the workshop (the marker stays, so a
 *   press still checks before it sends).
 * The checks run on the client notifier's timer and whenever the mirror sees a
 * change of the order; a press of the client's checks by itself (client-writes.ts).
 */
import { z } from "zod";
import type { Logger } from "../../../logger.ts";
import type { Order, ServiceClient } from "../../../service/index.ts";
import type { BotServices } from "../../context.ts";
import { persisted } from "../../store/registry.ts";
import { escapeHtml } from "../../ui/text.ts";
import { findLanded } from "../../writes/index.ts";
import { type ApprovalData, clientApproval, type Decided } from "../../writes/kinds/client-approval.ts";
import { type Marker, markersOf } from "../../writes/markers.ts";
import { approvalMessageNow } from "./approval-rounds.ts";
import { clientLinksOf } from "./links.ts";
import { readerFor } from "./reader.ts";
import { callLine } from "./view.ts";

/** When the next check is due after the n-th (ms after the answer): then every 15 minutes. */
const BACKOFF_MS = [30_000, 60_000, 2 * 60_000, 5 * 60_000, 10 * 60_000];
const EVERY_MS = 15 * 60_000;
/** After this the client is told the outcome is still not known, and to call. */
const GIVE_UP_MS = 24 * 60 * 60_000;
/** Answers waiting for a check at once (a client answers a handful a day; more is a failing service). */
const MAX_WAITING = 200;

const entry = z.object({
  /** The approval's exactly-once key (client-approval.<order>.<round>). */
  key: z.string(),
  orderId: z.string(),
  userId: z.number().int(),
  at: z.number(),
  next: z.number(),
  tries: z.number().int().nonnegative(),
});
type Waiting = z.infer<typeof entry>;

/** The answers whose outcome is not known yet (one list: a handful at a time). */
export const answersToCheck = persisted({
  namespace: "client-approval-checks",
  schema: z.array(entry),
  ttlSeconds: 2 * 24 * 60 * 60,
  whenStoreFails: "throw",
});
const LIST = "all";

/** Keeps an answer whose outcome is unknown for the checks to come. */
export async function checkLater(services: BotServices, key: string, orderId: string, userId: number) {
  const now = services.clock.now().getTime();
  await services.store
    .open(answersToCheck)
    .update(LIST, (list = []) => [
      ...list.filter((w) => w.key !== key).slice(-(MAX_WAITING - 1)),
      { key, orderId, userId, at: now, next: now + (BACKOFF_MS[0] ?? EVERY_MS), tries: 0 },
    ]);
}

export interface AnswerCheckDeps {
  services: BotServices;
  client: ServiceClient;
  logger: Logger;
  /** The one way a message reaches a client outside an update (the client notifier's). */
  /** Through the outbox; `key` makes it once (two instances checking at once tell once). */
  send(userId: number, message: { text: string; keyboard?: unknown }, key?: string): Promise<void>;
}

/** Checks the answers that are due (or every one of `orderId`, whose change the mirror just saw). */
export async function checkAnswers(deps: AnswerCheckDeps, orderId?: string): Promise<void> {
  const { services } = deps;
  const list = services.store.open(answersToCheck);
  const now = services.clock.now().getTime();
  const due = ((await list.read(LIST)) ?? []).filter((w) =>
    orderId ? w.orderId === orderId : w.next <= now,
  );
  for (const waiting of due) {
    const outcome = await checkOne(deps, waiting);
    await list.update(LIST, (current = []) =>
      current.flatMap((w) => {
        if (w.key !== waiting.key) return [w];
        if (outcome !== "unknown") return [];
        const tries = w.tries + 1;
        if (now - w.at >= GIVE_UP_MS) return [];
        return [{ ...w, tries, next: now + (BACKOFF_MS[tries] ?? EVERY_MS) }];
      }),
    );
  }
}

async function checkOne(deps: AnswerCheckDeps, waiting: Waiting): Promise<"known" | "unknown"> {
  const { services, client, logger } = deps;
  const markers = markersOf<Decided>(services.store);
  const marker = await Promise.resolve(markers.read(waiting.key)).catch(() => "unreadable" as const);
  if (marker === "unreadable") return "unknown";
  // Resolved meanwhile (a press checked and told, or a clear failure): nothing to tell.
  if (marker?.state !== "sending" || marker.sent.kind !== clientApproval.name) return "known";
  const attempt = { at: marker.at, sent: marker.sent as Marker<Decided>["sent"] & { data: ApprovalData } };
  let landed: Awaited<ReturnType<typeof findLanded<ApprovalData, Decided>>>;
  try {
    landed = await findLanded(client, clientApproval, attempt, services.config.shopIds);
  } catch (error) {
    logger.warn({ err: String(error), key: waiting.key }, "a client's answer cannot be checked now");
    if (services.clock.now().getTime() - waiting.at < GIVE_UP_MS) return "unknown";
    await tell(deps, waiting, "still-unknown", attempt.sent.data);
    return "known";
  }
  if (landed) {
    await markers.write(waiting.key, { state: "done", ...attempt, result: landed.result });
    // The mirror takes it as the client's own change: staff are told as of any change, the client not twice.
    try {
      services.mirror?.upsert(landed.record as Order, { actorId: waiting.userId });
    } catch (error) {
      logger.warn({ err: String(error) }, "mirror: a checked answer not written through");
    }
    await tell(deps, waiting, "landed", attempt.sent.data);
    return "known";
  }
  await Promise.resolve(markers.delete(waiting.key)).catch(() => undefined);
  await tell(deps, waiting, "lost", attempt.sent.data);
  return "known";
}

async function tell(
  deps: AnswerCheckDeps,
  waiting: Waiting,
  outcome: "landed" | "lost" | "still-unknown",
  data: ApprovalData,
): Promise<void> {
  const { services } = deps;
  const link = await clientLinksOf(services.store).read(waiting.userId);
  if (!link || link.blocked) return;
  // Two instances checking at once tell once: one outbox key per answer and outcome.
  const key = `answer:${waiting.key}:${outcome}`;
  const r = await readerFor(services, link.locale);
  const number = escapeHtml(data.title);
  const held = services.mirror?.get(data.orderId)?.order;
  if (outcome === "landed") {
    const told = r.t(`client-${data.decision}`, { number, amount: data.amountText });
    await deps.send(waiting.userId, { text: `${r.t("client-approval-reached")}\n${told}` }, key);
    return;
  }
  const call = callLine(r, held);
  if (outcome === "still-unknown") {
    const text = [r.t("client-approval-still-unknown", { number }), call].filter(Boolean).join("\n");
    await deps.send(waiting.userId, { text }, key);
    return;
  }
  // Still waiting for this client: the question again, with its buttons.
  const again = held ? await approvalMessageNow(services, r, held) : undefined;
  const lost = r.t("client-approval-lost", { number });
  if (again)
    await deps.send(waiting.userId, { text: `${lost}\n\n${again.text}`, keyboard: again.keyboard }, key);
  else await deps.send(waiting.userId, { text: [lost, call].filter(Boolean).join("\n") }, key);
}
