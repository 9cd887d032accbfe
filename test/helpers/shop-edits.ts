/**
 * The CRM's other users, over the sandbox's own HTTP API (not through the bot):
 * a counteragent edited as the shop's web page would, starting from the record
 * as the service holds it. Each call costs the sandbox two requests; tests
 * mark their counts after it.
 */
import type { Sandbox } from "../../src/sandbox/index.ts";

type Json = Record<string, unknown>;

async function call(sandbox: Sandbox, method: string, path: string, body?: Json): Promise<Json> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { Authorization: sandbox.token, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Json;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer.data as Json;
}

/** The shop changes a counteragent: its four required fields as held, `change` over them. */
export async function shopEditsClient(sandbox: Sandbox, id: string, change: Json): Promise<Json> {
  const held = await call(sandbox, "GET", `/counteragents/${id}`);
  return call(sandbox, "PATCH", `/counteragents/${id}`, {
    name: held.name,
    typeCounteragentId: (held.typeCounteragent as { id: string }).id,
    isBuyer: held.isBuyer,
    isVendor: held.isVendor,
    ...change,
  });
}

/**
 * The shop notes something on each visible order of the client (the CRM's other users), so the
 * order sync reads the orders again with the client as they now carry it.
 */
export function shopTouchesOrders(sandbox: Sandbox, counteragentId: string): void {
  for (const order of sandbox.store.orders)
    if (order.isVisible && order.counteragentId === counteragentId)
      sandbox.others.change(order.id, { orderNode: "Клиент обновлён" });
}

/** The company type with a required custom field (the demo's "ИНН"): its id and that field's id. */
export function companyType(sandbox: Sandbox): { typeId: string; innId: string; kppId: string } {
  const type = sandbox.store.ref.typeCounteragents.find((t) => t.fields.some((f) => f.isRequired));
  const inn = type?.fields.find((f) => f.isRequired);
  const kpp = type?.fields.find((f) => !f.isRequired);
  if (!type || !inn || !kpp) throw new Error("no counteragent type with a required field");
  return { typeId: type.id, innId: inn.id, kppId: kpp.id };
}
