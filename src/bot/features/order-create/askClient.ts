/**
 * Step 3. Client: a phone or a name is searched among the counteragents
 * (`phone` / `filter`, one request); matches become buttons, plus "new client".
 * A new client needs a name; phone, e-mail and address are optional; the type
 * is the default one (first by sort, decisions.md) and its required custom
 * fields are asked too.
 */
import type { DialogContext } from "../../context.ts";
import { accept, ask, type DialogRun, indexButtons, pickIndex, reject } from "../../dialog-kit/ask.ts";
import { phoneQuery } from "../../dialog-kit/parse.ts";
import { askText } from "../../dialog-kit/prompts.ts";
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

export async function askClient(run: DialogRun, ctx: DialogContext): Promise<ClientChoice> {
  for (;;) {
    const search = await searchClients(run, ctx);
    const choice = await pickClient(run, ctx, search);
    if (choice === AGAIN) continue;
    if (choice !== NEW) return choice;
    return askNewClient(run, ctx, search);
  }
}

async function searchClients(run: DialogRun, ctx: DialogContext): Promise<Search> {
  {
    const query = await ask<string>(run, ctx, {
      text: ctx.t("new-ask-client"),
      acceptsText: true,
      buttons: [[{ text: ctx.t("new-btn-new-client"), value: NEW }]],
      parse: (a) => {
        if (a.kind === "button") return a.value === NEW ? accept("") : reject(a.ctx.t("dlg-use-buttons"));
        if (a.text.length < 2 || a.text.length > 100) return reject(a.ctx.t("new-client-query-bad"));
        return accept(a.text);
      },
    });
    if (query === "") return { query, matches: [] };
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
}

async function pickClient(
  run: DialogRun,
  ctx: DialogContext,
  search: Search,
): Promise<ClientChoice | typeof NEW | typeof AGAIN> {
  if (search.query === "") return NEW;
  const label = (m: Match) => cutText(m.phone ? `${m.name} · ${m.phone}` : m.name, 60);
  const text =
    search.matches.length > 0
      ? ctx.t("new-client-matches", { query: escapeHtml(search.query), count: search.matches.length })
      : ctx.t("new-client-none", { query: escapeHtml(search.query) });
  return ask<ClientChoice | typeof NEW | typeof AGAIN>(run, ctx, {
    text,
    buttons: [
      ...indexButtons(search.matches, label),
      [
        { text: ctx.t("new-btn-new-client"), value: NEW },
        { text: ctx.t("new-btn-search-again"), value: AGAIN },
      ],
    ],
    parse: (a) => {
      if (a.kind !== "button") return reject(a.ctx.t("dlg-use-buttons"));
      if (a.value === NEW || a.value === AGAIN) return accept(a.value);
      const match = pickIndex(search.matches, a.value);
      return match ? accept({ kind: "existing" as const, ...match }) : reject(a.ctx.t("dlg-use-buttons"));
    },
  });
}

async function askNewClient(run: DialogRun, ctx: DialogContext, search: Search): Promise<ClientChoice> {
  const typed = search.query !== "" && !search.phone ? search.query : undefined;
  const name = typed ?? (await askText(run, ctx, ctx.t("new-ask-client-name"), { limit: 150 })) ?? "";
  const phone = search.phone
    ? search.query
    : await askText(run, ctx, ctx.t("new-ask-client-phone"), { skippable: true, limit: 40 });
  const email = await askText(run, ctx, ctx.t("new-ask-client-email"), { skippable: true, limit: 100 });
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

/** The default counteragent type's required fields (decisions.md: first by sort, else the first listed). */
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
