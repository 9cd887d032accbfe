/**
 * The command menu, per role and language. Telegram shows the most specific
 * scope it has: the default scopes (all languages and each of ours) hold the
 * strangers' menu (/start, /help); each configured user's private chat holds
 * their role's menu in their language. The per-user menus are set at start when
 * the staff configuration differs from the one last set (a hash in the store),
 * and again for one chat when its user picks a language or sends /start.
 */
import { createHash } from "node:crypto";
import type { I18n } from "@grammyjs/i18n";
import type { Api, Context } from "grammy";
import type { BotCommandScope } from "grammy/types";
import { z } from "zod";
import type { Config, Locale } from "../../config/index.ts";
import type { Role } from "../context.ts";
import { LOCALES } from "../i18n.ts";
import { persisted } from "../store/registry.ts";
import type { StorageAdapter } from "../store/storage.ts";

type StaffRole = Exclude<Role, "stranger">;

const STRANGER = ["start", "help"] as const;
/** With CLIENTS=on strangers are clients: /stop ends their messages. */
const CLIENT = ["start", "stop", "help"] as const;
/** What every staff menu opens with, then the reading commands all of them list (in menu order). */
const LOOKUPS = ["start", "order", "find", "client"] as const;
const READING = ["overdue", "board", "my", "me", "notify", "masters", "managers", "staff"] as const;
const VIEWER = [...LOOKUPS, ...READING, "status", "language", "help"] as const;
const OPERATOR = [...LOOKUPS, "new", "status", ...READING, "cancel", "language", "help"] as const;
/** Whether `text` is the /cancel command (with the bot's name or arguments, in any case): inside a dialog and out. */
export function isCancelCommand(text: string): boolean {
  return /^\/cancel(@\w+)?(\s|$)/i.test(text);
}

/** Operators' menu plus money and output (the desk's /cash and /report, the chat's /payments). */
const OWNER = [
  ...OPERATOR.slice(0, -3),
  "cash",
  "report",
  "payments",
  "deleted",
  ...OPERATOR.slice(-3),
] as const;

export const MENUS: Record<Role, readonly string[]> = {
  owner: OWNER,
  operator: OPERATOR,
  viewer: VIEWER,
  stranger: STRANGER,
};

/**
 * What works in a group, for every staff role: reading. Dialogs (/new, /find,
 * a status change), linking (/me), notifications, money and /cancel are the
 * private chat's.
 */
export const GROUP_MENU = [
  "order",
  "overdue",
  "board",
  "my",
  "status",
  "masters",
  "managers",
  "staff",
  "language",
  "help",
] as const;

/** A description per command; a viewer's /status, and anyone's in a group, only reads (the service and the quota). */
function description(
  i18n: I18n<Context>,
  locale: Locale,
  role: Role,
  command: string,
  group: boolean,
): string {
  const key = command === "status" && (role === "viewer" || group) ? "cmd-status-viewer" : `cmd-${command}`;
  return i18n.t(locale, key);
}

/** A role's menu; `group`: what of it works in a group chat (strangers have none there). */
export function commandList(i18n: I18n<Context>, locale: Locale, role: Role = "operator", group = false) {
  const commands: readonly string[] = group ? (role === "stranger" ? [] : GROUP_MENU) : MENUS[role];
  return commands.map((command) => ({
    command,
    description: description(i18n, locale, role, command, group),
  }));
}

/**
 * The strangers' menu in the default scopes: one list per language plus DEFAULT_LOCALE for the rest;
 * `clients` (CLIENTS=on): the clients' menu, with /stop.
 */
export async function registerCommands(
  api: Api,
  i18n: I18n<Context>,
  defaultLocale: Locale,
  { clients = false } = {},
): Promise<void> {
  const list = (locale: Locale) =>
    clients
      ? CLIENT.map((command) => ({ command, description: i18n.t(locale, `cmd-client-${command}`) }))
      : commandList(i18n, locale, "stranger");
  await api.setMyCommands(list(defaultLocale));
  for (const locale of LOCALES) {
    await api.setMyCommands(list(locale), { language_code: locale });
  }
}

