/**
 * Kind "client-consent": a client's consent to Telegram messages on their
 * counteragent (`isSendTelegram`), set when they link themselves and cleared
 * on /stop (the client's side, CLIENTS=on). Setting it reads the counteragent
 * first (the PATCH must carry its name, type, isBuyer and isVendor) and sends
 * the PATCH only when the flag is not set yet; clearing it PATCHes the form
 * kept at linking. Recognised after an interruption by one read of the
 * counteragent: its flag as sent.
 */
import { asWrite, type Counteragent } from "../../../service/index.ts";
import type { FieldCheck } from "../checks.ts";
import type { WriteKind } from "../kind.ts";

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
  /** Clearing: the form to PATCH with (setting reads it first). */
  form?: CounteragentForm;
}

/** The form of a counteragent record; undefined when it lacks a name or a type (nothing can be PATCHed). */
export function formOf(record: Counteragent): CounteragentForm | undefined {
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
    const { counteragentId, allow, form } = sent.data;
    if (!allow) {
      if (!form) return null;
      const { id: _id, ...fields } = form;
      await client.counteragents.update(counteragentId, { ...fields, isSendTelegram: false });
      return null;
    }
    // The read is the write's own (its PATCH needs the form): it may use the writes' reserve.
    const record = await asWrite(() => client.counteragents.get(counteragentId));
    const read = formOf(record);
    if (!read) return null;
    const { id: _id, ...fields } = read;
    if (record.isSendTelegram !== true)
      await client.counteragents.update(counteragentId, { ...fields, isSendTelegram: true });
    return read;
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
