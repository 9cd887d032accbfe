/**
 * Hostile inputs, by category. Generators only describe an input; deliver.ts
 * turns it into a Telegram update. Texts never equal a yes/no word: those are
 * valid answers of confirmation steps, not hostile input.
 */
import type { Prng } from "./prng.ts";

const TEXT_CATEGORIES = [
  "empty",
  "whitespace",
  "huge",
  "control",
  "html",
  "fluent",
  "markdown",
  "emoji",
  "numbers",
  "dates",
  "unicode",
  "command",
] as const;
const MEDIA_KINDS = [
  "sticker",
  "photo",
  "document",
  "voice",
  "video",
  "contact",
  "location",
  "dice",
  "video_note",
] as const;
const CALLBACK_CATEGORIES = [
  "cb-random-bytes",
  "cb-other-prefix",
  "cb-bad-fields",
  "cb-oversize",
  "cb-stale",
  "cb-foreign-user",
] as const;

export type TextCategory = (typeof TEXT_CATEGORIES)[number];
export type MediaKind = (typeof MEDIA_KINDS)[number];
type CallbackCategory = (typeof CALLBACK_CATEGORIES)[number];
export type Category = TextCategory | MediaKind | CallbackCategory | "edited" | "inline" | "group";

export type Hostile =
  | { kind: "text"; category: TextCategory; text: string }
  | { kind: "media"; category: MediaKind }
  | { kind: "edited"; category: "edited"; text: string }
  | { kind: "group"; category: "group"; text: string }
  | { kind: "inline"; category: "inline"; query: string }
  /** `on`: the message the button is pressed on; "foreign" = another user presses the owner's current prompt. */
  | {
      kind: "callback";
      category: CallbackCategory;
      data: string;
      /** "none": neither a message nor an inline message (only a forged client sends that). */
      on: "prompt" | "old" | "inline" | "inaccessible" | "none";
    };

const YES_NO = new Set(["да", "yes", "y", "д", "+", "нет", "no", "n", "н", "-"]);

const WHITESPACE = [" ", "   ", "\n", "\n\n\t \n", "\u00a0", "\u2003\u2002", "\u3000", "\t"];
const CONTROL = [
  "\u0000",
  "a\u0000b",
  "\u202eevil\u202c",
  "\u200b",
  "\u200b\u200b\u200b",
  "\u0007\u001b[31mred",
  "\ud800",
  "x\udfffy",
  "\r\n\r\n",
  "\ufeff1042",
  "\u2028\u2029",
  "\u0000".repeat(50),
];
const HTML = [
  "<b>",
  "</b>",
  "<script>alert(1)</script>",
  "&amp;",
  "&lt;b&gt;",
  '<a href="javascript:alert(1)">x</a>',
  "<i><b>x</i></b>",
  "Tom & Jerry",
  "1 < 2 > 0",
  "\"quoted\" 'single'",
  "<code>",
  "<tg-spoiler>x",
  '<pre><code class="language-js">',
  "<img src=x onerror=alert(1)>",
  "&#0;&#x110000;&bogus;",
  "<<>>",
  "</code></pre></b>",
];
const FLUENT = [
  "{ $x }",
  "{-term}",
  "{ $id }",
  "{ NUMBER($amount) }",
  "{ $total ->\n *[other] x\n}",
  "}{",
  "{{ }}",
  "{$name}",
  "# comment",
  "-term = x",
  "key = value",
  '{ "literal" }',
  "{ -brand-name }",
];
const MARKDOWN = [
  "*bold*",
  "_italic_",
  "`code`",
  "```\ncode\n```",
  "[link](http://example.com)",
  "~~strike~~",
  "||spoiler||",
  "\\*escaped\\*",
  ">quote",
  "__underline__",
  "**",
  "[](tg://user?id=1)",
];
const EMOJI = ["😀", "👨‍👩‍👧‍👦", "🏳️‍🌈", "👍🏽", "🇷🇺", "❤️", "1️⃣", "🧑🏿‍🔧", "🫠", "👁‍🗨"];
const NUMBERS = [
  "-1",
  "1e309",
  "NaN",
  "99999999999999999999",
  "0",
  "-0",
  "1,5",
  "1 000,50",
  "Infinity",
  "0x10",
  "1.005",
  "-1042",
  "#",
  "#-1",
  "00000",
  "１２３",
  "٣٤",
  "1042",
  "#1042",
  "А-001042",
  "2,5,5",
  "100000001",
  "0,001",
  "9007199254740993",
];
const DATES = [
  "31.12.1899",
  "01.01.0001",
  "31.12.9999",
  "29.02.2023",
  "32.13",
  "25.12 25:61",
  "tomorrow 99:99",
  "yesterday",
  "0/0",
  "12/31/275760",
  "1970-01-01",
  "завтра 24:00",
  "сегодня 00:00",
  "13/13/13",
  "2026-02-30",
  "1.1.1 1:1",
];
export const COMMAND_NAMES = [
  "start",
  "help",
  "language",
  "order",
  "status",
  "new",
  "masters",
  "managers",
  "staff",
];

