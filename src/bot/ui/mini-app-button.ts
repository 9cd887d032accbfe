/**
 * The Mini App's buttons in chat (MINI_APP_URL): "📋 Open the board" under /board,
 * "🧾 Form" beside /new's first message, each in a private chat only (Telegram
 * opens web_app buttons there; a group gets none), and nothing without the setting.
 */
import type { Config } from "../../config/index.ts";

interface Where {
  chat?: { type: string };
  services: { config: Pick<Config, "miniApp"> };
}

/** The Mini App's address for one screen ("new": the intake form). */
function miniAppUrl(config: Pick<Config, "miniApp">, screen?: string): string | undefined {
  const base = config.miniApp?.url;
  if (!base) return undefined;
  if (!screen) return base;
  const url = new URL(base);
  url.searchParams.set("screen", screen);
  return url.toString();
}

/** A web_app button for `screen` labelled `text`, when the chat is private and the Mini App is on. */
export function miniAppButton(ctx: Where, text: string, screen?: string) {
  const url = miniAppUrl(ctx.services.config, screen);
  if (!url || ctx.chat?.type !== "private") return undefined;
  return { text, web_app: { url } };
}
