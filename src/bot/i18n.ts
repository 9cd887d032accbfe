/**
 * i18n (@grammyjs/i18n, Fluent): texts live in locales/<locale>.ftl only.
 * The locale is, in order: the one chosen with /language (kept in the session),
 * the user's Telegram language when we speak it, DEFAULT_LOCALE.
 */
import { fileURLToPath } from "node:url";
import { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { Locale } from "../config.ts";

export type { I18nFlavor, TranslateFunction, TranslationVariables } from "@grammyjs/i18n";

export const LOCALES: readonly Locale[] = ["ru", "en"];
export const LOCALES_DIR = fileURLToPath(new URL("../../locales", import.meta.url));

/** Maps any language tag ("en-US", "RU", "uk") to a locale we have, or undefined. */
export function supportedLocale(code: string | undefined | null): Locale | undefined {
  if (!code) return undefined;
  const base = code.toLowerCase().split(/[-_]/)[0];
  return LOCALES.find((locale) => locale === base);
}

/** Session shape the negotiator reads; the i18n plugin writes `__language_code` on setLocale. */
interface LocaleSession {
  __language_code?: string;
}

/** Locales fixed per context by `pinLocale`; weak, so a context takes its entry with it. */
const pinned = new WeakMap<object, Locale>();

/**
 * Fixes the locale of a context that cannot see the session (a dialog's): the
 * plugin re-negotiates on every `getLocale()`, and without this a dialog's dates
 * and amounts would follow the Telegram client's language, not the one chosen.
 */
export function pinLocale(ctx: object, locale: string): void {
  const supported = supportedLocale(locale);
  if (supported) pinned.set(ctx, supported);
}

export function createI18n<C extends Context>(defaultLocale: Locale, directory = LOCALES_DIR): I18n<C> {
  const i18n = new I18n<C>({
    defaultLocale,
    directory,
    useSession: true,
    // Fluent would otherwise wrap every placeable in Unicode isolation marks (FSI/PDI),
    // which Telegram shows as junk around numbers and breaks copy-paste of order numbers.
    fluentBundleOptions: { useIsolating: false },
    localeNegotiator: async (ctx) => {
      const pinnedLocale = pinned.get(ctx);
      if (pinnedLocale) return pinnedLocale;
      const chosen = supportedLocale((await readSession(ctx))?.__language_code);
      return chosen ?? supportedLocale(ctx.from?.language_code) ?? defaultLocale;
    },
  });
  memoizeBundleMatching(i18n.fluent);
  return i18n;
}

/** The part of @grammyjs/i18n's Fluent that picks the bundles for a locale (private there). */
interface BundleMatcher {
  matchBundles?: (locales: string[]) => unknown;
}

/**
 * Every ctx.t() runs Fluent's language negotiation (Intl.Locale objects, ~4 µs)
 * to pick the same bundles again; a card makes ~20 calls. The answer depends only
 * on the locales asked for and the bundles loaded, so it is kept per locale list
 * and dropped when a bundle is added. Left alone if a future version renames it.
 */
function memoizeBundleMatching(fluent: object): void {
  const target = fluent as BundleMatcher;
  const match = target.matchBundles?.bind(fluent);
  if (!match) return;
  const matched = new Map<string, unknown>();
  let loaded = bundleCount(fluent);
  target.matchBundles = (locales) => {
    const count = bundleCount(fluent);
    if (count !== loaded) {
      matched.clear();
      loaded = count;
    }
    const key = locales.join("\n");
    let bundles = matched.get(key);
    if (bundles === undefined) {
      bundles = match(locales);
      // Locale lists come from our negotiator (a handful); a stray caller must not grow this forever.
      if (matched.size < 64) matched.set(key, bundles);
    }
    return bundles;
  };
}

function bundleCount(fluent: object): number {
  const bundles = (fluent as { bundles?: { size?: number } }).bundles;
  return bundles?.size ?? 0;
}

/**
 * The session may be absent: before the session middleware (strangers, errors),
 * inside conversations (they do not see it), or for updates without a chat.
 */
async function readSession(ctx: Context): Promise<LocaleSession | undefined> {
  try {
    const session = (ctx as Context & { session?: LocaleSession | Promise<LocaleSession> }).session;
    return session ? await session : undefined;
  } catch {
    return undefined;
  }
}

/** The date-fns / Intl locale for a Fluent locale id. */
export function asLocale(code: string): Locale {
  return supportedLocale(code) ?? "ru";
}

/** The current user's locale as a Locale (for date-fns and Intl). */
export async function localeOf(ctx: { i18n: { getLocale(): Promise<string> } }): Promise<Locale> {
  return asLocale(await ctx.i18n.getLocale());
}