function randomUnicode(rng: Prng, length: number): string {
  const ranges: [number, number][] = [
    [0x20, 0x7e],
    [0x400, 0x4ff], // Cyrillic
    [0x590, 0x6ff], // Hebrew, Arabic (RTL)
    [0x300, 0x36f], // combining marks (zalgo)
    [0x2000, 0x206f], // punctuation, bidi controls
    [0x1f300, 0x1faff], // emoji (surrogate pairs)
    [0xe000, 0xf8ff], // private use
    [0x0, 0x1f], // C0 controls
  ];
  let out = "";
  for (let i = 0; i < length; i++) {
    const [from, to] = rng.pick(ranges);
    out += String.fromCodePoint(rng.int(from, to));
  }
  return out;
}

/** A random argument for a command or a hostile answer: any category's text. */
function anyText(rng: Prng): string {
  return textOf(rng, rng.pick(TEXT_CATEGORIES.filter((c) => c !== "command" && c !== "huge")));
}

export function textOf(rng: Prng, category: TextCategory): string {
  switch (category) {
    case "empty":
      return "";
    case "whitespace":
      return rng.pick(WHITESPACE);
    case "huge": {
      const unit = rng.pick(["x", "<b>", "&", "😀", "я", "{ $x }", "\u200b", "a b "]);
      return unit.repeat(Math.ceil(10_000 / unit.length)).slice(0, 10_000);
    }
    case "control":
      return rng.pick(CONTROL);
    case "html":
      return rng.pick(HTML);
    case "fluent":
      return rng.pick(FLUENT);
    case "markdown":
      return rng.pick(MARKDOWN);
    case "emoji":
      return Array.from({ length: rng.int(1, 40) }, () => rng.pick(EMOJI)).join("");
    case "numbers":
      return rng.pick(NUMBERS);
    case "dates":
      return rng.pick(DATES);
    case "unicode":
      return randomUnicode(rng, rng.int(1, 120));
    case "command": {
      const name = rng.chance(0.15)
        ? rng.pick(["unknown", "START", "new_order", "", "/"])
        : rng.pick(COMMAND_NAMES);
      const mention = rng.chance(0.2) ? rng.pick(["@repair_crm_test_bot", "@other_bot"]) : "";
      const arg = rng.chance(0.7) ? ` ${anyText(rng)}` : "";
      return `/${name}${mention}${arg}`;
    }
  }
}

/** A hostile text; never a yes/no word. */
export function hostileText(rng: Prng, category: TextCategory = rng.pick(TEXT_CATEGORIES)): Hostile {
  for (;;) {
    const text = textOf(rng, category);
    if (!YES_NO.has(text.trim().toLowerCase())) return { kind: "text", category, text };
  }
}

export function inlineQuery(rng: Prng): Hostile {
  const size = rng.pick([0, 1, 2, 3, 4, 10, 40, 64, 255, 256, 257, 1000, 10_000]);
  const base = size <= 3 && rng.chance(0.5) ? "104" : anyText(rng) || "1042";
  return {
    kind: "inline",
    category: "inline",
    query: base.repeat(Math.ceil(size / base.length) || 1).slice(0, size),
  };
}

