/** Drives the dialogs like a clerk would; shared by the dialog tests. */
import { expect } from "vitest";
import type { Sandbox } from "../../src/sandbox/index.ts";
import type { Order as SandboxOrder } from "../../src/sandbox/model.ts";
import type { StoredMessage } from "./fake-telegram.ts";
import { createTestBot, type TestBot, type TestUser } from "./test-bot.ts";

export const SKIP = "⏭ Skip";

export interface OrderAnswers {
  type?: string;
  /** `pick`: a found client's button; else a new client (named by a name query, or `name` after a phone query). */
  client: { query: string; pick?: string; name?: string; phone?: string };
  /** Typed at the device step (default "Smartphone"). */
  device?: string;
  problem?: string;
  /** Answers the required custom fields asked after the faults. */
  required?: (op: TestUser) => Promise<void>;
  /** Opens "brand, model, serial": the brand, model "iPhone 12", no serial. */
  brand?: string;
  /** Opens "price, deadline": a typed deadline, or "quick" for the +1 day button. */
  deadline?: string;
  /** Opens "master, urgency": the master's button, not urgent. */
  master?: string;
  /** Opens "other fields" and answers them. */
  fields?: (op: TestUser) => Promise<void>;
  /** Opens "prepayment" and answers it. */
  prepayment?: (op: TestUser) => Promise<void>;
}

export const GROUP = {
  client: "👤 Client details",
  device: "📱 Brand, model, serial",
  condition: "📦 Equipment, appearance",
  price: "💰 Price, deadline",
  staff: "👷 Master, urgency",
  source: "📣 Source",
  fields: "🧩 Other fields",
  prepayment: "💳 Prepayment",
} as const;

export function lastText(op: TestUser): string {
  return op.lastReply()?.text ?? "";
}

export function buttons(op: TestUser): string[] {
  return (
    op
      .lastReply()
      ?.replyMarkup?.inline_keyboard.flat()
      .map((b) => b.text) ?? []
  );
}

/** Presses a quick deadline button (0: +1 day, 1: +2, 2: +3, 3: +7); they are labelled with dates. */
export async function pressDeadline(op: TestUser, index: number): Promise<void> {
  const label = op.lastReply()?.replyMarkup?.inline_keyboard[0]?.[index]?.text;
  if (!label) throw new Error("no deadline buttons");
  await op.press(label);
}

/** The callback data of a button of `message` (to press it again after it was removed: stale presses). */
export function buttonData(message: StoredMessage, text: string): string {
  for (const button of message.replyMarkup?.inline_keyboard.flat() ?? []) {
    if (button.text === text && "callback_data" in button) return button.callback_data;
  }
  throw new Error(`No button "${text}"`);
}

/** Presses a summary's group button, whether or not it is marked ✓ (filled). */
export async function openGroup(op: TestUser, label: string): Promise<void> {
  await op.press(buttons(op).find((b) => b === label || b === `${label} ✓`) ?? label);
}

/** /new up to the summary, in English, on a bot configured with one workshop: the main path, then the groups asked for. */
export async function fillOrder(op: TestUser, a: OrderAnswers): Promise<void> {
  await op.send("/new");
  await op.press(a.type ?? "Платный ремонт");
  expect(lastText(op)).toContain("Client:");
  await op.send(a.client.query);
  if (a.client.pick) await op.press(a.client.pick);
  else if (a.client.name) await op.send(a.client.name);
  else {
    await op.press("➕ New client");
    // The name is asked; a searched name is offered in one tap, never one with digits (it may be a phone).
    expect(lastText(op)).toContain("Name of the new client");
    if (/\d/.test(a.client.query)) await op.send(a.client.query);
    else await op.press(`👤 ${a.client.query}`);
  }
  // A new client without a whole searched phone is asked for one (skippable).
  if (lastText(op).includes("Client's phone")) {
    if (a.client.phone) await op.send(a.client.phone);
    else await op.press(SKIP);
  }
  expect(lastText(op)).toContain("Device type");
  await op.send(a.device ?? "Smartphone");
  await op.send(a.problem ?? "Не включается\nТрещина на экране");
  if (a.required) await a.required(op);
  expect(lastText(op)).toContain("Check the order");
  if (a.brand) {
    await openGroup(op, GROUP.device);
    await op.send(a.brand);
    await op.send("iPhone 12"); // model
    await op.press(SKIP); // serial number
  }
  if (a.deadline) {
    await openGroup(op, GROUP.price);
    await op.press(SKIP); // price
    if (a.deadline === "quick") await pressDeadline(op, 0);
    else await op.send(a.deadline);
  }
  if (a.master) {
    await openGroup(op, GROUP.staff);
    await op.press(a.master);
    await op.press("❌ No"); // urgent
  }
  if (a.fields) {
    await openGroup(op, GROUP.fields);
    await a.fields(op);
  }
  if (a.prepayment) {
    await openGroup(op, GROUP.prepayment);
    await a.prepayment(op);
  }
  expect(lastText(op)).toContain("Check the order");
}

