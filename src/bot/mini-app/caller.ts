/**
 * Who a Mini App request is from: the user of its checked initData, their role
 * exactly as the bot computes it (policy/access.ts `roleOf`), and, for anyone
 * who is not staff while CLIENTS=on, their client link (the contact they shared
 * with /start). Their language: the link's, else Telegram's, else DEFAULT_LOCALE.
 */
import type { Locale } from "../../config/index.ts";
import type { BotServices } from "../context.ts";
import { type ClientLink, clientLinksOf } from "../features/client-side/links.ts";
import { supportedLocale } from "../i18n.ts";
import { canWrite, roleOf } from "../policy/access.ts";
import type { Role } from "../policy/role.ts";
import type { MiniAppUser } from "./init-data.ts";

export interface Caller {
  user: MiniAppUser;
  /** "client": a linked client (CLIENTS=on); "stranger": nobody the bot serves. */
  role: Role | "client";
  locale: Locale;
  link?: ClientLink;
}

export async function callerOf(services: BotServices, user: MiniAppUser): Promise<Caller> {
  const { config } = services;
  const role = roleOf(user.id, config);
  const telegram = supportedLocale(user.languageCode) ?? config.defaultLocale;
  if (role !== "stranger") return { user, role, locale: telegram };
  if (!config.clients?.enabled || !services.mirror) return { user, role, locale: telegram };
  const link = await clientLinksOf(services.store).read(user.id);
  if (!link || link.counteragents.length === 0) return { user, role, locale: telegram };
  return { user, role: "client", locale: link.locale, link };
}

export const writes = (caller: Caller): boolean => caller.role !== "client" && canWrite(caller.role);
