/**
 * The write core's actor for a Mini App request (writes/actor.ts): plain data, no
 * grammY. The role is checked again at the moment of writing (the configuration
 * may have changed since the page opened); what the core would tell a chat is
 * kept and handed back to the page as the write's outcome.
 */
import type { Logger } from "../../logger.ts";
import type { BotServices } from "../context.ts";
import { canWrite, roleOf } from "../policy/access.ts";
import type { WriteActor, WriteReply } from "../writes/index.ts";
import type { Caller } from "./caller.ts";

export function webActor(
  services: BotServices,
  caller: Caller,
  log: Logger,
  authorize?: () => Promise<boolean>,
): WriteActor & { told: WriteReply[] } {
  const told: WriteReply[] = [];
  return {
    told,
    userId: caller.user.id,
    role: caller.role === "client" ? "stranger" : caller.role,
    authorize: authorize ?? (async () => canWrite(roleOf(caller.user.id, services.config))),
    sink: { tell: async (reply) => void told.push(reply), settle: async () => {} },
    services,
    log,
    t: (key, vars) => services.i18n.t(caller.locale, key, vars),
    locale: caller.locale,
  };
}
