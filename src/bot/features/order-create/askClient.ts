/**
 * Step 3. Client: a phone or a name is searched among the counteragents
 * (`phone` / `filter`, one request); matches become buttons, plus "new client";
 * text typed at the matches is a new search. A new client needs a name; phone
 * (validated, normalized: see dialog-kit/contact.ts), e-mail (validated) and
 * address are optional; the type
 * is the default one (first by sort: docs/decisions.md, "Order creation") and its required custom
 * fields are asked too.
 */
import type { DialogContext } from "../../context.ts";
import {
  type Answer,
  accept,
  ask,
  type DialogRun,
  indexButtons,
  type Parsed,
  pickIndex,
  reject,
} from "../../dialog-kit/ask.ts";
import { normalizeEmail, normalizePhone } from "../../dialog-kit/contact.ts";
import { phoneQuery } from "../../dialog-kit/parse.ts";
import { askText, SKIP } from "../../dialog-kit/prompts.ts";
import { loadOrLeave, serviceCall } from "../../dialog-kit/service.ts";
import { cutText, escapeHtml } from "../../ui/text.ts";
import { askField } from "./askField.ts";
import type { ClientChoice, FieldAnswer } from "./draft.ts";

const MATCHES_SHOWN = 8;
const NEW = "new";
const AGAIN = "again";

interface Match {
  id: string;
  name: string;
  phone?: string;
}

type Search = { query: string; phone?: string; matches: Match[] };

/** What the clerk did at the list of matches. */
type Pick =
  | { kind: "client"; client: ClientChoice }
  | { kind: "new" }
  | { kind: "again" }
  /** Typed text instead of a button: a new search for it (a name or a phone). */
  | { kind: "search"; query: string };

export async function askClient(run: DialogRun, ctx: DialogContext): Promise<ClientChoice> {
  let query = await askQuery(run, ctx);
  for (;;) {
    if (query === "") return askNewClient(run, ctx, { query, matches: [] });
    const search = await searchClients(run, ctx, query);
    const pick = await pickClient(run, ctx, search);
    if (pick.kind === "client") return pick.client;
    if (pick.kind === "new") return askNewClient(run, ctx, search);
    query = pick.kind === "search" ? pick.query : await askQuery(run, ctx);
  }
}

/** A phone or a name to search for; "" when the clerk went straight to "new client". */
function queryText(a: Answer): Parsed<string> {
  if (a.kind === "button") return a.value === NEW ? accept("") : reject(a.ctx.t("dlg-use-buttons"));
  if (a.text.length < 2 || a.text.length > 100) return reject(a.ctx.t("new-client-query-bad"));
  return accept(a.text);
}

function askQuery(run: DialogRun, ctx: DialogContext): Promise<string> {
  return ask<string>(run, ctx, {
    text: ctx.t("new-ask-client"),
    acceptsText: true,
    buttons: [[{ text: ctx.t("new-btn-new-client"), value: NEW }]],
    parse: queryText,
  });
}

/** One request: `phone` when the text looks like a phone, else `filter` (names). */
async function searchClients(run: DialogRun, ctx: DialogContext, query: string): Promise<Search> {
  const phone = phoneQuery(query);
  const result = await serviceCall(run, async ({ client }) => {
    const page = await client.counteragents.list({
      ...(phone ? { phone } : { filter: query }),
      page: 1,
      pageSize: MATCHES_SHOWN,
    });
    return page.items.map(
      (c): Match => ({ id: c.id, name: c.name ?? c.id, ...(c.phones?.[0] ? { phone: c.phones[0] } : {}) }),
    );
  });
  if (result.ok) return { query, ...(phone ? { phone } : {}), matches: result.value };
  // The search failed (quota, network): say so and let the clerk try again or add a new client.
  await ctx.reply(result.message, { parse_mode: "HTML" });
  return { query, ...(phone ? { phone } : {}), matches: [] };
}

