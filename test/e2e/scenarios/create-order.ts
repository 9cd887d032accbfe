/** `/new` played by a clerk: a new client, a device, its faults, then every detail: a deadline, a master, optionally a cash prepayment. */
import type { Output } from "../fake-telegram/chats.ts";
import { TelegramUser } from "../fake-telegram/user.ts";
import type { Script } from "./walker.ts";

export interface NewOrder {
  client: string;
  phone: string;
  /** Unique per test: it identifies the order in the sandbox. */
  problem: string;
  /** Cash prepayment at the first register, e.g. "500". */
  prepayment?: string;
}

const skip = { press: "⏭ Skip" } as const;

export function createOrderScript(order: NewOrder): Script {
  // Every optional group once (📝 Every detail), then Create (or Retry after a failure).
  let detailed = false;
  const confirm = (prompt: Output) => {
    if (!detailed) {
      detailed = true;
      return { press: "📝 Every detail" };
    }
    return TelegramUser.buttons(prompt).includes("🔁 Retry") ? { press: "🔁 Retry" } : { press: "✅ Create" };
  };
  return {
    start: { say: "/new" },
    done: /Order created/,
    rules: [
      [/Check the order/, confirm],
      [/Workshop:/, { press: "Сервис на Ленина" }],
      [/Order type:/, { press: "Платный ремонт" }],
      [/Found for|Nobody found|did not work/, { press: "➕ New client" }],
      [/Client: type a phone number or a name/, { say: order.client }],
      [/Name of the new client/, { say: order.client }],
      [/Client's phone/, { say: order.phone }],
      [/Client's e-mail|Client's address/, skip],
      [/Device type/, { say: "smartphone" }],
      [/Brand:/, { say: "Apple" }],
      [/Model:/, { say: "iPhone 12" }],
      [/Serial number/, { say: "SN-E2E-1" }],
      [/Faults \(one or several lines\)/, { say: order.problem }],
      [/Equipment:|Appearance:|Colour:/, skip],
      [/Preliminary price/, { say: "1500" }],
      // The first quick deadline (its label is a date, e.g. "Tue 24.11").
      [/Deadline:/, (prompt) => ({ press: TelegramUser.buttons(prompt)[0] ?? "⏭ Skip" })],
      [/Master:/, { press: /Лебедев/ }],
      [/Is the order urgent/, { press: "❌ No" }],
      [/How did the client learn/, { press: "Авито" }],
      [/Optional fields/, { press: "✔ Done" }],
      [/Prepayment: pick a register/, order.prepayment ? { press: /^Касса/ } : { press: "No prepayment" }],
      [/How does the client pay/, { press: "💵 Cash" }],
      [/Amount in cash/, { say: order.prepayment ?? "0" }],
    ],
  };
}
