/**
 * The shop's inbox for linked clients (CLIENTS=on): a client's message reaches the
 * staff (client-part.ts), a staff reply reaches the client (staff-part.ts), all
 * through the outbox and the store, so a restart or a second instance loses nothing
 * and sends nothing twice; the conversation itself costs the service 0 requests.
 * `postToInbox` lets other features land something about a client in the same inbox.
 */
import type { Api } from "grammy";
import type { Logger } from "../../../logger.ts";
import type { BotServices } from "../../context.ts";
import type { StartButton } from "../client-side/index.ts";
import { writeToUs } from "./callbacks.ts";
import { inboxClientPart } from "./client-part.ts";
import { inboxOutbox } from "./post.ts";
import { inboxStaffPart } from "./staff-part.ts";

export { type InboxPost, type InboxPosted, postToInbox } from "./post.ts";

/** "✍️ Write to us" on the client's /start. */
export const writeToUsButton: StartButton = { label: "inbox-btn-write", data: writeToUs.encode({}) };

export function clientInbox(services: BotServices, api: Api, logger: Logger) {
  // Set up at start: posts and answers queued before a restart go on (the process's one outbox, its own logger).
  inboxOutbox({ services, api, logger });
  const deps = { services, api, logger: logger.child({ module: "client-inbox" }) };
  return { clientPart: inboxClientPart(deps), staffPart: inboxStaffPart(deps) };
}
