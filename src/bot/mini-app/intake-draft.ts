/**
 * The Mini App's intake form as the chat's intake Draft (features/order-create/draft.ts),
 * checked by the chat's own rules before any request: the shape by zod, then each
 * answer as the chat's step takes it: a name of up to 150 characters that is no
 * phone, a phone of the shop's country (src/contract/phone.ts) kept as the CRM
 * shows numbers, faults of 2 to 1000 characters one per line, the device's texts
 * as long as the chat takes them, a price and prepayment amounts as money
 * (dialog-kit/parse.ts `readAmount`), a deadline in the future, a master,
 * manager, register and source from the form's own lists, every required
 * custom field answered as its kind needs. Errors come per field, in the
 * clerk's language; an existing client is one the bot's copy holds, or one the
 * CRM's search gave the page (its id and name: the service refuses an id it lacks).
 */
import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import type { Locale } from "../../config/index.ts";
import { phoneForService } from "../../contract/phone.ts";
import type { BotServices } from "../context.ts";
import type { ClientChoice } from "../dialog-kit/ask-client.ts";
import type { FieldAnswer } from "../dialog-kit/ask-custom-field.ts";
import { parseNumber, phoneQuery, readAmount, textLines, visibleText } from "../dialog-kit/parse.ts";
import type { Draft, Named } from "../features/order-create/draft.ts";
import { formatDateTime } from "../ui/dates.ts";
import type { FormField, IntakeOptions } from "./intake-options.ts";

const text = z.string().max(2000).optional();
const value = z.union([z.string().max(2000), z.boolean(), z.number()]);

/** The page's draft as it sends it (every text as typed; the checks below read them). */
const formDraft = z.object({
  shopId: z.string(),
  typeId: z.string(),
  client: z.union([
    z.object({ id: z.string().min(1).max(100), name: z.string().max(2000).optional() }),
    z.object({ name: z.string().max(2000), phone: text, fields: z.record(z.string(), value).optional() }),
  ]),
  device: z.object({
    typeDevice: z.string().max(2000),
    problem: z.string().max(5000),
    brand: text,
    model: text,
    sn: text,
    completeSet: text,
    appearance: text,
    color: text,
  }),
  price: text,
  /** A day, "YYYY-MM-DD": the deadline is that day at CLOSING_TIME, as the chat's quick buttons. */
  deadline: text,
  urgent: z.boolean().optional(),
  masterId: text,
  managerId: text,
  sourceId: text,
  fields: z.record(z.string(), value).optional(),
  prepayment: z
    .object({ registerId: z.string().max(100), money: text, bank: text })
    .optional()
    .nullable(),
});
type FormDraft = z.infer<typeof formDraft>;

export type DraftCheck = { ok: true; draft: Draft } | { ok: false; errors: Record<string, string> };

interface CheckContext {
  services: BotServices;
  locale: Locale;
  options: IntakeOptions;
}

const length = (s: string) => [...s].length;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day "YYYY-MM-DD" at a time of day in TIMEZONE; undefined when no such day. */
function dayAt(day: string, at: { hours: number; minutes: number }, timezone: string): Date | undefined {
  const m = DAY.exec(day);
  if (!m) return undefined;
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const moment = new TZDate(year, month - 1, date, at.hours, at.minutes, timezone);
  return moment.getDate() === date && moment.getMonth() === month - 1
    ? new Date(moment.getTime())
    : undefined;
}

