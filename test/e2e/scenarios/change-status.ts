/** `/status <number>` played by a clerk: a status that requires payment, paid in cash and by bank, with a note. */
import type { Script } from "./walker.ts";

export interface StatusChange {
  /** The button of the new status, e.g. /^Выдан 💰/. */
  status: RegExp;
  cash: string;
  bank: string;
  note: string;
}

export function changeStatusScript(num: number, change: StatusChange): Script {
  return {
    start: { say: `/status ${num}` },
    done: /Status changed/,
    rules: [
      // The note is offered on the confirmation (📝), not asked: pressed once, then the confirmation again.
      [
        /Change the status of order/,
        (prompt) => (/Note:/.test(prompt.text ?? "") ? { press: "✅ Yes" } : { press: "📝 Payment note" }),
      ],
      [/Try again\?/, { press: "✅ Yes" }],
      [/Choose the new status/, { press: change.status }],
      [/requires payment\. Pick a register/, { press: /^Касса/ }],
      [/How does the client pay/, { press: "💵+💳 Both" }],
      [/Amount in cash/, { say: change.cash }],
      [/Amount by bank/, { say: change.bank }],
      // Cash beyond what is left: kept as an overpayment (not change); by bank, or without a price, confirmed.
      [/keep it as an overpayment\?/, { press: "↩️ Keep as an overpayment" }],
      [/overpayment/, { press: "✅ Yes" }],
      [/Payment note/, { say: change.note }],
    ],
  };
}
