/**
 * Notifications from the order mirror's changes, at no request: assigned to
 * me; a status change of an order I am on (opt-in) or watch (🔔); an order
 * reaching a "ready" status (opt-in). Rules (recipients.ts): only users still in
 * OWNER_IDS/OPERATOR_IDS/VIEWER_IDS at send time, only orders of SHOP_IDS, never
 * the user's own change made through the bot. Sending (language, a blocked bot)
 * is send.ts's; the morning digest is a scheduled job (digest.ts).
 *
 * Once across restarts and instances: the notifier walks the mirror's change
 * log (changesSince) from a cursor kept in the mirror's own file; each message is
 * kept in the outbox (outbox.ts) under "notice:<change id>:<user>" until Telegram
 * takes it (a replayed change finds it kept and sends nothing), after claiming the
 * news itself (order, kind, new value, user) for a few minutes, so two records of one
 * change are one message (claims.ts). The user's own writes are noted before the
 * request (own-changes.ts): a sync that records one as someone else's does not echo it back.
 */

import type { Api } from "grammy";
import { z } from "zod";
import { CLOSED_GROUP } from "../../contract/status-groups.ts";
import type { Logger } from "../../logger.ts";
import type { MirrorChange, OrderMirror } from "../../mirror/index.ts";
import type { BotServices } from "../context.ts";
import { isOwnChange } from "../state/own-changes.ts";
import { persisted } from "../store/registry.ts";
import { ChangeFeed } from "./change-feed.ts";
import { claimMeaning } from "./claims.ts";
import type { Outbox } from "./outbox.ts";
import { meaningOf, noticesFor, recipients } from "./recipients.ts";
import { outboxOf, sendNotice } from "./send.ts";

const CURSOR_READER = "notifier";

interface NotifierOptions {
  services: BotServices;
  api: Api;
  mirror: OrderMirror;
  logger: Logger;
  /** Default: the outbox of this store and api (send.ts). */
  outbox?: Outbox;
}

/** Where a file store kept the cursor before it lived in the mirror's file ("cursor"). */
const legacyCursor = persisted({
  namespace: "notify-state",
  schema: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  whenStoreFails: "skip",
});

export class Notifier extends ChangeFeed {
  private readonly options: NotifierOptions;
  /** Where the cursor was kept before (a file store); read once, on the first start after an upgrade. */
  private readonly legacy;

  constructor(options: NotifierOptions) {
    super(options.mirror, CURSOR_READER);
    this.options = options;
    this.legacy = options.services.store.open(legacyCursor);
  }

  protected override failed(error: unknown): void {
    this.warn(error, "notify failed");
  }

  /** Before the cursor lived in the mirror's file, a file store kept it: taken when it fits this log. */
  protected override async firstCursor(end: number): Promise<number> {
    const legacy =
      this.options.services.store.kind === "redis" ? undefined : await this.legacy.read("cursor");
    return legacy !== undefined && legacy <= end ? legacy : end;
  }

  protected async deliver(change: MirrorChange): Promise<void> {
    const { services } = this.options;
    let by: string | undefined | null = null;
    for (const userId of recipients(services.config)) {
      const settings = await services.users.read(userId);
      const notice = noticesFor(change, userId, settings, services.config);
      if (!notice) continue;
      // Recorded as someone else's, yet the user's own write through the bot (read by a sync before the write-through).
      if (await isOwnChange(services.store, userId, change)) continue;
      const key = `notice:${change.id}:${userId}`;
      // Kept before (a replay of the log after a restart): the outbox has it.
      if (await outboxOf(this.options).status(key)) continue;
      // Another record of the same change (a sync's and a write-through's, on two instances): told already.
      if (!(await claimMeaning(services.store, meaningOf(change, notice, userId), key))) continue;
      if (by === null) by = await changedBy(services, change);
      await sendNotice(
        this.options,
        userId,
        key,
        { ...notice, by },
        change.order,
        change.detectedAt.getTime(),
      );
    }
  }

  private warn(error: unknown, message: string): void {
    this.options.logger.warn({ err: String(error) }, `notifications: ${message}`);
  }
}

/**
 * Who made a status change, only as far as something says so (issue 32.16), never guessed:
 * through the bot, the employee its user linked with /me; from the CRM, the employee the
 * service's record names as having closed the order (`closeManager`) when it entered a closed
 * status. Anything else: undefined (the notice names nobody).
 */
async function changedBy(services: BotServices, change: MirrorChange): Promise<string | undefined> {
  if (change.kind !== "status" && change.kind !== "ready") return undefined;
  if (change.source === "bot") {
    if (change.actorId === undefined) return undefined;
    return (await services.users.read(change.actorId)).employee?.name || undefined;
  }
  const { order } = change;
  const name = order.closeManager?.name;
  if (!name) return undefined;
  // The status's group from the record, else the cached statuses (read only when a name is there to tell).
  const group =
    order.status?.type ??
    (await services.reference.statuses().catch(() => [])).find((s) => s.id === order.status?.id)?.group;
  return group === CLOSED_GROUP ? name : undefined;
}
