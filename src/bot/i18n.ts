/**
 * i18n (@grammyjs/i18n, Fluent): texts live in locales/<locale>.ftl only.
 * The locale is, in order: the one chosen with /language (kept in the session),
 * the user's Telegram language when we speak it, DEFAULT_LOCALE.
 */
import { fileURLToPath } from "node:url";
import { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { Locale } from "../config/index.ts";

export type { I18nFlavor, TranslateFunction } from "@grammyjs/i18n";

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

/**
 * The plugin negotiates languages (Intl locale matching) on every translation: about
 * half of a card's text time and a tenth of a lookup's. The bundles are all loaded
 * at start, so the answer per locale list never changes: it is kept per list. The
 * method is the plugin's own (private in its types); test/bot/i18n.test.ts fails
 * if an update drops it, rather than the bot slowing down unseen.
 */
export function memoizeBundleMatching(fluent: object): boolean {
  const target = fluent as { matchBundles?: (locales: string[]) => unknown };
  const match = target.matchBundles?.bind(fluent);
  if (!match) return false;
  const matched = new Map<string, unknown>();
  target.matchBundles = (locales) => {
    const key = locales.join("\n");
    let bundles = matched.get(key);
    if (bundles === undefined) {
      bundles = match(locales);
      matched.set(key, bundles);
    }
    return bundles;
  };
  return true;
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