async function pickClient(run: DialogRun, ctx: DialogContext, search: Search): Promise<Pick> {
  const label = (m: Match) => cutText(m.phone ? `${m.name} · ${m.phone}` : m.name, 60);
  const text =
    search.matches.length > 0
      ? ctx.t("new-client-matches", { query: escapeHtml(search.query), count: search.matches.length })
      : ctx.t("new-client-none", { query: escapeHtml(search.query) });
  return ask<Pick>(run, ctx, {
    text,
    // Typing here is the natural "search again": the text is the new query.
    acceptsText: true,
    buttons: [
      ...indexButtons(search.matches, label),
      [
        { text: ctx.t("new-btn-new-client"), value: NEW },
        { text: ctx.t("new-btn-search-again"), value: AGAIN },
      ],
    ],
    parse: (a) => {
      if (a.kind === "text") {
        const query = queryText(a);
        return query.ok ? accept({ kind: "search", query: query.value }) : query;
      }
      if (a.value === NEW) return accept({ kind: "new" });
      if (a.value === AGAIN) return accept({ kind: "again" });
      const match = pickIndex(search.matches, a.value);
      return match
        ? accept({ kind: "client", client: { kind: "existing" as const, ...match } })
        : reject(a.ctx.t("dlg-use-buttons"));
    },
  });
}

async function askNewClient(run: DialogRun, ctx: DialogContext, search: Search): Promise<ClientChoice> {
  const typed = search.query !== "" && !search.phone ? search.query : undefined;
  const name = typed ?? (await askText(run, ctx, ctx.t("new-ask-client-name"), { limit: 150 })) ?? "";
  // A searched phone is reused when it is a whole number; a part of one (5-9 digits) is asked in full.
  const searched = search.phone ? normalizePhone(search.query) : undefined;
  const phone = searched ?? (await askContact(run, ctx, "phone"));
  const email = await askContact(run, ctx, "email");
  const address = await askText(run, ctx, ctx.t("new-ask-client-address"), { skippable: true, limit: 300 });
  const { typeId, fields } = await askClientFields(run, ctx);
  return {
    kind: "new",
    name,
    ...(phone ? { phone } : {}),
    ...(email ? { email } : {}),
    ...(address ? { address } : {}),
    ...(typeId ? { typeId } : {}),
    fields,
  };
}

const CONTACT = {
  phone: { ask: "new-ask-client-phone", bad: "new-client-phone-bad", normalize: normalizePhone },
  email: { ask: "new-ask-client-email", bad: "new-client-email-bad", normalize: normalizeEmail },
} as const;

/** An optional phone or e-mail, validated (re-prompted until it reads as one) and normalized. */
function askContact(
  run: DialogRun,
  ctx: DialogContext,
  kind: keyof typeof CONTACT,
): Promise<string | undefined> {
  const { ask: question, bad, normalize } = CONTACT[kind];
  return ask<string | undefined>(run, ctx, {
    text: ctx.t(question),
    acceptsText: true,
    buttons: [[{ text: ctx.t("dlg-btn-skip"), value: SKIP }]],
    parse: (a) => {
      if (a.kind === "button")
        return a.value === SKIP ? accept(undefined) : reject(a.ctx.t("dlg-use-buttons"));
      const value = normalize(a.text);
      // The prompt shows what will be saved: the clerk sees how the phone was read.
      return value === undefined ? reject(a.ctx.t(bad)) : accept(value, escapeHtml(value));
    },
  });
}

/** The default counteragent type's required fields (first by sort, else the first listed: docs/decisions.md). */
async function askClientFields(
  run: DialogRun,
  ctx: DialogContext,
): Promise<{ typeId?: string; fields: FieldAnswer[] }> {
  const form = await loadOrLeave(run, ctx, async ({ reference }) => {
    const types = await reference.counteragentTypes();
    const sorted = [...types].sort(
      (a, b) => (a.sort ?? Number.MAX_SAFE_INTEGER) - (b.sort ?? Number.MAX_SAFE_INTEGER),
    );
    const type = sorted[0];
    if (!type) return { fields: [] };
    const fields = await reference.counteragentTypeFields(type.id);
    return { typeId: type.id, fields: fields.filter((field) => field.required) };
  });
  const answers: FieldAnswer[] = [];
  for (const def of form.fields) {
    const answer = await askField(run, ctx, def, { required: true });
    if (answer) answers.push(answer);
  }
  return { ...(form.typeId ? { typeId: form.typeId } : {}), fields: answers };
}
