/**
 * The Mini App's page: plain ES modules (preact with htm, no build step), read
 * once from web/mini-app/ and node_modules, compressed once (brotli and gzip) and served
 * with an ETag from memory. The vendored modules' bare `preact` import is pointed
 * at the served copy, so the page needs no import map (and the CSP no inline script).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

interface Asset {
  type: string;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** The page lives outside src/: browser modules, not the bot's (no layer, no type stripping). */
const PAGE_DIR = new URL("../../../web/mini-app/", import.meta.url);
const PAGE_FILES = [
  "index.html",
  "style.css",
  "app.js",
  "api.js",
  "telegram.js",
  "submission.js",
  "board.js",
  "order.js",
  "intake.js",
  "intake-client.js",
  "intake-fields.js",
  "client.js",
  "fields.js",
];

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  json: "application/json; charset=utf-8",
};

/** Where the vendored modules are, by the name the page imports them as. */
function vendorFiles(): Record<string, string> {
  return {
    "vendor/preact.mjs": fileURLToPath(import.meta.resolve("preact")),
    "vendor/hooks.mjs": fileURLToPath(import.meta.resolve("preact/hooks")),
    "vendor/htm.mjs": fileURLToPath(import.meta.resolve("htm")),
  };
}

function asset(name: string, text: string): Asset {
  const raw = Buffer.from(text);
  return {
    type: TYPES[name.split(".").pop() ?? ""] ?? "application/octet-stream",
    raw,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(raw, { level: 9 }),
    etag: `"${createHash("sha256").update(raw).digest("base64url").slice(0, 16)}"`,
  };
}

let assets: Map<string, Asset> | undefined;

/** The page's texts per language (texts.ts), served as `texts.<locale>.json`. */
export type PageTexts = Record<string, Record<string, string>>;

/**
 * Every file of the page by its path under the Mini App's root ("" is the page itself), with its
 * texts: static files, so even a page that cannot prove who opened it speaks the user's language.
 */
function pageAssets(texts: PageTexts): Map<string, Asset> {
  if (assets) return assets;
  const loaded = new Map<string, Asset>();
  for (const [locale, entries] of Object.entries(texts))
    loaded.set(`texts.${locale}.json`, asset(`texts.${locale}.json`, JSON.stringify(entries)));
  for (const name of PAGE_FILES) loaded.set(name, asset(name, readFileSync(new URL(name, PAGE_DIR), "utf8")));
  for (const [name, path] of Object.entries(vendorFiles()))
    loaded.set(
      name,
      asset(name, readFileSync(path, "utf8").replace(/from\s*"preact"/g, 'from"./preact.mjs"')),
    );
  const index = loaded.get("index.html");
  if (index) loaded.set("", index);
  assets = loaded;
  return loaded;
}

/** Bytes the page's first load takes as served with `encoding` (the bench's row; every file is loaded at start). */
export function firstLoadBytes(texts: PageTexts, encoding: "br" | "gzip" | "raw"): number {
  let total = 0;
  // One language's texts load, not both.
  for (const [name, file] of pageAssets(texts))
    if (name !== "" && !/^texts\.(?!en\.)/.test(name)) total += file[encoding].length;
  return total;
}

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "content-security-policy":
    "default-src 'self'; script-src 'self' https://telegram.org; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; connect-src 'self'; frame-ancestors https://web.telegram.org https://*.telegram.org",
};

/** Answers a GET of one of the page's files; false when `name` is none of them. */
export function serveAsset(
  req: IncomingMessage,
  res: ServerResponse,
  name: string,
  texts: () => PageTexts,
): boolean {
  const file = pageAssets(texts()).get(name);
  if (!file) return false;
  const accepts = String(req.headers["accept-encoding"] ?? "");
  const encoding = /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : undefined;
  const headers: Record<string, string> = {
    "content-type": file.type,
    etag: file.etag,
    vary: "accept-encoding",
    // The page itself is checked every time (a new version shows at once); its modules too, by ETag.
    "cache-control": "no-cache",
    ...SECURITY_HEADERS,
  };
  if (req.headers["if-none-match"] === file.etag) {
    res.writeHead(304, headers).end();
    return true;
  }
  const body = encoding ? file[encoding] : file.raw;
  if (encoding) headers["content-encoding"] = encoding;
  headers["content-length"] = String(body.length);
  res.writeHead(200, headers).end(req.method === "HEAD" ? undefined : body);
  return true;
}
