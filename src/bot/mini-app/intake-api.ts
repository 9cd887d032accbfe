/**
 * The Mini App's intake: the form's options (intake-options.ts, the reference
 * cache: no request once warm), a client search over the bot's copy (0
 * requests), and the create. The create checks the draft by the chat's rules
 * first (intake-draft.ts: nothing is sent for a wrong one), then is the chat's
 * own create (features/order-create/confirm.ts `createOnce`: the same requests,
 * a new client made within it) through the write core with the page's actor,
 * once per submission key; then what follows a chat intake: the device type
 * learned, the workshop and type remembered, the record kept for 🧾, the card in
 * the clerk's chat with the bot, the receipt to the order's linked clients.
 * A submission that created already answers its order again, with no request.
 */
import { z } from "zod";
import type { Counteragent } from "../../service/index.ts";
import { clientReader } from "../clients/reader.ts";
import { endDialogOutside } from "../dialog-kit/end-outside.ts";
import { phoneQuery } from "../dialog-kit/parse.ts";
import { afterIntake } from "../features/client-receipt/index.ts";
import { createdReply, createOnce, keepIntakeRecord } from "../features/order-create/confirm.ts";
import { rememberChoice } from "../features/order-create/memory.ts";
import { CREATE_ORDER } from "../features/order-create/take-in.ts";
import type { TranslateFunction } from "../i18n.ts";
import { createIntakeRecords } from "../state/intake-records.ts";
import { learnedOf } from "../state/learned.ts";
import { persisted } from "../store/registry.ts";
import { orderTitle } from "../ui/order-card.ts";
import { runOnce } from "../writes/actor.ts";
import { MARKER_TTL_SECONDS } from "../writes/markers.ts";
import type { ApiAnswer } from "./handlers.ts";
import { checkDraft } from "./intake-draft.ts";
import { type IntakeOptions, intakeOptions } from "./intake-options.ts";
import type { ApiRequest } from "./route.ts";
import { failureBody, nonceOf, oncePerKey, submissionKey } from "./submissions.ts";
import { webActor } from "./web-actor.ts";

/** A search lists at most this many clients: the chat's screen of matches. */
const CLIENTS_SHOWN = 8;
const MAX_QUERY = 100;

/** The order a submission created, by its nonce: a retry after a lost answer is told it again. */
const createdBySubmission = persisted({
  namespace: "mini-app-intakes",
  schema: z.object({ id: z.string(), number: z.string() }),
  // As long as the write core's marker: within it the core would find the create anyway.
  ttlSeconds: MARKER_TTL_SECONDS,
  whenStoreFails: "skip",
});

async function optionsOf(r: ApiRequest): Promise<IntakeOptions | undefined> {
  try {
    return await intakeOptions(r.services, r.caller.user.id);
  } catch (error) {
    r.log.warn({ err: String(error) }, "the intake's options could not be read");
    return undefined;
  }
}

export async function getIntakeOptions(r: ApiRequest): Promise<ApiAnswer> {
  const options = await optionsOf(r);
  return options ? { body: options } : { status: 503, body: { error: "reference" } };
}

/**
 * Clients by name or phone digits, as you type: from the bot's copy (0 requests). That copy
 * holds every client only with MIRROR_CLIENTS (`complete`); else `full=1` (the page's "search
 * the CRM" button) asks the service as the chat's intake search does (1 request).
 */
export async function findClients(r: ApiRequest): Promise<ApiAnswer> {
  const { services } = r;
  const text = (r.query.get("q") ?? "").trim();
  const complete = Boolean(services.mirror && services.config.mirror?.clients);
  if (text.length < 2 || text.length > MAX_QUERY) return { body: { clients: [], total: 0, complete } };
  const shown = (items: Counteragent[]) =>
    items.map((client) => ({ id: client.id, name: client.name ?? client.id, phone: client.phones?.[0] }));
  if (r.query.get("full") === "1" && !complete) {
    const found = await clientReader(services)
      .page({ text, phone: phoneQuery(text) }, { page: 1, pageSize: CLIENTS_SHOWN })
      .catch(() => undefined);
    if (!found) return { status: 503, body: { error: "service" } };
    return {
      body: { clients: shown(found.items), total: found.total ?? found.items.length, complete: true },
    };
  }
  const held = services.mirror?.searchClients(text, CLIENTS_SHOWN);
  return {
    body: {
      clients: shown(held?.items.map((m) => m.client) ?? []),
      total: held?.total ?? 0,
      complete,
    },
  };
}

export async function createIntake(r: ApiRequest): Promise<ApiAnswer> {
  const { services, caller } = r;
  const t: TranslateFunction = (key, vars) => services.i18n.t(caller.locale, key, vars);
  const key = submissionKey(r.body.key);
  if (!key) return { status: 400, body: { error: "bad-request" } };
  const nonce = nonceOf(caller.user.id, key);
  const submissions = services.store.open(createdBySubmission);
  const before = await submissions.read(nonce);
  if (before) return { body: { ok: true, ...before } };
  const options = await optionsOf(r);
  if (!options) return { status: 503, body: { error: "reference" } };
  const checked = checkDraft({ services, locale: caller.locale, options }, r.body.draft);
  if (!checked.ok) return { body: { ok: false, outcome: "invalid", errors: checked.errors } };
  const { draft } = checked;
  const actor = webActor(services, caller, r.log);
  return oncePerKey(nonce, async () => {
    const result = await createOnce(runOnce(actor, nonce), draft);
    if (result.kind !== "created" && result.kind !== "created-no-card")
      return { body: failureBody(result, t) };
    const { created } = result;
    const number = result.kind === "created" ? orderTitle(result.order) : created.number || created.id;
    await submissions.write(nonce, { id: created.id, number }).catch(() => undefined);
    // What follows a chat intake (features/order-create/index.ts), in its order; none fails the create.
    const { user } = caller;
    const from = { id: user.id, first_name: user.firstName, last_name: user.lastName };
    const after = async (what: string, step: () => Promise<unknown>) =>
      step().catch((error: unknown) => r.log.warn({ err: String(error), order: created.id }, what));
    if (draft.device.typeDevice)
      await after("device type not learned", () =>
        learnedOf(services.store).useDeviceType(draft.device.typeDevice ?? ""),
      );
    await after("choice not remembered", () =>
      rememberChoice(services.store, user.id, { shopId: draft.shop.id, typeId: draft.type.id }),
    );
    if (result.kind === "created")
      await after("record not kept", () => keepIntakeRecord(services, from, result.order));
    // The chat's /new this form was opened from (🧾 Form) is done: its next question would wait for good.
    await after("chat's intake not ended", () => endDialogOutside(services.store, user.id, CREATE_ORDER));
    const reply = createdReply(t, result);
    // A chat the clerk never opened (403) is no failure of the create: the page says the number.
    await after("card not sent", () =>
      r.api.sendMessage(user.id, reply.text, { reply_markup: { inline_keyboard: reply.keyboard } }),
    );
    if (result.kind === "created") {
      const order = result.order;
      await after("receipt not sent", async () => {
        const kept = await createIntakeRecords(services.store).get(order.id);
        const env = { services, api: r.api, log: r.log, me: { username: r.botUsername() } };
        await afterIntake(env, order, kept?.clerk);
      });
    }
    return { body: { ok: true, id: created.id, number } };
  });
}
