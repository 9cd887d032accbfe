/**
 * The Mini App's API, one line per call: its method, who may call it (a viewer
 * reads, an operator writes, a client reaches only the client's calls) and its
 * handler. route.ts checks the initData and the role before any handler runs;
 * a client's calls are client-api.ts.
 */
import type { Role } from "../policy/role.ts";
import { readBoard, searchOrders } from "./board-api.ts";
import { writes } from "./caller.ts";
import { answerEstimate, myOrders, payOrder, writeToShop } from "./client-api.ts";
import { createIntake, findClients, getIntakeOptions } from "./intake-api.ts";
import { addComment, changeStatus, getOrder, photosToChat } from "./order-api.ts";
import type { ApiRequest } from "./route.ts";

export interface ApiAnswer {
  status?: number;
  body: unknown;
}

interface Handler {
  method: "GET" | "POST";
  roles: readonly (Role | "client")[];
  run(r: ApiRequest): Promise<ApiAnswer>;
}

const STAFF = ["owner", "operator", "viewer"] as const;
const WRITERS = ["owner", "operator"] as const;
const CLIENT = ["client"] as const;
const EVERYONE = [...STAFF, CLIENT[0]] as const;
const MAX_QUERY = 100;

export const API_HANDLERS: Record<string, Handler> = {
  me: {
    method: "GET",
    roles: EVERYONE,
    run: async ({ services, caller }) => ({
      body: {
        user: { id: caller.user.id, name: caller.user.firstName },
        role: caller.role,
        writes: writes(caller),
        locale: caller.locale,
        timezone: services.config.timezone,
      },
    }),
  },
  board: {
    method: "GET",
    roles: STAFF,
    async run({ services, caller }) {
      const board = await readBoard(services, caller.user.id);
      return board ? { body: board } : { body: { error: "no-mirror" }, status: 503 };
    },
  },
  search: {
    method: "GET",
    roles: STAFF,
    async run({ services, caller, query }) {
      const text = (query.get("q") ?? "").trim();
      if (text.length < 2 || text.length > MAX_QUERY) return { body: { orders: [] } };
      const orders = await searchOrders(services, caller.user.id, text);
      return orders ? { body: { orders } } : { body: { error: "no-mirror" }, status: 503 };
    },
  },
  order: { method: "GET", roles: STAFF, run: getOrder },
  status: { method: "POST", roles: WRITERS, run: changeStatus },
  comment: { method: "POST", roles: WRITERS, run: addComment },
  // The intake on one screen: its lists and the clients' search read (0 requests warm), its create writes.
  "intake-options": { method: "GET", roles: WRITERS, run: getIntakeOptions },
  clients: { method: "GET", roles: WRITERS, run: findClients },
  intake: { method: "POST", roles: WRITERS, run: createIntake },
  photos: { method: "POST", roles: STAFF, run: photosToChat },
  mine: { method: "GET", roles: CLIENT, run: myOrders },
  answer: { method: "POST", roles: CLIENT, run: answerEstimate },
  write: { method: "POST", roles: CLIENT, run: writeToShop },
  pay: { method: "POST", roles: CLIENT, run: payOrder },
};
