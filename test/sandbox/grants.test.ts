import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { call, useSandbox } from "./helpers.ts";

describe("grants of the restricted client", () => {
  const sb = useSandbox();
  const as = () => ({ token: sb().restrictedToken });
  const ref = () => sb().store.ref;
  const hiddenShop = () => ref().shops[2]?.id ?? "";
  const orderIn = (pick: (o: { shopId: string; statusId: string; isVisible: boolean }) => boolean) =>
    sb().store.orders.find((o) => o.isVisible && pick(o));
  const group = (statusId: string) => sb().store.statusById.get(statusId)?.group;

  it("sees only its workshops in /shops and company-wide lists", async () => {
    const shops = (await call(sb(), "/shops", as())).body.data.map((s: { id: string }) => s.id);
    expect(shops).not.toContain(hiddenShop());
    expect(shops).toHaveLength(2);
    const all = await call(sb(), "/company/orders", { ...as(), query: { pageSize: 50 } });
    expect(all.body.total).toBe(sb().store.orders.filter((o) => o.shopId !== hiddenShop()).length);
  });

  it("gets 403 for the hidden workshop's lists and orders", async () => {
    for (const path of ["orders", "cash-registers", "customers", "customers/masters"]) {
      expect((await call(sb(), `/shops/${hiddenShop()}/${path}`, as())).status, path).toBe(403);
    }
    const order = orderIn((o) => o.shopId === hiddenShop());
    const res = await call(sb(), `/orders/${order?.id}`, as());
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe("Access denied");
    const create = await call(sb(), `/shops/${hiddenShop()}/orders`, {
      ...as(),
      method: "POST",
      body: { typeOrderId: ref().typeOrders[0]?.id, name: "X" },
    });
    expect(create.status).toBe(403);
  });

  it("gets 403 for the hidden workshop's register", async () => {
    const register = ref().registers.find((r) => r.shopId === hiddenShop());
    expect((await call(sb(), `/cash-registers/${register?.id}/cash`, as())).status).toBe(403);
    expect(
      (await call(sb(), "/cash", { ...as(), query: { cashRegisterIds: register?.id ?? "" } })).status,
    ).toBe(403);
    expect((await call(sb(), `/cash-registers/${register?.id}/cash`)).status).toBe(200);
  });

  it("may not delete orders", async () => {
    const order = orderIn((o) => o.shopId !== hiddenShop());
    expect((await call(sb(), `/orders/${order?.id}`, { ...as(), method: "DELETE" })).status).toBe(403);
    expect(sb().store.orderById.get(order?.id ?? "")?.isVisible).toBe(true);
  });

  it("may read but not change orders in closed statuses", async () => {
    const closed = orderIn((o) => o.shopId !== hiddenShop() && group(o.statusId) === "closed");
    expect((await call(sb(), `/orders/${closed?.id}`, as())).status).toBe(200);
    const res = await call(sb(), `/orders/${closed?.id}`, {
      ...as(),
      method: "PATCH",
      body: { orderNode: "x" },
    });
    expect(res.status).toBe(403);
    const open = orderIn((o) => o.shopId !== hiddenShop() && group(o.statusId) === "inWork");
    expect(
      (await call(sb(), `/orders/${open?.id}`, { ...as(), method: "PATCH", body: { orderNode: "x" } }))
        .status,
    ).toBe(200);
    expect(
      (await call(sb(), `/orders/${closed?.id}`, { method: "PATCH", body: { orderNode: "x" } })).status,
    ).toBe(200);
  });

  it("may create orders in its workshops", async () => {
    const res = await call(sb(), `/shops/${ref().shops[0]?.id}/orders`, {
      ...as(),
      method: "POST",
      body: { typeOrderId: ref().typeOrders[0]?.id, name: "Ограниченный" },
    });
    expect(res.status).toBe(200);
  });
});

describe("grants file", () => {
  let sandbox: Sandbox | undefined;
  afterEach(async () => {
    await sandbox?.close();
  });

  it("defines more clients with their own grants", async () => {
    const file = join(tmpdir(), `sandbox-grants-${process.pid}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        clients: [
          {
            login: "viewer",
            password: "viewer-pass",
            token: "viewer-token-1",
            createOrders: false,
            viewStatuses: ["new", "inWork"],
          },
          { login: "no-orders", password: "pass-1234", orders: false },
        ],
      }),
    );
    sandbox = await startSandbox({ port: 0, orders: 100, grants: file });
    const viewer = { token: "viewer-token-1" };
    const shop = sandbox.shops[0]?.id;
    const listed = await call(sandbox, "/company/orders", { ...viewer, query: { pageSize: 50 } });
    const groups = new Set(
      sandbox.store.orders
        .filter((o) => ["new", "inWork"].includes(sandbox?.store.statusById.get(o.statusId)?.group ?? ""))
        .map((o) => o.id),
    );
    expect(listed.body.total).toBe(groups.size);
    const create = await call(sandbox, `/shops/${shop}/orders`, {
      ...viewer,
      method: "POST",
      body: { typeOrderId: sandbox.store.ref.typeOrders[0]?.id, name: "X" },
    });
    expect(create.status).toBe(403);
    const auth = await call(sandbox, "/auth", {
      method: "POST",
      token: null,
      body: { login: "no-orders", password: "pass-1234" },
    });
    expect((await call(sandbox, "/company/orders", { token: auth.body.token })).status).toBe(403);
    expect((await call(sandbox, "/counteragents", { token: auth.body.token })).status).toBe(200);
    expect(sandbox.clients.map((c) => c.login)).toEqual(["demo", "restricted", "viewer", "no-orders"]);
  });

  it("refuses a malformed grants file", async () => {
    await expect(startSandbox({ port: 0, orders: 10, grants: [{ login: "x" } as never] })).rejects.toThrow();
  });
});
