/**
 * The client of a dialog (the intake, moving an order to another client): a
 * phone or a name is searched among the counteragents (see
 * client-search.ts); a found client is one tap. A new client (➕) is asked its
 * name (the search text offered in one tap when it reads as a name, never
 * digits), then its phone unless a whole phone was searched; when a phone
 * found nobody, the screen asks the name and the next text typed is it. A
 * searched number that is no whole phone of the shop's country
 * (`8 903 555-1-22`) is said so and asked again. The type is the default one
 * (first by sort: docs/decisions.md, "Order creation") and its required custom
 * fields are asked; phone, e-mail and address are the optional "client
 * details" group (askClientDetails).
 */

import { phoneForService } from "../../contract/phone.ts";
import type { DialogContext } from "../context.ts";
import { cutText, escapeHtml } from "../ui/text.ts";
import {
  type Answer,
  accept,
  ask,
  type DialogRun,
  indexButtons,
  type Parsed,
  pickIndex,
  reject,
} from "./ask.ts";
import { askContact } from "./ask-contact.ts";
import { askCustomField, type FieldAnswer } from "./ask-custom-field.ts";
import {
  hasMore,
  MATCHES_SHOWN,
  type Match,
  nextScreen,
  type Search,
  searchClients,
} from "./client-search.ts";
import { defaultClientForm } from "./counteragent-type.ts";
import { withCurrent } from "./keep.ts";
import { phoneQuery } from "./parse.ts";
import { askText } from "./prompts.ts";
import { loadOrLeave } from "./service.ts";

/** The client a dialog settled on: one found, or a new one with what was asked of it (plain JSON). */
export type ClientChoice =
  | { kind: "existing"; id: string; name: string; phone?: string }
  | {
      kind: "new";
      name: string;
      phone?: string;
      email?: string;
      address?: string;
      typeId?: string;
      fields: FieldAnswer[];
    };

const NEW = "new";
const AGAIN = "again";
const MORE = "more";

type NewClient = Extract<ClientChoice, { kind: "new" }>;

/** What the clerk did at the list of matches. */
type Pick =
  | { kind: "client"; client: ClientChoice }
  | { kind: "new"; name?: string }
  | { kind: "again" }
  | { kind: "more" }
  /** Typed text instead of a button: a new search for it (a name or a phone). */
  | { kind: "search"; query: string };

export async function askClient(run: DialogRun, ctx: DialogContext): Promise<ClientChoice> {
  let query = await askQuery(run, ctx);
  let search: Search | undefined;
  for (;;) {
    if (query === "") return askNewClient(run, ctx, undefined);
    search ??= await searchClients(run, ctx, query);
    const pick = await pickClient(run, ctx, search);
    if (pick.kind === "client") return pick.client;
    if (pick.kind === "new") return askNewClient(run, ctx, search, pick.name);
    if (pick.kind === "more") {
      search = await nextScreen(run, ctx, search);
      continue;
    }
    query = pick.kind === "search" ? pick.query : await askQuery(run, ctx);
    search = undefined;
  }
}

/** A phone or a name to search for; "" when the clerk went straight to "new client". */
/** A client search takes 2 to 100 characters (new-client-query-bad says so). */
const QUERY_MIN = 2;
const QUERY_LIMIT = 100;

function queryText(a: Answer): Parsed<string> {
  if (a.kind === "button") return a.value === NEW ? accept("") : reject(a.ctx.t("dlg-use-buttons"));
  if (a.text.length < QUERY_MIN || a.text.length > QUERY_LIMIT)
    return reject(a.ctx.t("new-client-query-bad"));
  return accept(a.text);
}

function askQuery(run: DialogRun, ctx: DialogContext): Promise<string> {
  return ask<string>(run, ctx, {
    text: ctx.t("new-ask-client"),
    acceptsText: true,
    limit: QUERY_LIMIT,
    buttons: [[{ text: ctx.t("new-btn-new-client"), value: NEW }]],
    parse: queryText,
  });
}

function matchesText(ctx: DialogContext, search: Search): string {
  const query = escapeHtml(search.query);
  if (search.matches.length === 0) {
    if (search.failed) return ctx.t("new-client-search-failed", { query });
    return ctx.t(search.phone ? "new-client-none-phone" : "new-client-none", { query });
  }
  const shown = Math.min(MATCHES_SHOWN, search.matches.length - search.offset);
  return ctx.t("new-client-found", {
    query,
    found: search.total ?? search.matches.length,
    from: search.offset + 1,
    to: search.offset + shown,
  });
}

