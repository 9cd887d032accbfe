/**
 * What must hold after every input, whatever it was:
 * - no handler error (error log lines, an apology to the user, a throw out of handleUpdate);
 * - every text within 4096 characters, every callback_data within 64 bytes,
 *   every HTML message valid for Telegram (allowed tags, balanced, entities), so user text was escaped;
 * - a callback query answered exactly once;
 * - a stranger gets the refusal and nothing else;
 * - the service's data changes only when the script allows a write.
 */
import type { Role } from "../../src/bot/context.ts";
import type { Sandbox } from "../../src/sandbox/index.ts";
import { type ApiCall, CALLBACK_DATA_LIMIT, TEXT_LIMIT, visibleText } from "../helpers/fake-telegram.ts";
import type { TestBot } from "../helpers/test-bot.ts";
import type { Delivered } from "./deliver.ts";
import type { Category } from "./hostile.ts";

const ALLOWED_TAGS = new Set([
  "b",
  "strong",
  "i",
  "em",
  "u",
  "ins",
  "s",
  "strike",
  "del",
  "code",
  "pre",
  "a",
  "tg-spoiler",
  "span",
  "blockquote",
  "tg-emoji",
]);

/** Why Telegram would refuse this text with parse_mode HTML; undefined when it is valid. */
/** The visible text; bad HTML is reported by htmlProblem below, so here it just counts as raw text. */
function visibleOrRaw(text: string, mode: string | undefined): string {
  try {
    return visibleText(text, mode);
  } catch {
    return text;
  }
}

function htmlProblem(text: string): string | undefined {
  const open: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "<") {
      const tag = /^<(\/?)([a-zA-Z][a-zA-Z-]*)(\s[^<>]*)?>/.exec(text.slice(i, i + 300));
      if (!tag) return `raw "<" at ${i}: ${JSON.stringify(text.slice(i, i + 30))}`;
      const name = (tag[2] ?? "").toLowerCase();
      if (!ALLOWED_TAGS.has(name)) return `unsupported tag <${name}>`;
      if (tag[1] === "/") {
        if (open.pop() !== name) return `unbalanced </${name}>`;
      } else {
        open.push(name);
      }
      i += tag[0].length - 1;
    } else if (ch === ">") {
      return `raw ">" at ${i}: ${JSON.stringify(text.slice(Math.max(0, i - 20), i + 10))}`;
    } else if (ch === "&") {
      if (!/^&(lt|gt|amp|quot|#\d{1,7}|#x[0-9a-fA-F]{1,6});/.test(text.slice(i, i + 12))) {
        return `raw "&" at ${i}: ${JSON.stringify(text.slice(i, i + 12))}`;
      }
    }
  }
  return open.length > 0 ? `unclosed <${open.join(">, <")}>` : undefined;
}

export interface Expectation {
  /** Role of the user who sent the input (the sender, not the chat's owner). */
  role: Role;
  /** What the step is, for the report. */
  where: string;
  /** The service's data may change (a scripted confirm, or text at a step whose answer is written). */
  mayWrite?: boolean;
}

const ORDER_NUMBER = /[A-ZА-ЯЁ]{1,4}-\d{6}/u;

export class Oracle {
  readonly violations: string[] = [];
  readonly tried = new Map<Category | string, number>();
  private readonly refusals: Set<string>;
  private readonly refusalsShort: Set<string>;
  private readonly apologies: string[];
  private errorsSeen = 0;

  private readonly sandbox: Sandbox;
  private readonly logLines: string[];
  /** Adds the refusal texts (every locale) for a stranger's id. */
  private readonly refusalIds: (id: number) => void;

  constructor(t: TestBot, sandbox: Sandbox, logLines: string[]) {
    this.sandbox = sandbox;
    this.logLines = logLines;
    const locales = ["ru", "en"];
    this.refusals = new Set();
    this.refusalsShort = new Set();
    this.apologies = locales.map((l) => t.services.i18n.t(l, "apology"));
    this.refusalIds = (id) => {
      for (const l of locales) {
        this.refusals.add(t.services.i18n.t(l, "refusal", { id: String(id) }));
        this.refusalsShort.add(t.services.i18n.t(l, "refusal-short", { id: String(id) }));
      }
    };
  }

  /** A cheap digest of everything a write could touch in the sandbox. */
  fingerprint(): string {
    const s = this.sandbox.store;
    let hash = 0x811c9dc5;
    for (const o of s.orders) {
      const line = `${o.statusId}|${o.masterId}|${o.managerId}|${o.comments.length}|${o.paidCash}|${o.paidBank}|${o.isUrgent}`;
      for (let i = 0; i < line.length; i++) hash = Math.imul(hash ^ line.charCodeAt(i), 0x01000193);
    }
    return `${s.orders.length}/${s.counteragents.length}/${s.transactions.length}/${hash >>> 0}`;
  }

