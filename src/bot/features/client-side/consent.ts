/**
 * Linking is consent (decisions.md): the bot sets `isSendTelegram` on the
 * counteragent (a read, and a PATCH only when it is not set yet) once per
 * link, and clears it on /stop (a read and a PATCH, unless another Telegram
 * account is still linked to that counteragent; kept until it lands:
 * consent-clears.ts). Both PATCHes carry the record as the service holds it
 * then, never a copy kept at linking (writes/kinds/counteragent-patch.ts). Before a message to a client the flag is
 * checked: a counteragent the shop turned off gets nothing. That check is one
 * GET per counteragent per hour at most (none right after linking).
 */
import type { Logger } from "../../../logger.ts";
import type { ServiceClient } from "../../../service/index.ts";
import type { BotContext, BotServices } from "../../context.ts";
import { type CounteragentForm, clientConsent, consentChecks } from "../../writes/kinds/client-consent.ts";
import { type ClientWriteOutcome, clientWrite } from "./client-writes.ts";
import { consentReads } from "./records.ts";

/** How long a read of the flag stands before a message asks again. */
const CHECK_FRESH_MS = 60 * 60 * 1000;

const checks = (services: BotServices) => services.store.open(consentReads);

async function noteChecked(services: BotServices, id: string, allowed: boolean): Promise<void> {
  await checks(services).write(id, { allowed, at: services.clock.now().getTime() });
}

/** The contact that brought the update was the sender's own (checked before): that is the authority. */
const ownContact = async () => true;

/**
 * Sets the consent on one counteragent, exactly once per `nonce` (the update):
 * its form (for /stop's PATCH) when done. Two requests at most (GET, PATCH).
 */
export async function setConsent(
  ctx: BotContext,
  counteragentId: string,
  nonce: string,
): Promise<ClientWriteOutcome<CounteragentForm | null>> {
  const outcome = await clientWrite(
    ctx,
    {
      kind: clientConsent,
      key: `client-consent.on.${counteragentId}.${nonce}`,
      data: { counteragentId, allow: true },
      checks: consentChecks(true),
    },
    ownContact,
  );
  if (outcome.kind === "done" && outcome.result) await noteChecked(ctx.services, counteragentId, true);
  return outcome;
}

/** Clears the consent exactly once per `key` (one /stop): a read and, unless already clear, a PATCH. */
export async function clearConsent(
  ctx: BotContext,
  counteragentId: string,
  key: string,
): Promise<ClientWriteOutcome<CounteragentForm | null>> {
  const outcome = await clientWrite(
    ctx,
    {
      kind: clientConsent,
      key,
      data: { counteragentId, allow: false },
      checks: consentChecks(false),
    },
    ownContact,
  );
  if (outcome.kind === "done") await noteChecked(ctx.services, counteragentId, false);
  return outcome;
}
/**
 * Whether the counteragent still allows Telegram messages: the last read within the hour,
 * else one GET. When the service cannot say, the last known answer stands (else: the link's consent).
 */
export async function consentAllows(
  services: BotServices,
  client: ServiceClient,
  counteragentId: string,
  logger: Logger,
): Promise<boolean> {
  const known = await checks(services).read(counteragentId);
  const now = services.clock.now().getTime();
  // The mirror's copy of the client (MIRROR_CLIENTS), when read from the service after our own last read: 0 requests.
  const held = services.mirror?.client(counteragentId);
  const heldAt = held?.syncedAt.getTime() ?? 0;
  if (held && heldAt > 0 && heldAt >= (known?.at ?? 0) && held.client.isSendTelegram !== undefined)
    return held.client.isSendTelegram === true;
  if (known && now - known.at < CHECK_FRESH_MS) return known.allowed;
  try {
    const allowed = (await client.counteragents.get(counteragentId)).isSendTelegram === true;
    await noteChecked(services, counteragentId, allowed);
    return allowed;
  } catch (error) {
    logger.warn({ err: String(error), counteragentId }, "client consent not checked; the last known stands");
    return known?.allowed ?? true;
  }
}
