/**
 * Device labels: 🏷 sends a PNG with a QR code; decoded back, its link opens
 * the card for staff and nothing for a stranger; a forged payload opens nothing.
 */
import { createCanvas, loadImage } from "@napi-rs/canvas";
import jsQRModule from "jsqr";
import { describe, expect, it } from "vitest";
import { LABEL_HEIGHT, LABEL_WIDTH } from "../../../../src/bot/features/label/draw.ts";
import { labelPayload, readLabelPayload } from "../../../../src/bot/features/label/payload.ts";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import type { Order as SandboxOrder } from "../../../../src/sandbox/model.ts";
import { OPERATOR, STRANGER, useDialogBot, VIEWER } from "../../../helpers/dialog-fixture.ts";
import { BOT_INFO } from "../../../helpers/fake-telegram.ts";
import { callsOf, type TestBot } from "../../../helpers/test-bot.ts";

// jsqr is CommonJS with a default export: under Node's ESM loader it may arrive wrapped.
type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR: Decode =
  (jsQRModule as unknown as { default?: Decode }).default ?? (jsQRModule as unknown as Decode);
let sandbox: Sandbox;
let t: TestBot;
let shopId: string;

useDialogBot({ viewers: [VIEWER] }, (started) => ({ sandbox, t, shopId } = started));

function shopOrder(index = 0): SandboxOrder {
  const order = sandbox.store.orders.filter((o) => o.shopId === shopId && o.isVisible)[index];
  if (!order) throw new Error("no order in the shop");
  return order;
}

/** The QR code's text in a PNG, decoded as a phone camera would. */
async function decodeQr(png: Uint8Array): Promise<string | undefined> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const g = canvas.getContext("2d");
  g.drawImage(image, 0, 0);
  const data = g.getImageData(0, 0, image.width, image.height);
  return jsQR(new Uint8ClampedArray(data.data), image.width, image.height)?.data;
}

async function labelOf(order: SandboxOrder, lang: "ru" | "en") {
  const op = t.user(OPERATOR, { languageCode: lang });
  await op.send(`/order ${order.number}`);
  t.resetServiceRequests();
  const calls = await op.press(lang === "ru" ? "🏷 Этикетка" : "🏷 Label");
  const sent = callsOf(calls, "sendDocument")[0];
  expect(sent).toBeDefined();
  const file = sent?.payload.document as Blob;
  return { png: new Uint8Array(await file.arrayBuffer()), caption: String(sent?.payload.caption), op };
}

describe("the device label", () => {
  it("is a 464 px wide PNG whose QR code opens the card for an operator (en, 1 request)", async () => {
    const order = shopOrder(0);
    const { png, caption, op } = await labelOf(order, "en");
    // Without the mirror the press reads the order once (client and device for the label).
    expect(t.serviceRequests()).toBe(1);
    expect(caption).toContain(`Label of order ${order.number}`);
    const image = await loadImage(Buffer.from(png));
    expect([image.width, image.height]).toEqual([LABEL_WIDTH, LABEL_HEIGHT]);
    const link = await decodeQr(png);
    expect(link).toMatch(new RegExp(`^https://t\\.me/${BOT_INFO.username}\\?start=l[A-Za-z0-9_-]+$`));
    const payload = new URL(link ?? "").searchParams.get("start") ?? "";
    expect(payload.length).toBeLessThanOrEqual(64);
    await op.send(`/start ${payload}`);
    expect(op.lastReply()?.text).toContain(`Order ${order.number}`);
  });

  it("opens the card for a viewer too, in Russian", async () => {
    const order = shopOrder(1);
    const { png } = await labelOf(order, "ru");
    const payload = new URL((await decodeQr(png)) ?? "").searchParams.get("start");
    const viewer = t.user(VIEWER, { languageCode: "ru" });
    await viewer.send(`/start ${payload}`);
    expect(viewer.lastReply()?.text).toContain(`Заказ ${order.number}`);
    // A viewer gets the label button too (printing reads the order), but no operator actions.
    const buttons =
      viewer
        .lastReply()
        ?.replyMarkup?.inline_keyboard.flat()
        .map((b) => b.text) ?? [];
    expect(buttons).toContain("🏷 Этикетка");
    expect(buttons).not.toContain("🔁 Статус");
  });

  it("shows a stranger nothing of the order", async () => {
    const order = shopOrder(0);
    const payload = labelPayload(order.id, t.config.botToken);
    const stranger = t.user(STRANGER, { languageCode: "en" });
    t.resetServiceRequests();
    await stranger.send(`/start ${payload}`);
    const text = stranger
      .replies()
      .map((m) => m.text)
      .join("\n");
    expect(text).toContain(String(STRANGER));
    expect(text).not.toContain(order.number);
    expect(t.serviceRequests()).toBe(0);
  });

  it("opens nothing for a forged, cut or walked payload, without a request", async () => {
    const first = shopOrder(0);
    const second = shopOrder(1);
    const genuine = labelPayload(first.id, t.config.botToken) ?? "";
    const flip = (c: string) => (c === "A" ? "B" : "A");
    const forged = [
      `${genuine.slice(0, 5)}${flip(genuine[5] ?? "")}${genuine.slice(6)}`,
      genuine.slice(0, -2),
      // The first order's tag with the second order's id: walking the ids.
      `${genuine.slice(0, 13)}${Buffer.from(second.id).toString("base64url")}`,
      `l${"A".repeat(12)}${Buffer.from(second.id).toString("base64url")}`,
      "l",
      `l${"x".repeat(80)}`,
    ];
    const op = t.user(OPERATOR, { languageCode: "en" });
    for (const payload of forged) {
      expect(readLabelPayload(payload, t.config.botToken)).toBeUndefined();
      t.resetServiceRequests();
      await op.send(`/start ${payload}`);
      expect(op.lastReply()?.text).toContain("This link opens no order");
      expect(t.serviceRequests()).toBe(0);
    }
    // Another bot's token signs other payloads.
    expect(
      readLabelPayload(labelPayload(first.id, "another:token") ?? "", t.config.botToken),
    ).toBeUndefined();
    expect(readLabelPayload(genuine, t.config.botToken)).toBe(first.id);
  });

  it("a plain /start still greets", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/start");
    expect(op.lastReply()?.text).not.toContain("This link opens no order");
  });

  it("says so when the service cannot give the order, and sends no label", async () => {
    const order = shopOrder(0);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${order.number}`);
    sandbox.faults.set({ errorRate: 1 });
    const calls = await op.press("🏷 Label");
    expect(callsOf(calls, "sendDocument")).toHaveLength(0);
    sandbox.faults.clear();
    expect(callsOf(calls, "answerCallbackQuery")[0]?.payload.show_alert).toBe(true);
  });
});
