/**
 * Linking is consent (decisions.md): the bot sets `isSendTelegram` on the
 * counteragent (a read, and a PATCH only when it is not set yet) once per
 * link, and clears it on /stop (one PATCH, unless another Telegram account is
 * still linked to that counteragent). Before a message to a client the flag is
 * checked: a counteragent the shop turned off gets nothing. That check is one
 * GET per counteragent per hour at most (none right after linking).
 */
import type { Logger } from "../../../logger.ts";
import type { Counteragent, ServiceClient } from "../../../service/index.ts";
import type { BotContext, BotServices } from "../../context.ts";
import { type ClientWriteOutcome, clientWriteOnce } from "./client-writes.ts";
import type { CounteragentForm } from "./links.ts";

const CHECK_NAMESPACE = "client-consent";
/** How long a read of the flag stands before a message asks again. */
const CHECK_FRESH_MS = 60 * 60 * 1000;

interface Checked {
  allowed: boolean;
  at: number;
}

const checks = (services: BotServices) =>
  services.store.adapter<Checked>(CHECK_NAMESPACE, { failures: "skip" });

function formOf(record: Counteragent): CounteragentForm | undefined {
  const typeId = record.typeCounteragent?.id;
  if (!record.name?.trim() || !typeId) return undefined;
  return {
    id: record.id,
    name: record.name,
    typeCounteragentId: typeId,
    isBuyer: record.isBuyer ?? true,
    isVendor: record.isVendor ?? false,
  };
}

async function noteChecked(services: BotServices, id: string, allowed: boolean): Promise<void> {
  await checks(services).write(id, { allowed, at: services.clock.now().getTime() });
}

/**
 * Sets the consent on one counteragent, exactly once per `nonce` (the update):
 * its form (for /stop's PATCH) when done. Two requests at most (GET, PATCH).
 */
export async function setConsent(
  ctx: BotContext,
  counteragentId: string,
  nonce: string,
): Promise<ClientWriteOutcome<CounteragentForm | null>> {
  const outcome = await clientWriteOnce<CounteragentForm | null>(ctx, {
    key: `consent-on.${counteragentId}.${nonce}`,
    async send(client) {
      const record = await client.counteragents.get(counteragentId);
      const form = formOf(record);
      if (!form) return null;
      const { id: _id, ...fields } = form;
      if (record.isSendTelegram !== true)
        await client.counteragents.update(counteragentId, { ...fields, isSendTelegram: true });
      return form;
    },
    landed: async (client) => {
      const record = await client.counteragents.get(counteragentId);
      return record.isSendTelegram === true ? (formOf(record) ?? null) : undefined;
    },
  });
  if (outcome.kind === "done" && outcome.result) await noteChecked(ctx.services, counteragentId, true);
  return outcome;
}

/** Clears the consent with one PATCH of the form kept at linking (`name`: the freshest the mirror has). */
export async function clearConsent(
  ctx: BotContext,
  form: CounteragentForm,
  nonce: string,
): Promise<ClientWriteOutcome<true>> {
  const outcome = await clientWriteOnce<true>(ctx, {
    key: `consent-off.${form.id}.${nonce}`,
    async send(client) {
      const { id, ...fields } = form;
      await client.counteragents.update(id, { ...fields, isSendTelegram: false });
      return true;
    },
    landed: async (client) =>
      (await client.counteragents.get(form.id)).isSendTelegram === false ? true : undefined,
  });
  if (outcome.kind === "done") await noteChecked(ctx.services, form.id, false);
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