export function checkDraft(c: CheckContext, raw: unknown): DraftCheck {
  const parsed = formDraft.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: { form: c.services.i18n.t(c.locale, "ma-error") } };
  const form = parsed.data;
  const t = (key: string, vars?: Record<string, string | number>) => c.services.i18n.t(c.locale, key, vars);
  const errors: Record<string, string> = {};
  const { config } = c.services;
  const fail = (path: string, key: string, vars?: Record<string, string | number>) => {
    errors[path] ??= t(key, vars);
    return undefined;
  };
  /** An optional text of up to `max` characters, as kept (invisible characters dropped). */
  const optional = (path: string, typed: string | undefined, max: number) => {
    const kept = visibleText(typed ?? "");
    if (length(kept) > max) return fail(path, "ma-too-long", { max });
    return kept || undefined;
  };
  const pick = <T extends Named>(path: string, list: readonly T[], id: string | undefined) => {
    if (!id) return undefined;
    return list.find((item) => item.id === id) ?? fail(path, "ma-pick-one");
  };

  const shop = c.options.shops.find((s) => s.id === form.shopId);
  if (!shop) fail("shop", "ma-pick-one");
  const type = c.options.types.find((s) => s.id === form.typeId);
  if (!type) fail("type", "ma-pick-one");

  const client = clientOf(c, form, fail);
  const typeDevice = visibleText(form.device.typeDevice);
  if (!typeDevice) fail("device.typeDevice", "ma-required");
  else if (length(typeDevice) > 100) fail("device.typeDevice", "ma-too-long", { max: 100 });
  const problemText = visibleText(form.device.problem);
  if (length(problemText) < 2) fail("device.problem", "ma-problem-short");
  else if (length(problemText) > 1000) fail("device.problem", "ma-too-long", { max: 1000 });
  const device = {
    typeDevice,
    problem: textLines(form.device.problem),
    brand: optional("device.brand", form.device.brand, 100),
    model: optional("device.model", form.device.model, 100),
    sn: optional("device.sn", form.device.sn, 100),
    completeSet: optional("device.completeSet", form.device.completeSet, 500),
    appearance: optional("device.appearance", form.device.appearance, 500),
    color: optional("device.color", form.device.color, 100),
    approximatePrice: undefined as string | undefined,
  };
  if (form.price?.trim()) {
    const price = readAmount(form.price, c.locale);
    if (price.ok) device.approximatePrice = String(price.value);
    else fail("price", "ma-amount-bad");
  }
  let deadline: number | undefined;
  if (form.deadline?.trim()) {
    const at = dayAt(form.deadline.trim(), config.closingTime, config.timezone);
    if (!at) fail("deadline", "ma-date-bad");
    else if (at.getTime() <= c.services.clock.now().getTime()) fail("deadline", "ma-deadline-past");
    else deadline = at.getTime();
  }
  const master = shop && pick("master", shop.masters, form.masterId);
  const manager = shop && pick("manager", shop.managers, form.managerId);
  const howKnow = pick("source", c.options.sources, form.sourceId);
  const fields = type ? answers(c, "field", type.fields, form.fields ?? {}, fail) : [];
  const prepayment = shop ? prepaymentOf(c, form, shop.registers, fail) : undefined;

  if (Object.keys(errors).length > 0 || !shop || !type || !client) return { ok: false, errors };
  return {
    ok: true,
    draft: {
      shop: { id: shop.id, name: shop.name },
      type: { id: type.id, name: type.name },
      client,
      device,
      deadline,
      master: master && { id: master.id, name: master.name },
      manager: manager && { id: manager.id, name: manager.name },
      isUrgent: form.urgent === true,
      howKnow: howKnow && { id: howKnow.id, name: howKnow.name },
      fields,
      prepayment,
    },
  };
}

type Fail = (path: string, key: string, vars?: Record<string, string | number>) => undefined;

