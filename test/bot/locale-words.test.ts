/**
 * The bot's own words are in the user's language: English texts carry no
 * Russian words and no «» quotes. Service data (status names, workshop names,
 * order numbers such as А001042 in examples) is not in the locale files, except
 * inside <code> examples and the name of the Russian language.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES_DIR } from "../../src/bot/i18n.ts";

/** Every message of a locale (its main file and its feature files) as `key -> source text`. */
function messages(locale: string): Map<string, string> {
  const files = [join(LOCALES_DIR, `${locale}.ftl`)];
  for (const name of readdirSync(join(LOCALES_DIR, locale), { withFileTypes: true }).map((e) => e.name))
    if (name.endsWith(".ftl")) files.push(join(LOCALES_DIR, locale, name));
  const out = new Map<string, string>();
  for (const file of files) {
    let key: string | undefined;
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (line.startsWith("#")) continue;
      const start = /^([a-zA-Z][\w-]*)\s*=(.*)$/.exec(line);
      if (start?.[1]) {
        key = start[1];
        out.set(key, start[2] ?? "");
      } else if (key && /^\s/.test(line)) out.set(key, `${out.get(key)}\n${line}`);
    }
  }
  return out;
}

describe("English texts", () => {
  it("have no Russian words and no «» quotes", () => {
    const english = messages("en");
    expect(english.size).toBeGreaterThan(50);
    const mixed = [...english]
      .filter(([key]) => key !== "language-name-ru")
      .map(([key, text]) => [key, text.replace(/<code>.*?<\/code>/g, "")] as const)
      .filter(([, text]) => /[«»]|\p{Script=Cyrillic}/u.test(text))
      .map(([key]) => key);
    expect(mixed).toEqual([]);
  });

  it("exist for every Russian text, feature files included", () => {
    expect([...messages("en").keys()].sort()).toEqual([...messages("ru").keys()].sort());
  });
});
