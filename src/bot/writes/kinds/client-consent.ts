/**
 * Kind "client-consent": a client's consent to Telegram messages on their
 * counteragent (`isSendTelegram`), set when they link themselves and cleared
 * on /stop (the client's side, CLIENTS=on). Both ways read the counteragent
 * right before (the write's own read) and PATCH only when the flag is not as
 * wanted yet, with the record's required fields as the service holds them now
 * and the flag, nothing else (counteragent-patch.ts): what the shop changed
 * since the link (a rename, a new type and its custom fields, the vendor flag)
 * is kept. Recognised after an interruption by one read: its flag as sent.
 */
import { asWrite, type Counteragent } from "../../../service/index.ts";
import type { FieldCheck } from "../checks.ts";
import type { WriteKind } from "../kind.ts";
import { patchOver } from "./counteragent-patch.ts";

/** The four fields a PATCH /counteragents must carry (decisions.md), as last read, with the id. */
export interface CounteragentForm {
  id: string;
  name: string;
  typeCounteragentId: string;
  isBuyer: boolean;
  isVendor: boolean;
}

export interface ConsentData {
  counteragentId: string;
  allow: boolean;
  /** An older version's clearing carried the form kept at linking: no longer sent (the read's is). */
  form?: CounteragentForm;
}

/** The form of a counteragent record; undefined when it lacks a name or a type (nothing can be PATCHed). */
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

export const consentChecks = (allow: boolean): FieldCheck[] => [
  { path: "isSendTelegram", as: "bool", value: allow },
];

/** The result: the counteragent's form (null when it has none, or when clearing). */
export const clientConsent: WriteKind<ConsentData, CounteragentForm | null> = {
  name: "client-consent",
  async send(client, { sent }) {
    const { counteragentId, allow } = sent.data;
    // The read is the write's own (its PATCH needs the record as held now): it may use the writes' reserve.
    const record = await asWrite(() => client.counteragents.get(counteragentId));
    const read = formOf(record);
    const body = patchOver(record, { isSendTelegram: allow });
    if (!read || !body) return null;
    // A flag the answer does not carry is sent: only a flag held as wanted spares the PATCH.
    if (record.isSendTelegram !== allow) await client.counteragents.update(counteragentId, body);
    return allow ? read : null;
  },
  read: async (client, { sent }) => [await client.counteragents.get(sent.data.counteragentId)],
  resultOf: (record, { sent }) => (sent.data.allow ? (formOf(record as Counteragent) ?? null) : null),
  // Nothing of a counteragent is mirrored here; the client's side keeps its link itself.
  through: async () => ({}),
  report: async (ctx, { sent }) => ({ text: ctx.t(sent.data.allow ? "client-linked" : "client-stop-done") }),
  texts: {
    notLanded: (ctx) => ctx.t("client-approval-failed"),
    unknown: (ctx) => ctx.t("client-approval-failed"),
  },
};
