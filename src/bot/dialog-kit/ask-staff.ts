/**
 * A staff pick: the masters or managers of a workshop from the reference
 * cache (no request while it is fresh), as buttons, STAFF_PAGE to a page with
 * ◀ / ▶ between pages; a typed name picks the person it names (the whole name,
 * or a part only one person's name holds). The current person is marked "•".
 *
 *   const master = await askStaff(run, ctx, { role: "master", shopId });
 */
import type { DialogContext } from "../context.ts";
import { accept, ask, type Button, type DialogRun, type Parsed, pickIndex, reject, SKIP } from "./ask.ts";
import { loadOrLeave, loadOrSkip } from "./service.ts";

export type StaffRole = "master" | "manager";

export interface Staff {
  id: string;
  name: string;
}

/** People on one page of buttons. */
export const STAFF_PAGE = 8;
const PAGE = "p";

interface AskStaffOptions {
  role: StaffRole;
  shopId: string;
  /** The question (HTML); "Master:" / "Manager:" by default. */
  prompt?: string;
  /** Marked "•" among the buttons; ⏭ Skip (with `skippable`) and a list the service will not give keep it. */
  current?: Staff | undefined;
  skippable?: boolean;
  /**
   * A list the service will not give: "leave" ends the dialog with the reason
   * (the pick is the point of the dialog), "skip" says so and answers `current`.
   */
  unavailable?: "leave" | "skip";
  /** Said when the workshop has nobody in the role (a locale text); the answer is then undefined. */
  empty?: string;
}

/** The person picked; `current` on Skip or an unavailable list; undefined when nobody is listed. */
export async function askStaff(
  run: DialogRun,
  ctx: DialogContext,
  options: AskStaffOptions,
): Promise<Staff | undefined> {
  const { role, shopId, current } = options;
  const load = options.unavailable === "skip" ? loadOrSkip : loadOrLeave;
  const people = await load(run, ctx, async ({ reference }) =>
    (role === "master" ? await reference.masters(shopId) : await reference.managers(shopId)).map(
      (e): Staff => ({ id: e.id, name: e.name ?? e.id }),
    ),
  );
  if (people === undefined) return current;
  if (people.length === 0) {
    if (options.empty) await ctx.reply(options.empty);
    return undefined;
  }
  const label = (p: Staff) => (p.id === current?.id ? ctx.t("mark-current", { label: p.name }) : p.name);
  let page = 0;
  for (;;) {
    const answer = await ask<{ page: number } | { person: Staff | undefined }>(run, ctx, {
      text: options.prompt ?? ctx.t(`dlg-ask-${role}`),
      acceptsText: true,
      buttons: pageButtons(ctx, people, page, label, options.skippable === true),
      parse: (a): Parsed<{ page: number } | { person: Staff | undefined }> => {
        if (a.kind === "text") {
          const found = byName(people, a.text);
          return found ? accept({ person: found }) : reject(a.ctx.t("dlg-staff-unknown"));
        }
        if (a.value === SKIP && options.skippable) return accept({ person: current });
        const to = pageOf(a.value, people.length);
        if (to !== undefined) return accept({ page: to }, "…");
        const picked = pickIndex(people, a.value);
        return picked ? accept({ person: picked }) : reject(a.ctx.t("dlg-use-buttons"));
      },
    });
    if ("person" in answer) return answer.person;
    page = answer.page;
  }
}

function pageButtons(
  ctx: DialogContext,
  people: readonly Staff[],
  page: number,
  label: (p: Staff) => string,
  skippable: boolean,
): Button[][] {
  const first = page * STAFF_PAGE;
  const rows: Button[][] = people
    .slice(first, first + STAFF_PAGE)
    .map((p, i) => [{ text: label(p), value: String(first + i) }]);
  const nav: Button[] = [];
  if (page > 0) nav.push({ text: ctx.t("dlg-btn-back-page"), value: `${PAGE}${page - 1}` });
  if (first + STAFF_PAGE < people.length)
    nav.push({ text: ctx.t("dlg-btn-next-page"), value: `${PAGE}${page + 1}` });
  if (nav.length > 0) rows.push(nav);
  if (skippable) rows.push([{ text: ctx.t("dlg-btn-skip"), value: SKIP }]);
  return rows;
}

/** The page a ◀ / ▶ button names; undefined for other values and pages past the list. */
function pageOf(value: string, count: number): number | undefined {
  const match = /^p(0|[1-9]\d{0,2})$/.exec(value);
  if (!match) return undefined;
  const page = Number(match[1]);
  return page * STAFF_PAGE < count ? page : undefined;
}

/** The one person a typed name means: the whole name, else the only name holding the text. */
function byName(people: readonly Staff[], text: string): Staff | undefined {
  const wanted = text.toLowerCase();
  const exact = people.find((p) => p.name.toLowerCase() === wanted);
  if (exact) return exact;
  const partial = people.filter((p) => p.name.toLowerCase().includes(wanted));
  return partial.length === 1 ? partial[0] : undefined;
}
