/**
 * The client card: one pure function from a counteragent record (and the
 * client's orders when known) to Telegram HTML. Every field the service keeps
 * has its line: name, type, phones, e-mail, address, rating (👍 / — / 👎),
 * buyer / vendor, the messages allowed, the advertising source, the note,
 * the custom fields named by their definitions; then the orders.
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import type { Counteragent, Order } from "../../service/index.ts";
import type { CardField } from "../ui/custom-fields.ts";
import { cutHtml, cutText, escapeHtml } from "../ui/text.ts";

export interface ClientCardOptions {
  t: TranslateFunction;
  /** Custom fields named by the type's definitions (custom-fields.ts cardFields). */
  fields: readonly CardField[];
  /** The client's orders when known (from the mirror, or read); undefined: not listed here. */
  orders?: { items: readonly Order[]; complete: boolean };
  /** False: phones and e-mail stay out (a group chat). */
  contacts?: boolean;
}

const NOTE_LIMIT = 600;

/** 👍 for 1, 👎 for -1, — otherwise (0 or unset): the locale's marks. */
export function ratingMark(t: TranslateFunction, rating: number | undefined): string {
  return t(rating === 1 ? "client-rating-up" : rating === -1 ? "client-rating-down" : "client-rating-none");
}

/** ✅ or ✖️: a message channel allowed or not (the locale's marks). */
export function onOff(t: TranslateFunction, value: boolean | undefined): string {
  return t(value ? "client-mark-on" : "client-mark-off");
}

export function clientName(client: Pick<Counteragent, "name" | "id">): string {
  return client.name?.trim() || client.id;
}

export function formatClientCard(client: Counteragent, options: ClientCardOptions): string {
  const { t } = options;
  const e = escapeHtml;
  const lines: string[] = [t("client-card-title", { name: e(clientName(client)) })];
  const line = (key: string, vars: Record<string, string | number>) => lines.push(t(key, vars));
  if (client.typeCounteragent?.name) line("client-card-type", { type: e(client.typeCounteragent.name) });
  const contacts = options.contacts !== false;
  const phones = (client.phones ?? []).filter((p) => p.trim() !== "");
  if (contacts)
    line("client-card-phones", {
      phones: phones.length > 0 ? phones.map((p) => `<code>${e(p)}</code>`).join(", ") : t("dlg-none"),
    });
  if (contacts)
    line("client-card-email", { email: client.email?.trim() ? e(client.email.trim()) : t("dlg-none") });
  line("client-card-address", { address: client.address?.trim() ? e(client.address.trim()) : t("dlg-none") });
  line("client-card-rating", { mark: ratingMark(t, client.rating) });
  const roles = [
    client.isBuyer ? t("client-role-buyer") : "",
    client.isVendor ? t("client-role-vendor") : "",
  ];
  line("client-card-roles", { roles: roles.filter(Boolean).join(", ") || t("dlg-none") });
  const yesNo = (value: boolean | undefined) => onOff(t, value);
  line("client-card-messages", {
    sms: yesNo(client.isSendSms),
    email: yesNo(client.isSendEmail),
    telegram: yesNo(client.isSendTelegram),
  });
  line("client-card-source", { source: client.howKnow?.name ? e(client.howKnow.name) : t("dlg-none") });
  const note = client.node?.trim();
  if (note) line("client-card-note", { note: e(cutText(note, NOTE_LIMIT)) });
  for (const field of options.fields) line("card-field", { name: e(field.name), value: e(field.value) });
  const orders = options.orders;
  if (orders) {
    lines.push("");
    if (orders.items.length === 0)
      lines.push(t(orders.complete ? "client-card-no-orders" : "client-card-no-orders-held"));
    else
      lines.push(
        t(orders.complete ? "client-card-orders" : "client-card-orders-held", { count: orders.items.length }),
      );
  }
  return cutHtml(lines.join("\n"));
}
