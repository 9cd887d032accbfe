/**
 * The staff's menu button (beside the message box) opens the Mini App's board:
 * set per staff member's private chat at start when MINI_APP_URL is set, in their
 * language; clients and strangers keep the bot's default button. A few calls per
 * start (one per staff member), so nothing is kept to skip them.
 */

import type { I18n } from "@grammyjs/i18n";
import type { Api, Context } from "grammy";
import type { Config, Locale } from "../../config/index.ts";

interface MenuButtonDeps {
  api: Api;
  config: Config;
  i18n: I18n<Context>;
  localeOf: (userId: number) => Promise<Locale | undefined>;
  onError?: (userId: number, error: unknown) => void;
}

/** Returns how many buttons were set (0 without MINI_APP_URL). */
export async function setStaffMenuButtons(deps: MenuButtonDeps): Promise<number> {
  const url = deps.config.miniApp?.url;
  if (!url) return 0;
  const { ownerIds = [], operatorIds, viewerIds } = deps.config;
  let set = 0;
  for (const userId of new Set([...ownerIds, ...operatorIds, ...viewerIds])) {
    const locale = (await deps.localeOf(userId).catch(() => undefined)) ?? deps.config.defaultLocale;
    try {
      await deps.api.setChatMenuButton({
        chat_id: userId,
        menu_button: { type: "web_app", text: deps.i18n.t(locale, "ma-menu-button"), web_app: { url } },
      });
      set++;
    } catch (error) {
      deps.onError?.(userId, error);
    }
  }
  return set;
}
