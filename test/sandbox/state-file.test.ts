import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KNOWN_NUM, type Sandbox, StateFileError, startSandbox } from "../../src/sandbox/index.ts";
import { call, manualClock } from "./helpers.ts";

const DAY = 24 * 60 * 60 * 1000;

let dir = "";
let file = "";
const open: Sandbox[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sandbox-state-"));
  file = join(dir, "state.json");
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((sandbox) => sandbox.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startSandbox>[0] = {}): Promise<Sandbox> {
  const sandbox = await startSandbox({ port: 0, seed: 1, orders: 60, stateFile: file, ...options });
  open.push(sandbox);
  return sandbox;
}

async function stop(sandbox: Sandbox): Promise<void> {
  open.splice(open.indexOf(sandbox), 1);
  await sandbox.close();
}

const shopA = (sb: Sandbox) => sb.shops[0]?.id ?? "";
const firstType = (sb: Sandbox) => sb.store.ref.typeOrders[0]?.id ?? "";
const lenina = (sb: Sandbox) => sb.store.ref.registers.find((r) => r.name === "Касса Ленина");

async function createOrder(sb: Sandbox, body: Record<string, unknown>) {
  const res = await call(sb, `/shops/${shopA(sb)}/orders`, {
    method: "POST",
    body: { typeOrderId: firstType(sb), ...body },
  });
  expect(res.status).toBe(200);
  return (await call(sb, `/orders/${res.body.data.id}`)).body.data;
}

async function registers(sb: Sandbox) {
  return (await call(sb, `/shops/${shopA(sb)}/cash-registers`)).body.data;
}

function readState() {
  return JSON.parse(readFileSync(file, "utf8"));
}

describe("sandbox state file", () => {
  it("creates the file from the seed when there is none", async () => {
    const sb = await start();
    const state = readState();
    expect(state).toMatchObject({ format: "repair-crm-sandbox-state", version: 1, seed: 1 });
    expect(state.orders).toHaveLength(60);
    expect(state.tokens).toEqual({ demo: sb.token, restricted: sb.restrictedToken });
  });

  it("keeps orders, counteragents, payments, balances and numbering across a restart", async () => {
    const clock = manualClock();
    const first = await start({ clock });
    const register = lenina(first);
    const order = await createOrder(first, {
      name: "Сохранённая Анна",
      phones: ["+7 900 123-45-67"],
      brand: "Apple",
      model: "iPhone 15",
      cashRegisterId: register?.id,
      money: 500,
      bank: 700,
    });
    const made = await call(first, "/counteragents", {
      method: "POST",
      body: {
        name: "ООО Постоянство",
        typeCounteragentId: first.store.ref.typeCounteragents[0]?.id,
        isBuyer: true,
        isVendor: false,
      },
    });
    expect(made.status).toBe(200);
    const known = first.store.orders.find((o) => o.num === KNOWN_NUM);
    const victim = first.store.orders.find((o) => o.isVisible && o !== known && o.shopId === shopA(first));
    expect((await call(first, `/orders/${victim?.id}`, { method: "DELETE" })).status).toBe(200);
    const balances = await registers(first);
    const knownBefore = (await call(first, `/orders/${known?.id}`)).body.data;
    const ready = { token: first.token, restrictedToken: first.restrictedToken };
    await stop(first);

    // Ten days later, with another orders count: the file wins, dates stay absolute.
    clock.advance(10 * DAY);
    const second = await start({ clock, orders: 5 });
    expect({ token: second.token, restrictedToken: second.restrictedToken }).toEqual(ready);
    expect(second.store.orders).toHaveLength(61);

    const again = (await call(second, `/orders/${order.id}`)).body.data;
    expect(again).toEqual(order);
    expect((await call(second, `/orders/${known?.id}`)).body.data).toEqual(knownBefore);
    const client = (await call(second, `/counteragents/${order.counteragent.id}`)).body.data;
    expect(client).toMatchObject({ name: "Сохранённая Анна", phones: ["+7 900 123-45-67"] });
    const company = (await call(second, `/counteragents/${made.body.data.id}`)).body.data;
    expect(company.name).toBe("ООО Постоянство");

    const cash = await call(second, `/cash-registers/${register?.id}/cash`, {
      query: { filter: order.number },
    });
    expect(cash.body.total).toBe(2);
    expect(cash.body.data.map((t: { money: number }) => t.money).sort()).toEqual([500, 700]);
    expect(await registers(second)).toEqual(balances);

    // Deleted stays deleted: listed only with isVisible=false.
    expect((await call(second, `/orders/${victim?.id}`)).body.data.isVisible).toBe(false);
    const listed = async (isVisible: boolean) =>
      (await call(second, `/shops/${shopA(second)}/orders`, { query: { num: victim?.num ?? 0, isVisible } }))
        .body.data;
    expect(await listed(true)).toEqual([]);
    expect((await listed(false)).map((o: { id: string }) => o.id)).toEqual([victim?.id]);

    // Numbering continues; ids of new records do not collide with saved ones.
    const next = await createOrder(second, { name: "Следующий клиент" });
    expect(next.num).toBe(order.num + 1);
    const numbers = second.store.orders.map((o) => o.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    const ids = [...second.store.orders.map((o) => o.id), ...second.store.counteragents.map((c) => c.id)];
    expect(new Set(ids).size).toBe(ids.length);
    const paid = await call(second, `/orders/${next.id}`, {
      method: "PATCH",
      body: {
        statusId: second.store.ref.statuses.find((s) => s.isPayRequired)?.id,
        cashRegisterId: register?.id,
        money: 100,
      },
    });
    expect(paid.status).toBe(200);
    const numbersOfTx = second.store.transactions.map((t) => t.number);
    expect(new Set(numbersOfTx).size).toBe(numbersOfTx.length);
  });

  it("saves a counteragent change", async () => {
    const first = await start();
    const target = first.store.counteragents[5];
    const res = await call(first, `/counteragents/${target?.id}`, {
      method: "PATCH",
      body: {
        name: "Новое Имя",
        typeCounteragentId: target?.typeCounteragentId,
        isBuyer: true,
        isVendor: false,
      },
    });
    expect(res.status).toBe(200);
    await stop(first);
    const second = await start();
    expect((await call(second, `/counteragents/${target?.id}`)).body.data.name).toBe("Новое Имя");
  });

  it("ends concurrent writes in one consistent file, flushed by close()", async () => {
    const first = await start({ stateSaveDelayMs: 1 });
    const made = await Promise.all(
      Array.from({ length: 25 }, (_, i) => createOrder(first, { name: `Клиент ${i}`, brand: `B${i}` })),
    );
    await stop(first);
    const state = readState();
    const saved = new Set(state.orders.map((o: { id: string }) => o.id));
    for (const order of made) expect(saved.has(order.id)).toBe(true);
    expect(readdirSync(dir)).toEqual(["state.json"]);

    const second = await start();
    const nums = made.map((o) => o.num).sort((a, b) => a - b);
    expect(nums).toEqual(Array.from({ length: 25 }, (_, i) => (nums[0] ?? 0) + i));
    const next = await createOrder(second, { name: "После" });
    expect(next.num).toBe((nums[24] ?? 0) + 1);
  });

  it("answers writes when saving fails, and close() reports the failure", async () => {
    const sb = await start({ stateSaveDelayMs: 1 });
    rmSync(dir, { recursive: true, force: true });
    const order = await createOrder(sb, { name: "Без диска" });
    expect(order.counteragent.name).toBe("Без диска");
    open.splice(open.indexOf(sb), 1);
    await expect(sb.close()).rejects.toThrow(/ENOENT/);
  });

  describe("refuses a file it cannot use, naming it and leaving it as it is", () => {
    async function refusal(content: string): Promise<string> {
      writeFileSync(file, content);
      const error = await startSandbox({ port: 0, stateFile: file }).then(
        (sb) => {
          open.push(sb);
          throw new Error("started");
        },
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StateFileError);
      expect(readFileSync(file, "utf8")).toBe(content);
      const message = (error as Error).message;
      expect(message).toContain(file);
      return message;
    }

    it("not JSON", async () => {
      expect(await refusal('{"format": "repair-crm')).toMatch(/not valid JSON/);
    });

    it("an empty file", async () => {
      expect(await refusal("")).toMatch(/not valid JSON/);
    });

    it("not a state file", async () => {
      expect(await refusal('{"orders": []}')).toMatch(/not a sandbox state file/);
    });

    it("another version", async () => {
      expect(await refusal('{"format":"repair-crm-sandbox-state","version":99}')).toMatch(/version 99/);
    });

    it("a record that does not fit, or a dangling reference", async () => {
      const sb = await start();
      await stop(sb);
      const good = readState();
      const broken = structuredClone(good);
      broken.orders[0].num = "seven";
      expect(await refusal(JSON.stringify(broken))).toMatch(/orders\.0\.num/);
      const dangling = structuredClone(good);
      dangling.orders[0].statusId = "000000000000000000000000";
      expect(await refusal(JSON.stringify(dangling))).toMatch(/unknown status/);
      const duplicate = structuredClone(good);
      duplicate.orders.push({ ...duplicate.orders[0], id: "ffffffffffffffffffffffff" });
      expect(await refusal(JSON.stringify(duplicate))).toMatch(/twice/);
    });

    it("another seed", async () => {
      const sb = await start({ seed: 3 });
      await stop(sb);
      const content = readFileSync(file, "utf8");
      expect(await refusal(content)).toMatch(/seed 3/);
    });
  });

  it("CLI --state keeps the data and the ready line across restarts; a bad file stops it with the reason", async () => {
    const run = async () => {
      const child = spawn(
        process.execPath,
        ["src/sandbox/cli.ts", "--port", "0", "--orders", "20", "--state", file],
        {
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once("line", resolve);
        child.once("exit", (code) => reject(new Error(`exited ${code}`)));
      });
      const stopChild = async () => {
        const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        return exited;
      };
      return { ready: JSON.parse(line), stop: stopChild };
    };
    const first = await run();
    const res = await fetch(`${first.ready.url}/shops/${first.ready.shops[0].id}/orders`, {
      method: "POST",
      headers: { authorization: first.ready.token, "content-type": "application/json" },
      body: JSON.stringify({ typeOrderId: "5a0300000000000000000001", name: "Из CLI" }),
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { id: string } };
    expect(await first.stop()).toBe(0);

    const second = await run();
    expect(second.ready.token).toBe(first.ready.token);
    const read = await fetch(`${second.ready.url}/orders/${data.id}`, {
      headers: { authorization: second.ready.token },
    });
    expect(read.status).toBe(200);
    expect(await second.stop()).toBe(0);

    writeFileSync(file, "garbage");
    const bad = spawn(process.execPath, ["src/sandbox/cli.ts", "--port", "0", "--state", file], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    bad.stderr.on("data", (chunk) => {
      stderr += String(chunk);
    });
    expect(await new Promise((resolve) => bad.once("exit", resolve))).toBe(1);
    expect(stderr).toContain(file);
    expect(stderr).toContain("not valid JSON");
  });
});
