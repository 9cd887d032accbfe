/**
 * The page's texts in each language: every key of locales/<lang>/mini-app.ftl
 * (plain text, no HTML: the page escapes nothing it did not build), so the page
 * holds no words of its own.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locale } from "../../config/index.ts";
import type { BotServices } from "../context.ts";
import { LOCALES, LOCALES_DIR } from "../i18n.ts";
import type { PageTexts } from "./static.ts";

/** Each key with the names of its variables, which the page fills in (`{ $number }` stays for it). */
let keys: [string, string[]][] | undefined;

function pageKeys(): [string, string[]][] {
  keys ??= [
    ...readFileSync(join(LOCALES_DIR, "en", "mini-app.ftl"), "utf8").matchAll(/^(ma-[\w-]+) =(.*)$/gm),
  ].map((m) => [m[1] ?? "", [...(m[2] ?? "").matchAll(/\{ *\$(\w+) *\}/g)].map((v) => v[1] ?? "")]);
  return keys;
}

function textsOf(services: BotServices, locale: Locale): Record<string, string> {
  return Object.fromEntries(
    pageKeys().map(([key, vars]) => [
      key,
      services.i18n.t(locale, key, Object.fromEntries(vars.map((name) => [name, `{ $${name} }`]))),
    ]),
  );
}

/** Every language's texts of the page. */
export function pageTexts(services: BotServices): PageTexts {
  return Object.fromEntries(LOCALES.map((locale) => [locale, textsOf(services, locale)]));
}
