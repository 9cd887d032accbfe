/**
 * The CRM's other users: staff working in the service itself (or other
 * integrations), changing orders behind the bot's back. Tests and the bench
 * use them in-process (`sandbox.others`), the CLI over a control endpoint
 * (`--control`, off unless asked for), and the embedded demo lets them change
 * an order now and then so a newcomer sees the mirror and notifications work.
 *
 * Every change runs through the sandbox's own handlers, so it follows the same
 * rules (status entry, deadlines, `lastAction`) as a change over HTTP, and it
 * costs no API client's quota.
 */
import { badRequest, notFound } from "./errors.ts";
import { type ApiClient, parseClients } from "./grants.ts";
import type { Order } from "./model.ts";
import { createPrng, type Prng } from "./prng.ts";
import type { Method, Router } from "./router.ts";
import { Query } from "./rules.ts";
import { KNOWN_NUM } from "./seed.ts";
import type { Store } from "./store.ts";

/** A staff member with every grant (not an API client: no token, no quota). */
const [STAFF] = parseClients([{ login: "staff", password: "-", name: "Сотрудник в CRM" }]) as [ApiClient];

type OrderFields = Record<string, unknown>;

type RandomChangeKind = "status" | "master" | "manager" | "edit" | "create" | "delete";

export interface RandomChange {
  kind: RandomChangeKind;
  orderId: string;
}

export interface OtherUsers {
  /** PATCH as staff would: any field of the change body (statusId, masterId, managerId, problem...). */
  change(orderId: string, fields: OrderFields): void;
  changeStatus(orderId: string, statusId: string): void;
  assign(orderId: string, people: { masterId?: string; managerId?: string }): void;
  /** A new order in a workshop (typeOrderId and client default to the first ones); returns its id. */
  create(shopId: string, fields?: OrderFields): string;
  remove(orderId: string): void;
  /** One plausible change of a random open order (mostly status moves), for demos and the bench. */
  random(): RandomChange;
  /** Called after every change (the state file saves then). */
  onWrite?: () => void;
}

export function createOtherUsers(store: Store, router: Router, seed = 7): OtherUsers {
  const prng: Prng = createPrng(seed);
  const run = (method: Method, path: string, body?: unknown): Record<string, unknown> => {
    const match = router.match(method, path);
    if (match.kind !== "found") throw notFound(`${method} ${path}`);
    const result = match.handler({
      store,
      client: STAFF,
      query: new Query(new URLSearchParams()),
      params: match.params,
      body: body ?? {},
    });
    others.onWrite?.();
    return result;
  };
  const pick = <T>(items: readonly T[]): T | undefined =>
    items.length === 0 ? undefined : items[Math.floor(prng.next() * items.length)];
  // The README's sample order (1042) stays as the README describes it: never changed or deleted by the demo.
  const simulated = (order: Order) => order.isVisible && order.num !== KNOWN_NUM;
  const openOrders = (): Order[] => {
    const open = store.orders.filter((order) => {
      const group = store.statusById.get(order.statusId)?.group;
      return simulated(order) && group !== "closed";
    });
    return open.length > 0 ? open : store.orders.filter(simulated);
  };

  const others: OtherUsers = {
    change(orderId, fields) {
      run("PATCH", `/orders/${encodeURIComponent(orderId)}`, fields);
    },
    changeStatus(orderId, statusId) {
      others.change(orderId, { statusId });
    },
    assign(orderId, people) {
      others.change(orderId, people);
    },
    create(shopId, fields = {}) {
      const typeOrderId = store.ref.typeOrders[0]?.id;
      const client = store.counteragents[0];
      const body = {
        typeOrderId,
        ...(client ? { counteragentId: client.id } : { name: "Клиент из CRM" }),
        ...fields,
      };
      const answer = run("POST", `/shops/${encodeURIComponent(shopId)}/orders`, body) as {
        data?: { id?: string };
      };
      const id = answer.data?.id;
      if (id === undefined) throw badRequest("the order was not created");
      return id;
    },
    remove(orderId) {
      run("DELETE", `/orders/${encodeURIComponent(orderId)}`);
    },
    random() {
      const roll = prng.next();
      const order = pick(openOrders());
      const shop = pick(store.ref.shops);
      if (!order || roll < 0.08) {
        if (!shop) throw badRequest("no workshop");
        return { kind: "create", orderId: others.create(shop.id, { problem: ["Не заряжается"] }) };
      }
      const staff = store.employeesOfShop(order.shopId);
      if (roll < 0.65) {
        const status = pick(store.ref.statuses.filter((s) => s.id !== order.statusId && !s.isPayRequired));
        if (status) {
          others.changeStatus(order.id, status.id);
          return { kind: "status", orderId: order.id };
        }
      }
      if (roll < 0.8) {
        const master = pick(staff.filter((e) => e.isMaster && e.id !== order.masterId));
        if (master) {
          others.assign(order.id, { masterId: master.id });
          return { kind: "master", orderId: order.id };
        }
      }
      if (roll < 0.9) {
        const manager = pick(staff.filter((e) => e.isManager && e.id !== order.managerId));
        if (manager) {
          others.assign(order.id, { managerId: manager.id });
          return { kind: "manager", orderId: order.id };
        }
      }
      if (roll < 0.99) {
        others.change(order.id, { orderNode: `Позвонили клиенту ${new Date(store.now()).toISOString()}` });
        return { kind: "edit", orderId: order.id };
      }
      others.remove(order.id);
      return { kind: "delete", orderId: order.id };
    },
  };
  return others;
}
