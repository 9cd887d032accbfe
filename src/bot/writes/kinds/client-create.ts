/**
 * Kind "client-create": one POST /counteragents (a new client an order moves
 * to). Recognised after an interruption by one read of the clients created
 * since the attempt with that name (and phones).
 */
import type { CounteragentCreateInput } from "../../../service/index.ts";
import { clientReader, reviveClient } from "../../clients/reader.ts";
import { escapeHtml } from "../../ui/text.ts";
import type { FieldCheck } from "../checks.ts";
import type { WriteKind } from "../kind.ts";

/** How far back before the attempt a created client is looked for (clocks of the bot and the service differ). */
const LOOKBACK_MS = 10 * 60 * 1000;

export interface ClientCreateData {
  input: CounteragentCreateInput;
}

/** The created client: its id, name and phones. */
export interface CreatedClient {
  id: string;
  name: string;
  phones: string[];
}

export function createdClientChecks(input: CounteragentCreateInput): FieldCheck[] {
  const checks: FieldCheck[] = [{ path: "name", as: "text", value: input.name }];
  if (input.phones) checks.push({ path: "phones", as: "list", value: input.phones });
  return checks;
}

const createdOf = (record: unknown): CreatedClient => {
  const client = reviveClient(record);
  return { id: client.id, name: client.name ?? client.id, phones: client.phones ?? [] };
};

export const clientCreate: WriteKind<ClientCreateData, CreatedClient> = {
  name: "client-create",
  async send(client, { sent }) {
    return createdOf(await client.counteragents.create(sent.data.input));
  },
  async read(client, { sent, at }) {
    const page = await client.counteragents.list({
      filter: sent.data.input.name,
      dateCreate: [at - LOOKBACK_MS, null],
      page: 1,
      pageSize: 50,
    });
    return page.items;
  },
  resultOf: (record) => createdOf(record),
  async through(ctx, { result, record }) {
    const client = record ? reviveClient(record) : { ...result };
    await clientReader(ctx.services).written(client);
    return { record: client };
  },
  report: async (ctx, { sent, afterAll }) => ({
    text: ctx.t(`cc-created-${afterAll ? "after-all" : "before"}`, {
      name: escapeHtml(sent.data.input.name),
    }),
  }),
  texts: {
    notLanded: (ctx, sent) => ctx.t("cc-not-sent", { name: escapeHtml(sent.data.input.name) }),
    unknown: (ctx, sent, reason) => ctx.t("cc-unknown", { name: escapeHtml(sent.data.input.name), reason }),
  },
};
