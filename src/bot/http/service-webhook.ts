/**
 * The service's webhooks (optional): where the deployment has a
 * public URL, the service can call `POST /service-webhook` on an order event;
 * the bot then syncs the order mirror at once (within its budget) instead of at
 * the next periodic sync, which cuts the notification delay. The periodic sync
 * stays the source of truth.
 *
 * docs/service.md, "Sync and events": when a URL is added the service sends an
 * `X-LiveSklad-Verification` header whose value is echoed back with 200;
 * retries reuse a stable `eventId` (deduplicated here). Other calls must carry
 * the custom header `X-Bot-Secret: <SERVICE_WEBHOOK_SECRET>` (set in the
 * service's webhook settings): anyone else gets 401 and triggers nothing.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import type { Logger } from "../../logger.ts";
import { claimMarker } from "../store/claim.ts";
import { persisted } from "../store/registry.ts";
import type { Store } from "../store/storage.ts";
import { parseJsonObject, readCappedBody } from "./body.ts";
import { type Route, refuse } from "./server.ts";

export const SERVICE_WEBHOOK_PATH = "/service-webhook";
const VERIFICATION_HEADER = "x-livesklad-verification";
const SECRET_HEADER = "x-bot-secret";
const MAX_BODY_BYTES = 64 * 1024;
/** Event ids seen are kept this long in their own namespace: longer than the service goes on retrying one event. */
const EVENT_IDS_KEPT_SECONDS = 24 * 60 * 60;
/** Events closer together than this share one sync (a burst of changes is one read). */
const COALESCE_MS = 5_000;

interface ServiceWebhookOptions {
  secret: string;
  store: Store;
  /** The mirror's "sync now" (within its budget). */
  syncNow: () => Promise<unknown>;
  logger: Logger;
  now?: () => number;
}

export function serviceWebhookRoute(options: ServiceWebhookOptions): Route {
  const expected = digest(options.secret);
  const now = options.now ?? Date.now;
  let lastSync = Number.NEGATIVE_INFINITY;

  const trigger = () => {
    if (now() - lastSync < COALESCE_MS) return;
    lastSync = now();
    options
      .syncNow()
      .catch((error: unknown) =>
        options.logger.warn({ err: String(error) }, "service webhook: the sync did not run"),
      );
  };

  const receive = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readCappedBody(req, res, MAX_BODY_BYTES);
    if (raw === undefined) return; // refused (413) or gone
    const body = parseJsonObject(raw);
    if (body === undefined) {
      refuse(req, res, 400);
      return;
    }
    res.writeHead(200).end();
    const eventId =
      typeof body.eventId === "string" || typeof body.eventId === "number" ? String(body.eventId) : undefined;
    // A retry of an event already seen: answered, nothing more.
    if (eventId !== undefined && !(await claimEvent(options.store, eventId.slice(0, 200)))) return;
    trigger();
  };

  return (req, res) => {
    if (req.method !== "POST" || req.url?.split("?")[0] !== SERVICE_WEBHOOK_PATH) return false;
    const verification = header(req, VERIFICATION_HEADER);
    if (verification !== undefined) {
      // The service checks the URL: the value back, nothing else done.
      const value = verification.slice(0, 500);
      res.writeHead(200, { "content-type": "text/plain", [VERIFICATION_HEADER]: value }).end(value);
      return true;
    }
    const secret = header(req, SECRET_HEADER);
    if (secret === undefined || !timingSafeEqual(digest(secret), expected)) {
      refuse(req, res, 401);
      return true;
    }
    receive(req, res).catch((error: unknown) => {
      options.logger.error({ err: String(error) }, "service webhook failed");
      if (!res.headersSent) res.writeHead(500).end();
    });
    return true;
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** The event ids seen (any id is a safe key: the store keeps path-like ones inside the namespace). */
const seenEvents = persisted({
  namespace: "service-events",
  schema: z.number(),
  ttlSeconds: EVENT_IDS_KEPT_SECONDS,
  whenStoreFails: "throw",
});

/** True the first time this event id is seen (atomic across instances on Redis). */
function claimEvent(store: Store, eventId: string): Promise<boolean> {
  return claimMarker(store, seenEvents, eventId);
}