export type StaffConfig = Pick<Config, "operatorIds" | "viewerIds" | "ownerIds" | "defaultLocale">;

/** Each configured user once, with the widest role they are listed with. */
function staffRoles(config: StaffConfig): Map<number, StaffRole> {
  const roles = new Map<number, StaffRole>();
  for (const id of config.viewerIds) roles.set(id, "viewer");
  for (const id of config.operatorIds) roles.set(id, "operator");
  for (const id of config.ownerIds) roles.set(id, "owner");
  return roles;
}

/** What the menus were last set from; a change of any part sets them again. */
const menuRecord = z.object({ hash: z.string(), users: z.array(z.number()) });
export type MenuRecord = z.infer<typeof menuRecord>;

/** Under "menus"; main.ts opens it for syncStaffMenus (a failure is logged there, the menus are set anyway). */
export const menuRecords = persisted({
  namespace: "command-menus",
  schema: menuRecord,
  whenStoreFails: "throw",
});

export interface StaffMenuDeps {
  api: Api;
  i18n: I18n<Context>;
  config: StaffConfig;
  /** Where the last set configuration is kept (key "menus"). */
  records: StorageAdapter<MenuRecord>;
  /** The language each user last spoke with the bot, if known. */
  localeOf: (userId: number) => Promise<Locale | undefined>;
  onError?: (userId: number, error: unknown) => void;
}

const RECORD_KEY = "menus";

function menuHash(roles: Map<number, StaffRole>, defaultLocale: Locale): string {
  const parts = [...roles].sort(([a], [b]) => a - b).map(([id, role]) => `${id}:${role}`);
  const menus = Object.entries(MENUS).map(([role, list]) => `${role}=${list.join(",")}`);
  return createHash("sha256")
    .update([defaultLocale, ...parts, ...menus].join(";"))
    .digest("hex");
}

/**
 * Sets each configured user's private-chat menu when the staff configuration
 * (or the menus) changed since the last time, and removes the menus of users no
 * longer configured (they fall back to the strangers' menu). A user Telegram does
 * not know yet (never opened the bot) is reported and skipped (their /start sets
 * it); the hash is kept only when every user got theirs, so the next start tries
 * the others again.
 * Returns how many menus were set.
 */
export async function syncStaffMenus(deps: StaffMenuDeps): Promise<number> {
  const roles = staffRoles(deps.config);
  const hash = menuHash(roles, deps.config.defaultLocale);
  const last = await deps.records.read(RECORD_KEY);
  if (last?.hash === hash) return 0;
  let set = 0;
  let failed = false;
  for (const [userId, role] of roles) {
    const locale = (await deps.localeOf(userId)) ?? deps.config.defaultLocale;
    try {
      await deps.api.setMyCommands(commandList(deps.i18n, locale, role), {
        scope: { type: "chat", chat_id: userId },
      });
      set++;
    } catch (error) {
      failed = true;
      deps.onError?.(userId, error);
    }
  }
  for (const userId of last?.users ?? []) {
    if (roles.has(userId)) continue;
    await deps.api
      .deleteMyCommands({ scope: { type: "chat", chat_id: userId } })
      .catch((error: unknown) => deps.onError?.(userId, error));
  }
  // The users are kept even when one failed (a user who opens the bot later gets the menu at /start):
  // a user removed from the configuration then loses theirs. The hash only when every menu was set.
  await deps.records.write(RECORD_KEY, { hash: failed ? "" : hash, users: [...roles.keys()] });
  return set;
}

/**
 * The menu of the chat the user picked a language in, for their role: the
 * private chat's whole menu; in a group, for that member only, what works
 * there (GROUP_MENU). The language-wide lists follow Telegram's language, not
 * the choice.
 */
export async function setChatCommands(
  api: Api,
  i18n: I18n<Context>,
  locale: Locale,
  chat: { id: number; type: string },
  userId: number,
  role: Role = "operator",
): Promise<void> {
  const group = chat.type !== "private";
  const scope: BotCommandScope = group
    ? { type: "chat_member", chat_id: chat.id, user_id: userId }
    : { type: "chat", chat_id: chat.id };
  await api.setMyCommands(commandList(i18n, locale, role, group), { scope });
}
