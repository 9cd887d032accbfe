/** Drives the dialogs like a clerk would; shared by the dialog tests. */
import { expect } from "vitest";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import type { StoredMessage } from "../../helpers/fake-telegram.ts";
import { createTestBot, type TestBot, type TestUser } from "../../helpers/test-bot.ts";

export const SKIP = "⏭ Skip";

export interface OrderAnswers {
  type?: string;
  client: { query: string; pick?: string; newClient?: { phone?: string } };
  problem?: string;
  brand?: string;
  deadline?: string;
  master?: string;
  fields?: (op: TestUser) => Promise<void>;
  prepayment?: (op: TestUser) => Promise<void>;
}

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

/** /new up to the summary, in English, on a bot configured with one workshop. */
export async function fillOrder(op: TestUser, a: OrderAnswers): Promise<void> {
  await op.send("/new");
  await op.press(a.type ?? "Платный ремонт");
  expect(lastText(op)).toContain("Client:");
  await op.send(a.client.query);
  if (a.client.pick) {
    await op.press(a.client.pick);
  } else {
    await op.press("➕ New client");
    if (a.client.newClient?.phone) await op.send(a.client.newClient.phone);
    else await op.press(SKIP); // phone
    await op.press(SKIP); // e-mail
    await op.press(SKIP); // address
  }
  await op.press(SKIP); // device type
  if (a.brand) await op.send(a.brand);
  else await op.press(SKIP);
  await op.send("iPhone 12"); // model
  await op.press(SKIP); // serial number
  await op.send(a.problem ?? "Не включается\nТрещина на экране");
  for (let i = 0; i < 4; i++) await op.press(SKIP); // equipment, appearance, colour, price
  expect(lastText(op)).toContain("Deadline");
  if (a.deadline) await op.send(a.deadline);
  else await pressDeadline(op, 0); // +1 day
  await op.press(a.master ?? SKIP);
  await op.press("❌ No"); // urgent
  await op.press(SKIP); // advertising source
  if (a.fields) await a.fields(op);
  else await op.press("✔ Done");
  if (a.prepayment) await a.prepayment(op);
  else await op.press("No prepayment");
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
