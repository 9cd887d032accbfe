/** Counteragents: list with every filter, read, create, change. */
import { z } from "zod";
import { COUNTERAGENT_SORT_FIELDS } from "../../contract/lists.ts";
import { phoneHolds as phoneMatches } from "../../contract/phone.ts";
import { parseBody } from "../body.ts";
import { incorrectField, notFound } from "../errors.ts";
import { applyCustomFields } from "../fields.ts";
import type { Counteragent } from "../model.ts";
import type { RequestContext, Router } from "../router.ts";
import { inRange, parsePage, parseSort, type SortKey, sortBy } from "../rules.ts";
import type { Store } from "../store.ts";
import { counteragentView } from "../views.ts";
import { pageEnvelope } from "./common.ts";

function sortKey(store: Store, field: string): (c: Counteragent) => SortKey {
  switch (field) {
    case "id":
      return (c) => c.id;
    case "typeCounteragent":
      return (c) => store.typeCounteragentById.get(c.typeCounteragentId)?.name;
    case "lastAction":
      return (c) => c.lastAction;
    case "howKnow":
      return (c) => (c.howKnowId ? store.howKnowById.get(c.howKnowId)?.name : undefined);
    case "node":
      return (c) => c.node;
    case "address":
      return (c) => c.address;
    case "email":
      return (c) => c.email;
    case "phones":
      return (c) => c.phones[0];
    default:
      return (c) => c.name;
  }
}

/** The default order (by name) is cached until a counteragent changes. */
const byNameCache = new WeakMap<Store, { version: number; sorted: Counteragent[] }>();
function sortedByName(store: Store): Counteragent[] {
  const cached = byNameCache.get(store);
  if (cached && cached.version === store.counteragentsVersion) return cached.sorted;
  const sorted = sortBy([...store.counteragents], (c) => c.name, false);
  byNameCache.set(store, { version: store.counteragentsVersion, sorted });
  return sorted;
}

function listCounteragents(ctx: RequestContext): Record<string, unknown> {
  const { store, query } = ctx;
  const page = parsePage(query);
  const sort = parseSort(query, COUNTERAGENT_SORT_FIELDS, { field: "name", descending: false });
  const text = query.text("filter")?.toLowerCase();
  const phoneQuery = query.text("phone");
  const phone = phoneQuery?.replace(/\D/g, "");
  if (phoneQuery !== undefined && phone === "") throw incorrectField("phone");
  const isBuyer = query.boolean("isBuyer");
  const isVendor = query.boolean("isVendor");
  const howKnowIds = query.array("howKnowIds");
  for (const id of howKnowIds ?? []) if (!store.howKnowById.has(id)) throw incorrectField("howKnowIds");
  const typeIds = query.array("typeCounteragentId");
  for (const id of typeIds ?? [])
    if (!store.typeCounteragentById.has(id)) throw incorrectField("typeCounteragentId");
  const dateCreate = query.dateRange("dateCreate");
  const lastAction = query.dateRange("lastAction");

  const base = sort.field === "name" && !sort.descending ? sortedByName(store) : store.counteragents;
  const matches = base.filter((c) => {
    if (isBuyer !== undefined && c.isBuyer !== isBuyer) return false;
    if (isVendor !== undefined && c.isVendor !== isVendor) return false;
    if (howKnowIds && !(c.howKnowId && howKnowIds.includes(c.howKnowId))) return false;
    if (typeIds && !typeIds.includes(c.typeCounteragentId)) return false;
    if (!inRange(c.dateCreate, dateCreate) || !inRange(c.lastAction, lastAction)) return false;
    if (phone !== undefined && !c.phones.some((p) => phoneMatches(p, phone))) return false;
    if (text !== undefined) {
      const haystack = `${c.name}\n${c.email}\n${c.address}\n${c.phones.join(" ")}`.toLowerCase();
      const digits = /^[\d\s()+-]+$/.test(text) ? text.replace(/\D/g, "") : "";
      if (!haystack.includes(text) && !(digits && c.phones.some((p) => phoneMatches(p, digits)))) {
        return false;
      }
    }
    return true;
  });
  const sorted =
    base === store.counteragents ? sortBy(matches, sortKey(store, sort.field), sort.descending) : matches;
  return pageEnvelope(sorted, page, (c) => counteragentView(store, c));
}

