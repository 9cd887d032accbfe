import { type Counteragent, counteragent } from "../schemas/counteragent.ts";
import {
  type CounteragentCreateInput,
  type CounteragentUpdateInput,
  counteragentInput,
} from "../schemas/counteragent-input.ts";
import { listEnvelope, oneEnvelope, type Page } from "../schemas/envelope.ts";
import { type CounteragentListQuery, counteragentListQuery } from "../schemas/queries.ts";
import { type Caller, parseInput, pathId, toPage } from "./shared.ts";

const list = listEnvelope(counteragent);
const one = oneEnvelope(counteragent);
/** PATCH may answer the record or only `{success: true}`: the record when there is one. */
const changed = oneEnvelope(counteragent.optional().catch(undefined));

export function createCounteragents(api: Caller) {
  return {
    async list(query: CounteragentListQuery = {}): Promise<Page<Counteragent>> {
      const filters = parseInput(counteragentListQuery, query, "counteragent list query");
      return toPage(
        await api.call({ method: "GET", path: "/counteragents", query: filters, schema: list }),
        filters,
      );
    },

    async get(id: string): Promise<Counteragent> {
      return (await api.call({ method: "GET", path: `/counteragents/${pathId(id, "id")}`, schema: one }))
        .data;
    },

    /** POST /counteragents; answers the created record. */
    async create(input: CounteragentCreateInput): Promise<Counteragent> {
      const json = parseInput(counteragentInput, input, "counteragent");
      return (await api.call({ method: "POST", path: "/counteragents", json, schema: one })).data;
    },

    /** PATCH /counteragents/{id}; the changed record when the service answers with it, else null. */
    async update(id: string, input: CounteragentUpdateInput): Promise<Counteragent | null> {
      const path = `/counteragents/${pathId(id, "id")}`;
      const json = parseInput(counteragentInput, input, "counteragent");
      return (await api.call({ method: "PATCH", path, json, schema: changed })).data ?? null;
    },
  };
}
export type CounteragentsApi = ReturnType<typeof createCounteragents>;