async function pickClient(run: DialogRun, ctx: DialogContext, search: Search): Promise<Pick> {
  const label = (m: Match) => cutText(m.phone ? `${m.name} · ${m.phone}` : m.name, 60);
  const screen = search.matches.slice(search.offset, search.offset + MATCHES_SHOWN);
  // A phone that found nobody: the client is new, and the next text is its name.
  const nameNext = search.phone !== undefined && search.matches.length === 0 && !search.failed;
  return ask<Pick>(run, ctx, {
    text: matchesText(ctx, search),
    // Typing here is the natural "search again": the text is the new query.
    acceptsText: true,
    // The longer of the two texts taken here: a new client's name (150) or a search (100).
    limit: nameNext ? 150 : QUERY_LIMIT,
    buttons: [
      ...indexButtons(screen, label),
      ...(hasMore(search) ? [[{ text: ctx.t("new-btn-more-clients"), value: MORE }]] : []),
      [
        { text: ctx.t("new-btn-new-client"), value: NEW },
        { text: ctx.t("new-btn-search-again"), value: AGAIN },
      ],
    ],
    parse: (a) => {
      if (a.kind === "text") {
        if (nameNext && phoneQuery(a.text) === undefined) {
          return a.text.length > 150
            ? reject(a.ctx.t("dlg-too-long-field", { limit: 150 }))
            : accept({ kind: "new", name: a.text });
        }
        const query = queryText(a);
        return query.ok ? accept({ kind: "search", query: query.value }) : query;
      }
      if (a.value === NEW) return accept({ kind: "new" });
      if (a.value === AGAIN) return accept({ kind: "again" });
      if (a.value === MORE)
        return hasMore(search) ? accept({ kind: "more" }) : reject(a.ctx.t("dlg-use-buttons"));
      const match = pickIndex(screen, a.value);
      return match
        ? accept({ kind: "client", client: { kind: "existing" as const, ...match } })
        : reject(a.ctx.t("dlg-use-buttons"));
    },
  });
}

/**
 * The new client: the name is always asked (the search text is a one-tap answer
 * only when it reads as a name), then the phone (a searched whole phone is
 * kept, as the "nobody found" screen said), then the type's required fields.
 * Every answer is given at its own prompt: none is taken silently from the
 * step before (issue 32.9: a search text became the name, the name the device).
 */
async function askNewClient(
  run: DialogRun,
  ctx: DialogContext,
  search: Search | undefined,
  typedName?: string,
): Promise<ClientChoice> {
  const offer = search && !search.phone && looksLikeName(search.query) ? search.query : undefined;
  const name = typedName ?? (await askClientName(run, ctx, offer));
  // A searched phone is kept when it is a whole number of the shop's country; else the phone is asked.
  const searched = search?.phone ? phoneOf(ctx, search.query) : undefined;
  const phone =
    searched ??
    (await askContact(run, ctx, "phone", {
      current: undefined,
      ask: "new-ask-client-phone",
      bad: "new-client-phone-bad",
      why: search?.phone
        ? ctx.t("new-client-searched-phone-bad", { query: escapeHtml(search.query) })
        : undefined,
    }));
  const { typeId, fields } = await askClientFields(run, ctx);
  return { kind: "new", name, phone, typeId, fields };
}

/** A search text that can be a person's or a company's name: letters, and no digits at all. */
function looksLikeName(text: string): boolean {
  return /\p{L}/u.test(text) && !/\d/.test(text);
}

const NAME_LIMIT = 150;
const OFFERED = "offered";

/** The new client's name: typed, or the offered search text in one tap; a phone typed here is refused. */
function askClientName(run: DialogRun, ctx: DialogContext, offer: string | undefined): Promise<string> {
  return ask<string>(run, ctx, {
    text: `${ctx.t("new-ask-client-name")}\n<i>${ctx.t("dlg-text-up-to", { max: NAME_LIMIT })}</i>`,
    acceptsText: true,
    limit: NAME_LIMIT,
    lookups: true,
    buttons: offer
      ? [[{ text: ctx.t("new-btn-offered-name", { name: cutText(offer, 60) }), value: OFFERED }]]
      : [],
    parse: (a) => {
      if (a.kind === "button")
        return a.value === OFFERED && offer ? accept(offer) : reject(a.ctx.t("dlg-use-buttons"));
      const text = a.text.trim();
      if (text === "") return reject(a.ctx.t("dlg-text-too-short", { min: 1 }));
      if ([...text].length > NAME_LIMIT) return reject(a.ctx.t("dlg-too-long-field", { limit: NAME_LIMIT }));
      // A phone here is the next step's answer given too early: the name is asked again.
      if (phoneQuery(text) !== undefined) return reject(a.ctx.t("new-client-name-is-phone"));
      return accept(text);
    },
  });
}

/** The optional group "client details" of a new client: phone, e-mail, address; Skip keeps what is there. */
export async function askClientDetails(
  run: DialogRun,
  ctx: DialogContext,
  client: NewClient,
): Promise<NewClient> {
  const phone =
    (await askContact(run, ctx, "phone", {
      current: client.phone,
      ask: "new-ask-client-phone",
      bad: "new-client-phone-bad",
    })) ?? client.phone;
  const email =
    (await askContact(run, ctx, "email", {
      current: client.email,
      ask: "new-ask-client-email",
      bad: "new-client-email-bad",
    })) ?? client.email;
  const address =
    (await askText(run, ctx, {
      prompt: withCurrent(ctx, ctx.t("new-ask-client-address"), client.address),
      skippable: true,
      max: 300,
    })) ?? client.address;
  return { ...client, phone, email, address };
}

/** The phone as the service keeps it, read as a number of the shop's country (PHONE_COUNTRY). */
const phoneOf = (ctx: DialogContext, text: string) => phoneForService(text, ctx.services.config.phoneCountry);

/** The default counteragent type's required fields (first by sort, else the first listed: docs/decisions.md). */
async function askClientFields(
  run: DialogRun,
  ctx: DialogContext,
): Promise<{ typeId?: string; fields: FieldAnswer[] }> {
  const form = await loadOrLeave(run, ctx, ({ reference }) => defaultClientForm(reference));
  const answers: FieldAnswer[] = [];
  for (const def of form.fields) {
    const answer = await askCustomField(run, ctx, def, { required: true });
    if (answer) answers.push(answer);
  }
  return { typeId: form.typeId, fields: answers };
}
