/**
 * Kind "client-change": one PATCH /counteragents/{id} fixing a client (the
 * default form's four required fields from the record, plus what changed).
 * Recognised after an interruption by one read of the client, each field
 * compared as the service stores it. Written through: the client kept by the
 * mirror and every held order of theirs shows the new name and phones.
 */
import type { Counteragent, CounteragentUpdateInput } from "../../../service/index.ts";
import { clientReader, reviveClient } from "../../clients/reader.ts";
import { escapeHtml } from "../../ui/text.ts";
import type { FieldCheck } from "../checks.ts";
import type { WriteKind } from "../kind.ts";

export interface ClientChangeData {
  clientId: string;
  /** The client's name as the clerk saw it (for what the bot says later). */
  title: string;
  input: CounteragentUpdateInput;
}

/** What the PATCH sets, as the service will hold it (custom fields are compared by the service's own check). */
export function clientChecks(input: CounteragentUpdateInput): FieldCheck[] {
  const checks: FieldCheck[] = [
    { path: "name", as: "text", value: input.name },
    { path: "isBuyer", as: "bool", value: input.isBuyer },
    { path: "isVendor", as: "bool", value: input.isVendor },
  ];
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

/** The record the PATCH answered (plain JSON: it is kept with the marker), or null. */
export const clientChange: WriteKind<ClientChangeData, unknown> = {
  name: "client-change",
  async send(client, { sent }) {
    const answered = await client.counteragents.update(sent.data.clientId, sent.data.input);
    return answered ? JSON.parse(JSON.stringify(answered)) : null;
  },
  read: async (client, { sent }) => [await client.counteragents.get(sent.data.clientId)],
  resultOf: (record) => JSON.parse(JSON.stringify(record)),
  async through(ctx, { result, record, base }) {
    // What the service holds (a check's read, the PATCH's answer), else the record with the change.
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
