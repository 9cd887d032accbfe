/**
 * After the Mini App's intake, what follows the chat's (issue 38.4 with 36.4): the
 * order's linked client gets the receipt as a PDF with "✅ I accept the terms", once,
 * and the clerk the card in their chat with the bot.
 */
import { sign } from "@telegram-apps/init-data-node";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type BotHttpServer, startHttpServer } from "../../../src/bot/http/server.ts";
import { miniAppRoute } from "../../../src/bot/mini-app/route.ts";
import { type ClientBot, linked, OPERATOR, startClientBot } from "../features/client-side/setup.ts";

let t: ClientBot;
let http: BotHttpServer;

beforeAll(async () => {
  t = await startClientBot({
    config: { miniApp: { url: "https://shop.example/mini-app/", maxAgeSeconds: 3600 } },
  });
  http = await startHttpServer({
    port: 0,
    health: () => ({ ok: true, body: {} }),
    routes: [
      miniAppRoute({
        services: t.services,
        api: t.bot.api,
        logger: pino({ level: "silent" }),
        maxAgeSeconds: 3600,
        botUsername: () => t.bot.botInfo.username,
      }),
    ],
  });
});
afterAll(async () => {
  await http?.close();
  await t?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read field by field.
async function call(path: string, body?: unknown): Promise<any> {
  const initData = sign(
    { user: { id: OPERATOR, first_name: "Clerk", language_code: "en" }, query_id: "AAH" },
    t.config.botToken,
    t.clock.now(),
  );
  const response = await fetch(`http://127.0.0.1:${http.port}/mini-app/api/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "x-telegram-init-data": initData, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

it("sends the linked client the receipt once and the clerk the card", async () => {
  const { who } = await linked(t, 7381, "en");
  const options = await call("intake-options");
  const type = options.types.find((x: { name: string }) => x.name === "Платный ремонт");
  const from = t.telegram.calls.length;
  const body = {
    key: "intake-receipt-01",
    draft: {
      shopId: options.shops[0].id,
      typeId: type.id,
      client: { id: who.id },
      device: { typeDevice: "Smartphone", problem: "Не заряжается" },
    },
  };
  const answer = await call("intake", body);
  expect(answer.ok).toBe(true);
  expect((await call("intake", body)).id).toBe(answer.id);
  const calls = t.telegram.calls.slice(from);
  const documents = calls.filter((c) => c.method === "sendDocument" && Number(c.payload.chat_id) === 7381);
  expect(documents).toHaveLength(1);
  expect(String(documents[0]?.payload.caption)).toContain(answer.number);
  const card = calls.filter((c) => c.method === "sendMessage" && Number(c.payload.chat_id) === OPERATOR);
  expect(card).toHaveLength(1);
  expect(String(card[0]?.payload.text)).toContain("Order created");
});
