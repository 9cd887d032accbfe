/** Drives /new and the status change like a clerk (English), for the bench. */
import { buttons, expectText, pressMatching, type TestUser } from "./harness.ts";

const SKIP = "⏭ Skip";

/** /new up to the client question: the "mid step" of an open dialog (type chosen). */
export async function openNewDialog(op: TestUser): Promise<void> {
  await op.send("/new");
  await op.press("Платный ремонт");
  expectText(op, "Client:");
}

/** /new with a new client up to the summary. */
export async function fillOrder(op: TestUser, clientName: string): Promise<void> {
  await openNewDialog(op);
  await op.send(clientName);
  await op.press("➕ New client");
  for (let i = 0; i < 3; i++) await op.press(SKIP); // phone, e-mail, address
  await op.press(SKIP); // device type
  await op.send("Apple");
  await op.send("iPhone 12");
  await op.press(SKIP); // serial number
  await op.send("Не включается");
  for (let i = 0; i < 4; i++) await op.press(SKIP); // equipment, appearance, colour, price
  expectText(op, "Deadline");
  await pressFirstDeadline(op);
  await op.press(SKIP); // master
  await op.press("❌ No"); // urgent
  await op.press(SKIP); // advertising source
  await op.press("✔ Done"); // optional fields
  await op.press("No prepayment");
  expectText(op, "Check the order");
}

/** The first quick deadline button (+1 day): its label is a date, so it is found by position (callback data). */
async function pressFirstDeadline(op: TestUser): Promise<void> {
  const first = op.lastReply()?.replyMarkup?.inline_keyboard[0]?.[0];
  if (!first || !("callback_data" in first) || !first.callback_data.startsWith("dg:")) {
    throw new Error(`bench: no deadline buttons in: ${buttons(op).join(" | ")}`);
  }
  await op.press(first.callback_data);
}

export async function confirmOrder(op: TestUser): Promise<void> {
  await op.press("✅ Create");
  expectText(op, "Order created");
}

/** `/status <number>` to a status that requires payment, paid in cash, confirmed. */
export async function changeStatusWithPayment(op: TestUser, orderNumber: string): Promise<void> {
  await op.send(`/status ${orderNumber}`);
  expectText(op, "Choose the new status");
  await pressMatching(op, /💰/);
  await pressMatching(op, /cash/);
  await op.press("💵 Cash");
  await op.send("100");
  await op.press(SKIP); // note
  await op.press("✅ Yes");
  expectText(op, "Status changed");
}
