/**
 * The service's status groups and what "done" and "overdue" mean: the one copy the bot's
 * readers, cards, lists, digests and stuck orders, the mirror's lists and the sandbox's
 * `isDeadline` filter follow. An order is done when it is finished (ready, waiting for its
 * owner) or closed (handed over), and an order past its deadline is overdue unless it is done.
 *
 * Done is told by either sign: the status group (`status.type` of the record, else the cached
 * statuses) or a readiness or hand-over date (full records carry them, list records of the older
 * shape carry neither a group nor the dates). The service's `isDeadline` filter and the mirror's
 * SQL (mirror/db-search.ts) see the group alone, with these same groups.
 */

/** The groups' keys (`status.type` on records, `group` on GET /statuses). */
export const STATUS_GROUPS = ["new", "inWork", "wait", "finish", "closed"] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];

/** Ready: still open, waiting for the hand-over. */
export const READY_GROUP = "finish" satisfies StatusGroup;
/** Handed over (or returned): the order is no longer open. */
export const CLOSED_GROUP = "closed" satisfies StatusGroup;
/** The groups of a done order, in SQL and sets alike. */
export const DONE_GROUPS: readonly StatusGroup[] = [READY_GROUP, CLOSED_GROUP];

/** What the rule reads of an order (a record of the service, the sandbox's view, the mirror's copy). */
export interface DatedOrder {
  deadline?: Date | undefined;
  dateFinish?: Date | undefined;
  dateClose?: Date | undefined;
  status?: { type?: string | undefined } | undefined;
}

/** The statuses a caller knows: by id, their group (the mirror's learned map, or GET /statuses' list). */
export type KnownGroups = ReadonlyMap<string, string> | readonly { id: string; group?: string | undefined }[];

/**
 * The group of an order's status: the record's own (`status.type`, on records of the 2026
 * shape), else what the known statuses say of its id; undefined when neither tells.
 */
export function statusGroupOf(
  order: { status?: { id?: string | undefined; type?: unknown } | undefined },
  known?: KnownGroups,
): string | undefined {
  const type = order.status?.type;
  if (typeof type === "string" && type !== "") return type;
  const id = order.status?.id;
  if (id === undefined || known === undefined) return undefined;
  if (known instanceof Map) return known.get(id);
  return (
    (known as Exclude<KnownGroups, ReadonlyMap<string, string>>).find((s) => s.id === id)?.group ?? undefined
  );
}

export function isStatusGroup(group: string | undefined): group is StatusGroup {
  return (STATUS_GROUPS as readonly string[]).includes(group ?? "");
}

/** Whether a group is one of a done order (an unknown group is not). */
export function isDoneGroup(group: string | undefined): boolean {
  return (DONE_GROUPS as readonly string[]).includes(group ?? "");
}

/** Finished or closed: its group (`group` when the caller knows it, else the record's) or its dates say so. */
export function isDone(order: DatedOrder, group?: string): boolean {
  if (isDoneGroup(group ?? order.status?.type)) return true;
  return Boolean(order.dateFinish) || Boolean(order.dateClose);
}

/** Past its deadline at `now` and not done. */
export function isOverdue(order: DatedOrder, now: Date | number, group?: string): boolean {
  const deadline = order.deadline?.getTime();
  return deadline !== undefined && deadline < new Date(now).getTime() && !isDone(order, group);
}
