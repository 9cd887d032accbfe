/**
 * The client search of askClient (ask-client.ts), through the client reader: from the mirror
 * when it keeps the company's clients, else one request per page of up to 50
 * counteragents (`phone` when the text looks like a phone, else `filter`),
 * ranked so that exact surname matches come first (a filter for "Михайлов"
 * also finds every "…Михайлович"), shown eight at a time with an honest count
 * ("found 20, shown 1-8") and a "more" that pages through what was fetched
 * before it asks the service for the next page.
 */
import { clientReader } from "../clients/reader.ts";
import type { DialogContext } from "../context.ts";
import type { DialogRun } from "./ask.ts";
import { phoneQuery } from "./parse.ts";
import { serviceCall } from "./service.ts";

/** Buttons per screen. */
export const MATCHES_SHOWN = 8;
/** The interface's largest page: one request ranks as many as it can. */
const FETCHED = 50;

export interface Match {
  id: string;
  name: string;
  phone?: string;
}

export interface Search {
  query: string;
  /** Digits of the query when it reads as a phone. */
  phone?: string;
  /** Ranked within each fetched page, pages in order. */
  matches: Match[];
  /** What the service reported (absent when it did not count). */
  total?: number;
  /** Service pages fetched so far. */
  pages: number;
  /** The first match on screen. */
  offset: number;
  /** Whether the last request failed: the screen says so instead of "nobody found". */
  failed?: boolean;
}

const fold = (text: string) => text.toLocaleLowerCase("ru").replace(/ё/g, "е").trim();

/**
 * 0: the name starts with the query as whole words (the surname), 1: its first
 * word starts with the query (Михайлова for Михайлов), 2: another word is the
 * query, 3: anything else the service matched (a patronymic, a part of a
 * word). Stable within a rank.
 */
export function rankMatches(matches: readonly Match[], query: string): Match[] {
  const wanted = fold(query);
  const rank = (match: Match): number => {
    const name = fold(match.name);
    if (name === wanted || name.startsWith(`${wanted} `)) return 0;
    const words = name.split(/[\s,.«»"]+/).filter(Boolean);
    if (words[0]?.startsWith(wanted)) return 1;
    if (words.includes(wanted)) return 2;
    return 3;
  };
  return matches
    .map((match, index) => ({ match, index, rank: rank(match) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.match);
}

/** Whether the service has matches beyond the fetched pages. */
function moreToFetch(search: Search): boolean {
  if (search.failed) return false;
  if (search.total !== undefined) return search.matches.length < search.total;
  // Without a count, a full last page may have a successor.
  return search.matches.length === search.pages * FETCHED;
}

/** Whether "more" has anything to show. */
export function hasMore(search: Search): boolean {
  return search.offset + MATCHES_SHOWN < search.matches.length || moreToFetch(search);
}

/** The first page of a new search. */
export function searchClients(run: DialogRun, ctx: DialogContext, query: string): Promise<Search> {
  const phone = phoneQuery(query);
  return fetchPage(run, ctx, { query, phone, matches: [], pages: 0, offset: 0 });
}

/** The next screen: from what was fetched, else the next page of the service. */
export async function nextScreen(run: DialogRun, ctx: DialogContext, search: Search): Promise<Search> {
  const offset = search.offset + MATCHES_SHOWN;
  // A full screen from what was fetched, or the rest when the service has no more.
  const fetched = offset + MATCHES_SHOWN <= search.matches.length || !moreToFetch(search);
  if (fetched) return offset < search.matches.length ? { ...search, offset } : search;
  const next = await fetchPage(run, ctx, search);
  // Nothing new came (the list shrank meanwhile): stay where we are.
  return next.matches.length > search.matches.length
    ? { ...next, offset }
    : { ...next, offset: search.offset };
}

async function fetchPage(run: DialogRun, ctx: DialogContext, search: Search): Promise<Search> {
  const page = search.pages + 1;
  const result = await serviceCall(run, async (services) => {
    const found = await clientReader(services).page(
      { text: search.query, phone: search.phone },
      { page, pageSize: FETCHED },
    );
    return {
      total: found.total,
      items: found.items.map((c): Match => ({ id: c.id, name: c.name ?? c.id, phone: c.phones?.[0] })),
    };
  });
  if (!result.ok) {
    // The search failed (quota, network): say so and let the clerk try again or add a new client.
    await ctx.reply(result.message);
    return { ...search, failed: true };
  }
  const known = new Set(search.matches.map((m) => m.id));
  const fresh = result.value.items.filter((m) => !known.has(m.id));
  const ranked = search.phone ? fresh : rankMatches(fresh, search.query);
  const { failed: _, ...rest } = search;
  return {
    ...rest,
    matches: [...search.matches, ...ranked],
    total: result.value.total ?? search.total,
    pages: page,
  };
}
