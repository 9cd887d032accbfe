/**
 * The dialogs' steps as the walker sees them: a step is recognised by its
 * prompt (English texts), and has one valid move. A move that writes to the
 * service is marked `writes`: only those may change the sandbox's data.
 */
import type { StoredMessage } from "../helpers/fake-telegram.ts";

export type Move =
  | { send: string; writes?: boolean }
  | { press: string | ((label: string) => boolean); writes?: boolean };

export interface Step {
  name: string;
  match: RegExp;
  /** Typed text may be taken as this step's answer (so a hostile text may move the dialog on). */
  acceptsText: (prompt: string) => boolean;
  /** Typed text is the answer and is written at once (the comment). */
  writesOnText?: boolean;
  move: (prompt: StoredMessage) => Move;
}

const CANCEL = "✖ Cancel";
const SKIP = "⏭ Skip";
const always = () => true;
const never = () => false;
/** A prompt whose last line is `text`, or the line under it that states a free text's length limits. */
const line = (text: string) => new RegExp(`(^|\\n)${text}(\\n<i>[^\\n]* characters\\.</i>)?$`);

function labels(prompt: StoredMessage): string[] {
  return (prompt.replyMarkup?.inline_keyboard ?? []).flat().map((b) => b.text);
}

/** The first button that is a choice (not Cancel, Skip, nor the current value marked "• "). */
const firstChoice = (label: string) =>
  label !== CANCEL &&
  label !== SKIP &&
  !label.startsWith("• ") &&
  label !== "➕ New client" &&
  label !== "🔎 Search again";

const payment: Step[] = [
  {
    name: "pay-method",
    match: /How does the client pay/,
    acceptsText: always,
    move: () => ({ press: "💵+💳 Both" }),
  },
  { name: "pay-cash", match: /Amount in cash/, acceptsText: always, move: () => ({ send: "1 000" }) },
  { name: "pay-bank", match: /Amount by bank/, acceptsText: always, move: () => ({ send: "500,50" }) },
];

export interface OrderPlan {
  type: string;
  client: { query: string; pickExisting: boolean; name: string };
  prepay: boolean;
  /** A part to change from the summary once before confirming. */
  editPart?: string;
  marker: string;
}