const customFields = z.array(z.object({ id: z.string(), value: z.unknown() }));
const counteragentSchema = z.object({
  name: z.string().trim().min(1),
  typeCounteragentId: z.string().min(1),
  isBuyer: z.boolean(),
  isVendor: z.boolean(),
  email: z.string().optional(),
  howKnowId: z.string().nullable().optional(),
  address: z.string().optional(),
  phones: z.array(z.string()).optional(),
  node: z.string().optional(),
  isSendSms: z.boolean().optional(),
  rating: z.union([z.literal(0), z.literal(-1), z.literal(1)]).optional(),
  customFields: customFields.optional(),
  isSendTelegram: z.boolean().optional(),
  isSendEmail: z.boolean().optional(),
});

/** Writes a checked create/change body into `target` (a new or an existing record). */
function write(store: Store, target: Counteragent, body: unknown, isNew: boolean): void {
  const input = parseBody(counteragentSchema, body);
  const type = store.typeCounteragentById.get(input.typeCounteragentId);
  if (!type) throw incorrectField("typeCounteragentId");
  if (input.howKnowId && !store.howKnowById.has(input.howKnowId)) throw incorrectField("howKnowId");
  const current = input.typeCounteragentId === target.typeCounteragentId ? target.customFields : [];
  const fields = applyCustomFields(
    type.fields,
    current,
    input.customFields ?? [],
    `counteragent type "${type.name}"`,
  );
  const now = store.now();
  Object.assign(target, {
    name: input.name,
    typeCounteragentId: type.id,
    isBuyer: input.isBuyer,
    isVendor: input.isVendor,
    customFields: fields,
    lastAction: now,
  });
  if (input.email !== undefined) target.email = input.email;
  if (input.howKnowId !== undefined) target.howKnowId = input.howKnowId;
  if (input.address !== undefined) target.address = input.address;
  if (input.phones !== undefined) target.phones = input.phones;
  if (input.node !== undefined) target.node = input.node;
  if (input.rating !== undefined) target.rating = input.rating;
  // Message channels default to false on create; a change keeps what is not sent.
  if (input.isSendSms !== undefined || isNew) target.isSendSms = input.isSendSms ?? false;
  if (input.isSendEmail !== undefined || isNew) target.isSendEmail = input.isSendEmail ?? false;
  if (input.isSendTelegram !== undefined || isNew) target.isSendTelegram = input.isSendTelegram ?? false;
}

export function counteragentRoutes(router: Router): void {
  router.add("GET", "/counteragents", listCounteragents);
  router.add("GET", "/counteragents/:id", ({ store, params }) => {
    const counteragent = store.counteragentById.get(params.id ?? "");
    if (!counteragent) throw notFound("Counteragent");
    return { data: counteragentView(store, counteragent) };
  });
  router.add("POST", "/counteragents", ({ store, body }) => {
    const now = store.now();
    const counteragent: Counteragent = {
      id: "",
      typeCounteragentId: "",
      name: "",
      phones: [],
      email: "",
      address: "",
      node: "",
      isBuyer: false,
      isVendor: false,
      isSendSms: false,
      isSendEmail: false,
      isSendTelegram: false,
      rating: 0,
      howKnowId: null,
      customFields: [],
      dateCreate: now,
      lastAction: now,
    };
    write(store, counteragent, body, true);
    counteragent.id = store.ids.hexId();
    store.addCounteragent(counteragent);
    return { data: counteragentView(store, counteragent) };
  });
  router.add("PATCH", "/counteragents/:id", ({ store, params, body }) => {
    const counteragent = store.counteragentById.get(params.id ?? "");
    if (!counteragent) throw notFound("Counteragent");
    // Check on a copy so a rejected change leaves the record untouched.
    const draft = { ...counteragent };
    write(store, draft, body, false);
    Object.assign(counteragent, draft);
    store.touchCounteragent(counteragent);
    return { data: counteragentView(store, counteragent) };
  });
}