/**
 * A bot whose service does the work of a `method` request but whose answer never
 * arrives, while `lose` is on: the "did it land?" checks before a retry are tested with it.
 */
export async function lossyBot(
  sandbox: Sandbox,
  options: { operators: number[]; shopId: string; method: "POST" | "PATCH" },
): Promise<{ bot: TestBot; answer(): void }> {
  let lose = true;
  const bot = await createTestBot({
    sandbox,
    operators: options.operators,
    config: { shopIds: [options.shopId] },
    clientOptions: {
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (lose && init?.method === options.method) throw new TypeError("fetch failed");
        return response;
      },
    },
  });
  return {
    bot,
    answer: () => {
      lose = false;
    },
  };
}

/** Hands out visible orders of the workshop in a "new" status, each once per file (status changes need fresh ones). */
export function freshOrders(sandbox: () => Sandbox, shopId: () => string): () => SandboxOrder {
  const used = new Set<string>();
  return () => {
    const store = sandbox().store;
    const order = store.orders.find(
      (o) =>
        o.shopId === shopId() &&
        o.isVisible &&
        !used.has(o.id) &&
        store.statusById.get(o.statusId)?.group === "new",
    );
    if (!order) throw new Error("no order in a new status");
    used.add(order.id);
    return order;
  };
}

/** Prices `order` at 3000 (one work position, no discount) with `paid` taken in cash already. */
export function priceAt3000(order: SandboxOrder, paid: number): SandboxOrder {
  order.positions = [{ id: `p${order.id}`, name: "Замена экрана", kind: "work", count: 1, price: 3000 }];
  order.discount = 0;
  order.paidCash = paid;
  order.paidBank = 0;
  return order;
}

/** The payments the sandbox holds for an order: [amount, by bank]. */
export function paymentsOf(sandbox: Sandbox, orderId: string): [number, boolean][] {
  return sandbox.store.transactions
    .filter((tr) => tr.orderId === orderId)
    .map((tr) => [tr.money, tr.isBankTransfer]);
}

/** `/status N` up to the amount: the paid closing status "Выдан 💰", then the register and the method pressed. */
export async function toPaymentAmount(
  op: TestUser,
  number: string,
  register: string,
  method: string,
): Promise<void> {
  await op.send(`/status ${number}`);
  await op.press("Выдан 💰");
  await op.press(register);
  await op.press(method);
}

/** A second bot on the same sandbox and workshop whose one operator `id` writes in Russian; close `bot` after. */
export async function russianClerk(
  sandbox: Sandbox,
  shopId: string,
  id: number,
): Promise<{ bot: TestBot; ru: TestUser }> {
  const bot = await createTestBot({ sandbox, operators: [id], config: { shopIds: [shopId] } });
  return { bot, ru: bot.user(id, { languageCode: "ru" }) };
}

/** `/status N` up to the confirmation: a status that takes payment, 300 cash and 200 bank at one register. */
export async function toMixedPaymentConfirm(op: TestUser, number: string): Promise<void> {
  const press = (pattern: RegExp) => pressMatching(op, pattern);
  await op.send(`/status ${number}`);
  await press(/💰/);
  await press(/cash, bank/);
  await press(/Both/);
  await op.send("300");
  await op.send("200");
  if (lastText(op).startsWith("⚠️")) await press(/^✅/);
  expect(lastText(op)).toMatch(/Change the status/);
}

/** Presses the button of the newest message whose label matches. */
export async function pressMatching(op: TestUser, pattern: RegExp): Promise<void> {
  const label = op
    .lastReply()
    ?.replyMarkup?.inline_keyboard.flat()
    .find((b) => pattern.test(b.text))?.text;
  if (!label) throw new Error(`no button ${pattern} in: ${lastText(op)}`);
  await op.press(label);
}
