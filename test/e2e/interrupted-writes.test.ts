/**
 * A write interrupted for real: a proxy before the sandbox holds the service's
 * answers, the bot process is killed with SIGKILL while its create (or PATCH
 * with payment) waits for its answer — the service has carried it out — and
 * the bot is started again on the same DATA_DIR. The clerk's next message is answered with what the
 * service did — the order with its card, the new status and the money taken
 * — never "Nothing was changed", and nothing is created twice.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port.ts";
import { OPERATOR, SECOND_OPERATOR, useStack } from "./harness/stack.ts";
import { changeStatusScript } from "./scenarios/change-status.ts";
import { createOrderScript } from "./scenarios/create-order.ts";
import { walk } from "./scenarios/walker.ts";

/**
 * The service behind a proxy that passes every request on whole and, while
 * `holdMs` is set, holds the answer that long: the service has done the
 * write, the bot has not heard of it.
 */
const proxy = {
  target: "",
  holdMs: 0,
  server: undefined as Server | undefined,
  /** Called when the service has answered a write whose answer the proxy now holds. */
  onHeldWrite: () => {},
  /** The PATCH requests that reached the service. */
  patches: 0,
};

/** Resolves when the service has carried out a write and its answer is being held. */
function heldWrite(): Promise<void> {
  return new Promise((resolve) => {
    proxy.onHeldWrite = resolve;
  });
}
const botEnv: Record<string, string> = {};
/** The sandbox's port, chosen before the stack starts: the proxy must know it before the bot logs in. */
const sandboxArgs: string[] = [];

beforeAll(async () => {
  const port = await freePort();
  sandboxArgs.push("--port", String(port));
  proxy.target = `http://127.0.0.1:${port}`;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const name of ["authorization", "content-type", "accept"]) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    if (req.method === "PATCH") proxy.patches++;
    const answer = await fetch(proxy.target + (req.url ?? "/"), {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    const body = Buffer.from(await answer.arrayBuffer());
    if (proxy.holdMs > 0) {
      if (req.method === "POST" || req.method === "PATCH") proxy.onHeldWrite();
      await sleep(proxy.holdMs);
    }
    if (res.destroyed) return;
    res.writeHead(answer.status, {
      "content-type": answer.headers.get("content-type") ?? "application/json",
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  proxy.server = server;
  botEnv.SERVICE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  proxy.server?.closeAllConnections();
  await new Promise((resolve) => proxy.server?.close(resolve));
});

// Read by the stack's own beforeAll, which runs after the proxy's.
const stack = useStack({ botEnv, sandboxArgs });
/** How long the proxy holds answers: the bot is killed while its write waits for one. */
const HOLD_MS = 10_000;

describe("SIGKILL while a write travels to the service", () => {
  it("a create: after the restart /cancel shows the order created, once", async () => {
    const { telegram, bot, api } = stack();
    const op = telegram.user(OPERATOR);
    const client = "Летучий Пётр";
    const script = createOrderScript({ client, phone: "+79003330001", problem: "Killed mid-create" });
    await walk(op, script, script.start, { stopAt: /Check the order/ });

    proxy.holdMs = HOLD_MS;
    const held = heldWrite();
    op.tap("✅ Create");
    // The service has created it; its answer is held: the bot dies before it hears.
    await held;
    await bot.kill();
    proxy.holdMs = 0;
    const found = await api.orders({ filter: client });
    expect(found.total).toBe(1);
    const [order] = found.data;
    await bot.restart();

    const said = await op.say("/cancel");
    expect(said.text).toContain(`✅ Order ${order?.number} was created before the bot was interrupted`);
    expect(said.text).toContain(`<b>Order ${order?.number}</b>`);
    expect(said.text).not.toContain("Nothing was changed");
    expect((await api.orders({ filter: client })).total).toBe(1);
  });

  it("a status change with payment: after the restart /cancel says the status and the money taken", async () => {
    const { telegram, bot, api } = stack();
    const op = telegram.user(SECOND_OPERATOR);
    const script = changeStatusScript(1042, {
      status: /^Согласовано, предоплата/,
      cash: "100",
      bank: "200",
      note: "killed",
    });
    await walk(op, script, script.start, { stopAt: /Change the status of order/ });
    const [before] = (await api.orders({ num: "1042" })).data;

    proxy.holdMs = HOLD_MS;
    const held = heldWrite();
    op.tap("✅ Yes");
    await held;
    await bot.kill();
    proxy.holdMs = 0;
    expect((await api.orders({ num: "1042" })).data[0]?.status?.name).toBe("Согласовано, предоплата");
    await bot.restart();

    const said = await op.say("/cancel");
    expect(said.text).toContain(
      `The change of order ${before?.number} went through before the bot was interrupted`,
    );
    expect(said.text).toContain("• the status is now “Согласовано, предоплата”");
    expect(said.text).toContain("• 300 ₽ taken");
    expect(said.text).not.toContain("Nothing was changed");
  });

  it("a diagnosis with a deadline: after the restart /cancel says it went through, the CRM holds it, one PATCH", async () => {
    const { telegram, bot, api } = stack();
    const op = telegram.user(OPERATOR);
    await op.say("/order 1043", { until: (o) => o.text.includes("Order") });
    op.tap("🩺 Diagnosis");
    await op.reply((o) => o.text.includes("Diagnosis of order"));
    op.tap("🩺 Verdict");
    await op.reply((o) => o.text.includes("verdict"));
    await op.say("Замена платы питания", { until: (o) => o.text.includes("✏️") });
    op.tap("📅 Deadline");
    const dates = await op.reply((o) => o.text.includes("pick one or type a date"));
    const quick = dates.replyMarkup?.inline_keyboard[0]?.[1]?.text;
    if (!quick) throw new Error("no quick deadline");
    op.tap(quick);
    await op.reply((o) => o.text.includes("✏️ Deadline"));
    const [before] = (await api.orders({ num: "1043" })).data;
    if (!before) throw new Error("no order 1043");

    proxy.holdMs = HOLD_MS;
    proxy.patches = 0;
    const held = heldWrite();
    op.tap("✅ Save");
    // The service has saved it; its answer is held: the bot dies before it hears.
    await held;
    await bot.kill();
    proxy.holdMs = 0;
    await bot.restart();

    const said = await op.say("/cancel");
    expect(said.text).toContain(
      `The change of order ${before.number} went through before the bot was interrupted`,
    );
    expect(said.text).toContain("2 fields saved");
    expect(said.text).not.toContain("Nothing was changed");
    const after = await api.order(before.id);
    expect(after.recommendation).toBe("Замена платы питания");
    expect(after.deadline).toBeDefined();
    expect(proxy.patches).toBe(1);
  });
});
