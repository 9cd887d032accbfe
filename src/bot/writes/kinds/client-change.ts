/**
 * Kind "client-change": a client's fix. The one read right before the PATCH
 * (the write's own: it may use the writes' reserve) gives the record as the
 * service holds it now; the PATCH carries its required fields as they are
 * (counteragent-patch.ts) and only what the clerk changed. A field someone
 * else changed meanwhile (its value now differs from the one the clerk started
 * from) is not overwritten: nothing is sent and the result says which fields
 * (issue 33.2), with the record as it now is. Recognised after an interruption
 * by one read of the client, each changed field compared as stored. Written
 * through: the client kept by the mirror and every held order of theirs.
 */
import { asWrite, type Counteragent } from "../../../service/index.ts";
import { clientReader, reviveClient } from "../../clients/reader.ts";
import { escapeHtml } from "../../ui/text.ts";
import type { FieldCheck } from "../checks.ts";
import type { WriteKind } from "../kind.ts";
import { type CounteragentChange, conflictsOf, patchOver } from "./counteragent-patch.ts";

export interface ClientChangeData {
  clientId: string;
  /** The client's name as the clerk saw it (for what the bot says later). */
  title: string;
  /** Only what the clerk changed. */
  input: CounteragentChange;
  /** Each changed field's value in the record the clerk started from (counteragent-patch.ts `baseOf`). */
  base?: Record<string, unknown>;
  /** The type to send when the service's record names none (the default type). */
  typeId?: string;
}

/** A fix not sent: someone else changed these fields meanwhile; `record` is the client as the service holds it. */
export interface ClientConflict {
  conflict: string[];
  record: unknown;
}

export const isConflict = (result: unknown): result is ClientConflict =>
  typeof result === "object" && result !== null && Array.isArray((result as ClientConflict).conflict);

/** What the PATCH changes, as the service will hold it (custom fields are compared by the service's own check). */
export function clientChecks(input: CounteragentChange): FieldCheck[] {
  const checks: FieldCheck[] = [];
  if (input.name !== undefined) checks.push({ path: "name", as: "text", value: input.name });
  if (input.isBuyer !== undefined) checks.push({ path: "isBuyer", as: "bool", value: input.isBuyer });
  if (input.isVendor !== undefined) checks.push({ path: "isVendor", as: "bool", value: input.isVendor });
  if (input.phones) checks.push({ path: "phones", as: "list", value: input.phones });
  for (const key of ["email", "address", "node"] as const) {
    const value = input[key];
    if (value !== undefined) checks.push({ path: key, as: "text", value });
  }
  if (input.rating !== undefined) checks.push({ path: "rating", as: "amount", value: input.rating });
  for (const key of ["isSendSms", "isSendEmail", "isSendTelegram"] as const) {
    const value = input[key];
    if (value !== undefined) checks.push({ path: key, as: "bool", value });
  }
  if (input.howKnowId) checks.push({ path: "howKnow.id", as: "id", value: input.howKnowId });
  return checks;
}

const plain = (record: unknown) => JSON.parse(JSON.stringify(record));

/** The record the PATCH answered (plain JSON: it is kept with the marker), null, or a conflict. */
export const clientChange: WriteKind<ClientChangeData, unknown> = {
  name: "client-change",
  async send(client, { sent }) {
    const { clientId, input, base, typeId } = sent.data;
    const fresh = await asWrite(() => client.counteragents.get(clientId));
    const conflict = base ? conflictsOf(fresh, input, base) : [];
    if (conflict.length > 0) return { conflict, record: plain(fresh) } satisfies ClientConflict;
    const body = patchOver(fresh, input, typeId);
    if (!body) return { conflict: ["typeCounteragentId"], record: plain(fresh) } satisfies ClientConflict;
    const answered = await client.counteragents.update(clientId, body);
    return plain(answered ?? { ...fresh, ...input });
  },
  read: async (client, { sent }) => [await client.counteragents.get(sent.data.clientId)],
  resultOf: (record) => JSON.parse(JSON.stringify(record)),
  async through(ctx, { result, record, base }) {
    // What the service holds (a conflict's or a check's read, the PATCH's answer), else the record with the change.
    if (isConflict(result)) {
      const now = reviveClient(result.record);
      await clientReader(ctx.services).written(now);
      return { record: now };
    }
    const source = record ?? result ?? base;
    if (!source) return {};
    const saved: Counteragent = { ...(base as Counteragent | undefined), ...reviveClient(source) };
    await clientReader(ctx.services).written(saved);
    return { record: saved };
  },
  report: async (ctx, { sent, afterAll }) => ({
    text: ctx.t(`ce-saved-${afterAll ? "after-all" : "before"}`, { name: escapeHtml(sent.data.title) }),
  }),
  texts: {
    notLanded: (ctx, sent) => ctx.t("ce-not-sent", { name: escapeHtml(sent.data.title) }),
    unknown: (ctx, sent, reason) => ctx.t("ce-unknown", { name: escapeHtml(sent.data.title), reason }),
  },
};