export function orderSteps(plan: OrderPlan): Step[] {
  let edited = plan.editPart === undefined;
  let detailed = false;
  return [
    {
      name: "summary",
      match: /Check the order/,
      acceptsText: never,
      move: (prompt) => {
        // Every optional group once, so every step of the form meets the fuzzer.
        if (!detailed) {
          detailed = true;
          return { press: "📝 Every detail" };
        }
        if (!edited) {
          edited = true;
          return { press: "✏️ Edit" };
        }
        return { press: labels(prompt).includes("🔁 Retry") ? "🔁 Retry" : "✅ Create", writes: true };
      },
    },
    {
      name: "edit-part",
      match: /What to change\?/,
      acceptsText: always,
      move: () => ({ press: plan.editPart ?? "Faults" }),
    },
    {
      name: "shop",
      match: line("Workshop:"),
      acceptsText: always,
      move: (p) => ({ press: labels(p).find(firstChoice) ?? "" }),
    },
    { name: "type", match: line("Order type:"), acceptsText: always, move: () => ({ press: plan.type }) },
    {
      name: "client-query",
      match: /Client: type a phone number or a name/,
      acceptsText: always,
      move: () => ({ send: plan.client.query }),
    },
    {
      name: "client-pick",
      match: /Found for|Nobody found|did not work/,
      // Typed text here is a new search.
      acceptsText: always,
      move: (p) => {
        const match = labels(p).find(firstChoice);
        return { press: plan.client.pickExisting && match ? match : "➕ New client" };
      },
    },
    {
      name: "client-name",
      match: /Name of the new client/,
      acceptsText: always,
      move: () => ({ send: plan.client.name }),
    },
    {
      name: "client-phone",
      match: /Client's phone/,
      acceptsText: always,
      move: () => ({ send: "+7 900 000-00-00" }),
    },
    { name: "client-email", match: /Client's e-mail/, acceptsText: always, move: () => ({ press: SKIP }) },
    { name: "client-address", match: /Client's address/, acceptsText: always, move: () => ({ press: SKIP }) },
    { name: "device-type", match: /Device type/, acceptsText: always, move: () => ({ send: "Smartphone" }) },
    { name: "brand", match: line("Brand:"), acceptsText: always, move: () => ({ send: "Apple" }) },
    { name: "model", match: line("Model:"), acceptsText: always, move: () => ({ send: "iPhone 12" }) },
    { name: "serial", match: /Serial number \/ IMEI/, acceptsText: always, move: () => ({ press: SKIP }) },
    {
      name: "faults",
      match: /Faults \(one or several lines\)/,
      acceptsText: always,
      move: () => ({ send: plan.marker }),
    },
    { name: "equipment", match: line("Equipment:"), acceptsText: always, move: () => ({ press: SKIP }) },
    { name: "appearance", match: line("Appearance:"), acceptsText: always, move: () => ({ press: SKIP }) },
    { name: "colour", match: line("Colour:"), acceptsText: always, move: () => ({ press: SKIP }) },
    {
      name: "price",
      match: line("Preliminary price:"),
      acceptsText: always,
      move: () => ({ send: "3000" }),
    },
    {
      name: "deadline",
      match: /Deadline: pick one/,
      acceptsText: always,
      move: (p) => ({ press: labels(p)[0] ?? "" }) /* the nearest quick date */,
    },
    { name: "master", match: line("Master:"), acceptsText: always, move: () => ({ press: SKIP }) },
    { name: "urgent", match: /Is the order urgent/, acceptsText: always, move: () => ({ press: "❌ No" }) },
    {
      name: "how-know",
      match: /How did the client learn/,
      acceptsText: always,
      move: () => ({ press: SKIP }),
    },
    {
      name: "field-required",
      match: /\(required\)/,
      acceptsText: (prompt) => !/Choose yes or no|Choose an option/.test(prompt),
      move: (p) => {
        if (/Type a number/.test(p.text)) return { send: "3" };
        if (/Type a date/.test(p.text)) return { send: "tomorrow" };
        if (/Choose yes or no/.test(p.text)) return { press: "✅ Yes" };
        if (/Choose an option/.test(p.text)) return { press: labels(p).find(firstChoice) ?? "" };
        return { send: "GT-12345" };
      },
    },
    {
      name: "fields-optional",
      match: /Optional fields/,
      acceptsText: never,
      move: () => ({ press: "✔ Done" }),
    },
    {
      name: "field-optional",
      match: /Type the text\.|Type a number\.|Type a date|Choose yes or no\.|Choose an option\./,
      acceptsText: (prompt) => !/Choose yes or no|Choose an option/.test(prompt),
      move: () => ({ press: SKIP }),
    },
    {
      name: "prepayment",
      match: /Prepayment: pick a register/,
      acceptsText: never,
      move: (p) => ({
        press: plan.prepay ? (labels(p).find((l) => l.includes("(cash, bank)")) ?? "") : "No prepayment",
      }),
    },
    ...payment,
  ];
}

export interface StatusPlan {
  pay: boolean;
  note?: string;
}

export function statusSteps(plan: StatusPlan): Step[] {
  let noted = false;
  return [
    {
      name: "status-pick",
      match: /Choose the new status/,
      acceptsText: never,
      move: (p) => ({
        press: labels(p).find((l) => firstChoice(l) && l.includes("💰") === plan.pay) ?? "",
      }),
    },
    {
      name: "status-register",
      match: /This status requires payment/,
      acceptsText: never,
      move: (p) => ({ press: labels(p).find((l) => l.includes("(cash, bank)")) ?? "" }),
    },
    ...payment,
    {
      // Cash beyond what is due: change or kept (the money model); kept, as the plan typed it.
      name: "status-change-or-keep",
      match: /keep it as an overpayment\?/,
      acceptsText: never,
      move: () => ({ press: "↩️ Keep as an overpayment" }),
    },
    {
      name: "status-overpayment",
      match: /overpayment/,
      acceptsText: always,
      move: () => ({ press: "✅ Yes" }),
    },
    {
      name: "status-note",
      match: /Payment note/,
      acceptsText: always,
      move: () => (plan.note ? { send: plan.note } : { press: SKIP }),
    },
    {
      name: "status-confirm",
      match: /Change the status of order/,
      acceptsText: always,
      // The note is offered on the confirmation (📝), not asked: pressed once when the plan has one.
      move: (p) => {
        if (plan.note && !noted && labels(p).includes("📝 Payment note")) {
          noted = true;
          return { press: "📝 Payment note" };
        }
        return { press: "✅ Yes", writes: true };
      },
    },
    {
      name: "status-retry",
      match: /Try again\?/,
      acceptsText: always,
      move: () => ({ press: "✅ Yes", writes: true }),
    },
  ];
}

export function actionSteps(comment: string): Step[] {
  return [
    {
      name: "assign-staff",
      match: /Choose the master:|Choose the manager:/,
      acceptsText: always,
      move: (p) => ({ press: labels(p).find(firstChoice) ?? "", writes: true }),
    },
    {
      name: "comment",
      match: /Comment on order/,
      acceptsText: always,
      writesOnText: true,
      move: () => ({ send: comment, writes: true }),
    },
  ];
}