/** The client: one the bot's copy holds (the page searched it there), or a new one as askClient makes it. */
function clientOf(c: CheckContext, form: FormDraft, fail: Fail): ClientChoice | undefined {
  if ("id" in form.client) {
    const held = c.services.mirror?.client(form.client.id)?.client;
    if (held) return { kind: "existing", id: held.id, name: held.name ?? held.id, phone: held.phones?.[0] };
    // Found by the CRM's own search (no copy of it here): its id and name as the page got them.
    const name = visibleText(form.client.name ?? "");
    if (!/^[\w-]{1,100}$/.test(form.client.id) || !name || length(name) > 150)
      return fail("client", "ma-client-unknown");
    return { kind: "existing", id: form.client.id, name };
  }
  const name = visibleText(form.client.name);
  if (!name) fail("client.name", "ma-required");
  else if (length(name) > 150) fail("client.name", "ma-too-long", { max: 150 });
  // A phone typed as the name: the chat asks the name again.
  else if (phoneQuery(name) !== undefined) fail("client.name", "ma-name-is-phone");
  const typedPhone = form.client.phone?.trim();
  const phone = typedPhone ? phoneForService(typedPhone, c.services.config.phoneCountry) : undefined;
  if (typedPhone && !phone) fail("client.phone", "ma-phone-bad");
  const fields = answers(c, "client.field", c.options.client.fields, form.client.fields ?? {}, fail);
  return { kind: "new", name, phone, typeId: c.options.client.typeId, fields };
}

/** The required custom fields, each read as askCustomField reads its kind. */
function answers(
  c: CheckContext,
  prefix: string,
  defs: readonly FormField[],
  given: Record<string, string | number | boolean>,
  fail: Fail,
): FieldAnswer[] {
  const { config } = c.services;
  const t = (key: string) => c.services.i18n.t(c.locale, key);
  const found: FieldAnswer[] = [];
  for (const def of defs) {
    const path = `${prefix}.${def.id}`;
    const raw = given[def.id];
    const typed = typeof raw === "string" ? visibleText(raw) : raw;
    const answer = (value: FieldAnswer["value"], shown: string) =>
      found.push({ id: def.id, name: def.name, value, shown, required: true });
    if (def.kind === "boolean") {
      // A checkbox always answers: unticked is "no", as the chat's ❌ No.
      const yes = typed === true || typed === "true";
      answer(yes, t(yes ? "dlg-yes" : "dlg-no"));
      continue;
    }
    if (typed === undefined || typed === "" || typed === false) {
      fail(path, "ma-required");
      continue;
    }
    const typedText = String(typed);
    if (def.kind === "choice") {
      const item = def.items?.find((i) => i.id === typedText);
      if (item) answer(item.id, item.name);
      else fail(path, "ma-pick-one");
    } else if (def.kind === "number") {
      const number = parseNumber(typedText);
      if (number === undefined) fail(path, "ma-number-bad");
      else answer(number, String(number));
    } else if (def.kind === "date") {
      // The chat's default time of a field's date: noon.
      const at = dayAt(typedText, { hours: 12, minutes: 0 }, config.timezone);
      if (at) answer(at.getTime(), formatDateTime(at, c.locale, config.timezone));
      else fail(path, "ma-date-bad");
    } else if (length(typedText) > 500) fail(path, "ma-too-long", { max: 500 });
    else answer(typedText, typedText);
  }
  return found;
}

/** A register of the workshop that takes the kind of money given, and positive amounts (askAmounts). */
function prepaymentOf(
  c: CheckContext,
  form: FormDraft,
  registers: IntakeOptions["shops"][number]["registers"],
  fail: Fail,
): Draft["prepayment"] {
  const pay = form.prepayment;
  if (!pay?.registerId) return undefined;
  const register = registers.find((r) => r.id === pay.registerId);
  if (!register) return fail("prepayment.register", "ma-pick-one");
  const amount = (path: string, typed: string | undefined, allowed: boolean) => {
    if (!typed?.trim()) return undefined;
    if (!allowed) return fail(path, "ma-register-refuses");
    const read = readAmount(typed, c.locale);
    return read.ok ? read.value : fail(path, "ma-amount-bad");
  };
  const money = amount("prepayment.money", pay.money, register.cash);
  const bank = amount("prepayment.bank", pay.bank, register.bank);
  if (money === undefined && bank === undefined) return undefined;
  return { register: { id: register.id, name: register.name }, money, bank };
}