/** Callback data of other features: known prefixes with missing, extra, broken or out-of-range fields. */
function otherPrefixData(rng: Prng, orderIds: readonly string[]): string {
  const id =
    orderIds.length > 0 && rng.chance(0.5) ? rng.pick(orderIds) : rng.pick(["", "%ZZ", "0", "-1", "x:y"]);
  return rng.pick([
    "lang:xx",
    "lang:",
    "lang:ru:en",
    `or:${id}`,
    `oo:${id}`,
    "os:nosuchtoken:1",
    "os::0",
    "os:x:99999",
    `oa:zz:${id}`,
    `oa:st:${id}`,
    `oa:ms:${id}`,
    `oa:cm:${id}`,
    "sl:m:-:0",
    "sl:q:-:1",
    "sl:m:-:99999",
    "sl:s:forged:2",
    "sl:g:-:-1",
    "dg:",
    "dg:a:b:c",
    "dg:::",
    "x",
    "",
    ":",
    "%",
    "dg:%E0%A4%A:1",
  ]);
}

export interface CallbackContext {
  /** Tag and values of the current dialog prompt, when a dialog is waiting. */
  prompt?: { tag: string; values: readonly string[] };
  orderIds: readonly string[];
  hasStale: boolean;
}

/** A forged or stale callback; `cb-stale` and `cb-foreign-user` are resolved by the deliverer (it knows old buttons). */
function hostileCallback(rng: Prng, c: CallbackContext): Hostile {
  const categories = CALLBACK_CATEGORIES.filter(
    (cat) => (cat !== "cb-stale" || c.hasStale) && (cat !== "cb-foreign-user" || c.prompt),
  );
  const category = rng.pick(categories);
  // Telegram names the message of a button: a chat message (maybe too old to show) or an inline one;
  // a forged client may name none.
  const on = rng.pick(["old", "old", "inline", "inaccessible", "none"] as const);
  switch (category) {
    case "cb-random-bytes": {
      const data = String.fromCharCode(...rng.bytes(rng.int(1, 80)));
      return { kind: "callback", category, data, on };
    }
    case "cb-other-prefix": {
      // Any data on an inline message too (only or: is sent there; a forged client sends the rest).
      return { kind: "callback", category, data: otherPrefixData(rng, c.orderIds), on };
    }
    case "cb-bad-fields": {
      const tag = c.prompt?.tag ?? "AAAAAAAA1";
      const values = new Set(c.prompt?.values ?? []);
      let value = "";
      do {
        value = rng.pick([
          "999",
          "00",
          "01",
          "007",
          "-1",
          "ok ",
          "",
          "%ZZ",
          "1.5",
          "none ",
          "y y",
          "S",
          "X",
          "new:",
          "a".repeat(40),
        ]);
      } while (values.has(value));
      const data = rng.chance(0.2) ? `dg:${tag}:${value}:extra` : `dg:${tag}:${encodeURIComponent(value)}`;
      return { kind: "callback", category, data, on: "prompt" };
    }
    case "cb-oversize": {
      const prefix = rng.pick(["dg:", "or:", "oa:st:", "sl:m:-:", "lang:"]);
      return { kind: "callback", category, data: `${prefix}${"9".repeat(rng.int(62, 200))}`, on: "prompt" };
    }
    case "cb-stale":
      return { kind: "callback", category, data: "", on: "old" };
    case "cb-foreign-user":
      return { kind: "callback", category, data: "", on: "prompt" };
  }
}

/** Any hostile input, weighted towards texts and callbacks (the inputs with the most ways to go wrong). */
export function hostileInput(rng: Prng, c: CallbackContext): Hostile {
  const roll = rng.next();
  if (roll < 0.5) return hostileText(rng);
  if (roll < 0.75) return hostileCallback(rng, c);
  if (roll < 0.87) return { kind: "media", category: rng.pick(MEDIA_KINDS) };
  if (roll < 0.94)
    return { kind: "edited", category: "edited", text: rng.pick(["1042", "✅ Yes", "+", anyText(rng)]) };
  if (roll < 0.97)
    return { kind: "group", category: "group", text: textOf(rng, rng.pick(["command", "numbers", "html"])) };
  return inlineQuery(rng);
}
