/** Drives /new and the status change like a clerk (English), for the bench. */
import type { TestUser } from "../test/helpers/test-bot.ts";
import { buttons, expectText, pressMatching } from "./harness.ts";

const SKIP = "⏭ Skip";

/** /new up to the client question: the "mid step" of an open dialog (type chosen). */
async function openNewDialog(op: TestUser): Promise<void> {
  await op.send("/new");
  await op.press("Платный ремонт");
  expectText(op, "Client:");
}

/** The main path for a new client named by the search: device type, faults; then the summary. */
async function mainPathNewClient(op: TestUser, clientName: string): Promise<void> {
  await openNewDialog(op);
  await op.send(clientName);
  await op.press("➕ New client");
  await op.press(`👤 ${clientName}`); // the searched name, offered in one tap
  await op.press(SKIP); // the new client's phone
  expectText(op, "Device type");
  await op.send("Smartphone");
  await op.send("Не включается");
  expectText(op, "Check the order");
}

/** /new with a new client up to the summary, with brand, model and a deadline (two groups). */
export async function fillOrder(op: TestUser, clientName: string): Promise<void> {
  await mainPathNewClient(op, clientName);
  await op.press("📱 Brand, model, serial");
  await op.send("Apple");
  await op.send("iPhone 12");
  await op.press(SKIP); // serial number
  await op.press("💰 Price, deadline");
  await op.press(SKIP); // price
  await pressFirstDeadline(op);
  expectText(op, "Check the order");
}

/** A walk-in with a phone nobody has: the clerk types the name at "nobody found"; then the summary. */
async function mainPathByPhone(op: TestUser, phone: string, clientName: string): Promise<void> {
  await openNewDialog(op);
  await op.send(phone);
  expectText(op, "Nobody found with the phone");
  await op.send(clientName);
  await op.send("Smartphone");
  await op.send("Не включается");
  expectText(op, "Check the order");
}

/** The shortest intake: the main path by phone, created from the summary. */
export async function minimalOrderNewClient(op: TestUser, phone: string, clientName: string): Promise<void> {
  await mainPathByPhone(op, phone, clientName);
  await confirmOrder(op);
}

/** An existing client found by phone: one tap. */
export async function minimalOrderExistingClient(op: TestUser, phone: string, label: string): Promise<void> {
  await openNewDialog(op);
  await op.send(phone);
  await op.press(label);
  await op.send("Smartphone");
  await op.send("Не включается");
  await confirmOrder(op);
}

/**
 * Every field the form has, through "📝 Every detail". `phone`: the clerk starts with the
 * client's phone, as at the counter (nobody has it: the name is typed at "nobody found");
 * without it, the client is named in the search and the phone typed with the details.
 */
export async function fullOrder(op: TestUser, clientName: string, phone?: string): Promise<void> {
  if (phone === undefined) await mainPathNewClient(op, clientName);
  else await mainPathByPhone(op, phone, clientName);
  await op.press("📝 Every detail");
  // The details begin with the phone: typed now, or kept as given (⏭ keeps it).
  if (phone === undefined) await op.send("+7 900 111-22-33");
  else await op.press(SKIP);
  for (const text of ["full@example.com", "Ленина, 1", "Apple", "iPhone 12", "SN1"]) await op.send(text);
  for (const text of ["Чехол", "Царапины", "Чёрный", "3000"]) await op.send(text);
  await pressFirstDeadline(op);
  await pressMatching(op, /Орлов/); // master
  await op.press("✅ Yes"); // urgent
  await op.press(buttons(op)[0] ?? "?"); // advertising source
  await op.press("Пароль устройства");
  await op.send("1234");
  await op.press("Сделать резервную копию");
  await op.press("✅ Yes");
  await pressMatching(op, /cash/); // register
  await op.press("💵 Cash");
  await op.send("500");
  expectText(op, "Check the order");
  await confirmOrder(op);
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
  // A status taking payment other than the current one (marked "•").
  await pressMatching(op, /^(?!• ).*💰/u);
  await pressMatching(op, /cash/);
  await op.press("💵 Cash");
  await op.send("100");
  // Cash beyond what is left: kept as an overpayment; without a price: the overpayment is confirmed.
  if (op.lastReply()?.text.includes("keep it as an overpayment")) await op.press("↩️ Keep as an overpayment");
  else if (op.lastReply()?.text.includes("overpayment")) await op.press("✅ Yes");
  // The payment note is offered on the confirmation (📝), not asked.
  await op.press("✅ Yes");
  expectText(op, "Status changed");
}