  count(category: Category | string): void {
    this.tried.set(category, (this.tried.get(category) ?? 0) + 1);
  }

  fail(message: string): void {
    this.violations.push(message);
  }

  /** Checks one delivered input; `before` is the fingerprint taken before it. */
  check(d: Delivered, label: string, e: Expectation, before: string): void {
    const where = `${e.where} <- ${label}`;
    const say = (problem: string) => this.fail(`[${e.role}] ${where}: ${problem}`);
    if (d.thrown !== undefined) say(`handleUpdate threw: ${String(d.thrown)}`);
    for (const line of this.logLines.slice(this.errorsSeen)) {
      const entry = JSON.parse(line) as { level: number; msg: string; err?: unknown };
      if (entry.level >= 50 || entry.msg === "could not apologize" || entry.msg.includes("redelivered")) {
        say(`logged "${entry.msg}" ${JSON.stringify(entry.err ?? "").slice(0, 300)}`);
      }
    }
    this.errorsSeen = this.logLines.length;
    for (const call of d.calls) this.checkCall(call, say);

    if (d.callbackId !== undefined) {
      const answers = d.calls.filter(
        (c) => c.method === "answerCallbackQuery" && c.payload.callback_query_id === d.callbackId,
      );
      if (answers.length !== 1) say(`callback query answered ${answers.length} times`);
    }
    if (e.role === "stranger") this.checkStranger(d, say);
    const after = this.fingerprint();
    if (!e.mayWrite && after !== before) say(`service data changed: ${before} -> ${after}`);
  }

  private checkCall(call: ApiCall, say: (problem: string) => void): void {
    const p = call.payload;
    const texts: { text: string; parseMode: unknown }[] = [];
    if (call.method === "sendMessage" || call.method === "editMessageText") {
      texts.push({ text: String(p.text ?? ""), parseMode: p.parse_mode });
    }
    if (call.method === "answerCallbackQuery" && typeof p.text === "string" && p.text.length > 200) {
      say(`callback answer over 200 characters (${p.text.length})`);
    }
    if (call.method === "answerInlineQuery" && Array.isArray(p.results)) {
      if (p.results.length > 50) say(`${p.results.length} inline results`);
      for (const result of p.results as Record<string, unknown>[]) {
        const content = result.input_message_content as Record<string, unknown> | undefined;
        if (content) texts.push({ text: String(content.message_text ?? ""), parseMode: content.parse_mode });
        this.checkMarkup(result.reply_markup, say);
      }
    }
    for (const { text, parseMode } of texts) {
      const mode = typeof parseMode === "string" ? parseMode : undefined;
      const visible = visibleOrRaw(text, mode);
      if (visible.length > TEXT_LIMIT) say(`${call.method}: text of ${visible.length} characters`);
      if (visible.trim() === "") say(`${call.method}: empty text`);
      if (mode === "HTML") {
        const problem = htmlProblem(text);
        if (problem) say(`${call.method}: invalid HTML (${problem})`);
      }
      if (this.apologies.includes(text)) say(`${call.method}: the error apology was sent`);
    }
    this.checkMarkup(p.reply_markup, say);
  }

  private checkMarkup(markup: unknown, say: (problem: string) => void): void {
    if (typeof markup !== "object" || markup === null || !("inline_keyboard" in markup)) return;
    const rows = (markup as { inline_keyboard: unknown }).inline_keyboard;
    if (!Array.isArray(rows)) return;
    for (const row of rows as Record<string, unknown>[][]) {
      for (const button of row) {
        const data = button.callback_data;
        if (typeof data === "string" && Buffer.byteLength(data) > CALLBACK_DATA_LIMIT) {
          say(`callback_data of ${Buffer.byteLength(data)} bytes`);
        }
      }
    }
  }

  /** A stranger gets the refusal, a refusal alert, or an empty inline answer: nothing else, no order data. */
  private checkStranger(d: Delivered, say: (problem: string) => void): void {
    this.refusalIds(d.sender.id);
    for (const call of d.calls) {
      const p = call.payload;
      const text = String(p.text ?? "");
      const allowed =
        (call.method === "sendMessage" && this.refusals.has(text)) ||
        (call.method === "answerCallbackQuery" && this.refusalsShort.has(text)) ||
        (call.method === "answerInlineQuery" && Array.isArray(p.results) && p.results.length === 0);
      if (!allowed) say(`a stranger got ${call.method} ${JSON.stringify(p).slice(0, 200)}`);
      if (ORDER_NUMBER.test(JSON.stringify(p))) say(`a stranger saw an order number`);
    }
  }

  /** "category: n" lines, largest first, and the total. */
  summary(): { total: number; table: Record<string, number> } {
    const entries = [...this.tried.entries()].sort((a, b) => b[1] - a[1]);
    return { total: entries.reduce((sum, [, n]) => sum + n, 0), table: Object.fromEntries(entries) };
  }
}
