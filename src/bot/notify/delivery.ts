/**
 * Scheduled messages (the morning digest, the evening report) through the
 * outbox, each once per day and recipient: a run tried again after a Telegram
 * outage finds what is kept and builds nothing again; the outbox delivers it
 * (tried again until the job's window closes, across restarts and instances).
 *
 * `deliveries` is where the version before the outbox marked a message
 * delivered: read only, so an upgrade on a report's evening does not send it
 * twice (its entries expire two days after that deploy: remove after 2026-12-05).
 */
import { z } from "zod";
import { persisted } from "../store/registry.ts";
import type { OutboxPart } from "./outbox-records.ts";
import { type Compose, outboxOf, readerOf, type SendDeps, STAFF } from "./send.ts";

/** "done": delivered (now or before), or nothing more to do; "pending": still in the outbox. */
export type Delivery = "done" | "pending";

const legacyDeliveries = persisted({
  namespace: "deliveries",
  schema: z.object({ done: z.boolean().optional(), failures: z.number().int().nonnegative() }),
  ttlSeconds: 2 * 24 * 60 * 60,
  whenStoreFails: "skip",
});

/** What became of the message of `key`: undefined when it was never sent. */
export async function deliveryOf(
  deps: SendDeps,
  key: string,
  legacyKeys: string[] = [key],
): Promise<Delivery | undefined> {
  const status = await outboxOf(deps).status(key);
  if (status) return status.state === "queued" ? "pending" : "done";
  const legacy = deps.services.store.open(legacyDeliveries);
  for (const old of legacyKeys) if ((await legacy.read(old))?.done) return "done";
  return undefined;
}

/**
 * The parts `compose` makes for this user (if they may still be told), kept in the outbox under
 * `key` until `giveUpAt`; a key kept before composes nothing.
 */
export async function deliverToUser(
  deps: SendDeps,
  userId: number,
  key: string,
  compose: (reader: Parameters<Compose>[0]) => Promise<OutboxPart[] | undefined>,
  giveUpAt: number,
  legacyKeys?: string[],
): Promise<Delivery> {
  const known = await deliveryOf(deps, key, legacyKeys);
  if (known) return known;
  const reader = await readerOf(deps, userId);
  const parts = reader && (await compose(reader));
  if (!parts || parts.length === 0) return "done";
  const status = await outboxOf(deps).send({ id: key, chatId: userId, audience: STAFF, parts, giveUpAt });
  return status.state === "queued" ? "pending" : "done";
}

/** A plain text message for `deliverToUser`, from what `Compose` writes. */
export function textParts(compose: Compose) {
  return async (reader: Parameters<Compose>[0]): Promise<OutboxPart[] | undefined> => {
    const message = await compose(reader);
    const keyboard = message?.keyboard;
    return (
      message && [
        {
          method: "sendMessage",
          text: message.text,
          keyboard: keyboard && { inline_keyboard: keyboard.inline_keyboard },
        },
      ]
    );
  };
}
