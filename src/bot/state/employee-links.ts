/**
 * Who holds which employee record: an employee is linked to one Telegram user
 * at a time (their notifications go to that user alone). Kept in the bot's
 * store under the employee id, next to each user's own link in their settings;
 * an entry whose user no longer names that employee (they moved on or removed
 * the link) holds nothing. A link kept only in a user's settings, with no
 * entry, still holds the employee, named by the user's Telegram id; taking or
 * releasing an employee clears it from every other configured user, so two
 * users never share one.
 */
import { z } from "zod";
import { persisted } from "../store/registry.ts";
import type { Store } from "../store/storage.ts";
import type { UserSettingsStore } from "./user-settings.ts";

const holderSchema = z.object({ userId: z.number(), name: z.string() });
type LinkHolder = z.infer<typeof holderSchema>;

/** The user holding each employee, under the employee id. */
const employeeLinks = persisted({
  namespace: "employee-links",
  schema: holderSchema,
  whenStoreFails: "throw",
});

interface EmployeeLinks {
  /** The user holding this employee now, if any. */
  holderOf(employeeId: string): Promise<LinkHolder | undefined>;
  /** Records `holder` as the employee's user (the caller has checked that no one else holds it). */
  take(employeeId: string, holder: LinkHolder): Promise<void>;
  /** Frees the employee: the holder's link is removed too. Returns who held it. */
  release(employeeId: string): Promise<LinkHolder | undefined>;
}

/** `staff`: the configured users (OWNER_IDS, OPERATOR_IDS, VIEWER_IDS), whose settings may name an employee. */
export function createEmployeeLinks(
  store: Store,
  users: UserSettingsStore,
  staff: readonly number[],
): EmployeeLinks {
  const adapter = store.open(employeeLinks);
  // Each user's linked employee, read once for one answer (a /me list asks for many employees).
  const linked = new Map<number, Promise<string | undefined>>();
  const linkOf = (userId: number): Promise<string | undefined> => {
    let read = linked.get(userId);
    if (!read) {
      read = users.read(userId).then((settings) => settings.employee?.id);
      linked.set(userId, read);
    }
    return read;
  };
  /** The configured users whose settings name this employee. */
  const namedBy = async (employeeId: string): Promise<number[]> => {
    const found: number[] = [];
    for (const userId of staff) if ((await linkOf(userId)) === employeeId) found.push(userId);
    return found;
  };
  const holderOf = async (employeeId: string): Promise<LinkHolder | undefined> => {
    const entry = await adapter.read(employeeId);
    if (entry && (await linkOf(entry.userId)) === employeeId) return entry;
    // No entry that holds: a link kept only in settings still counts.
    const [userId] = await namedBy(employeeId);
    return userId === undefined ? undefined : { userId, name: String(userId) };
  };
  /** Removes the employee from the settings of every user but `keep`. */
  const clearOthers = async (employeeId: string, keep: number | undefined) => {
    for (const userId of await namedBy(employeeId)) {
      if (userId === keep) continue;
      await users.update(userId, (s) => {
        if (s.employee?.id === employeeId) s.employee = undefined;
      });
    }
  };
  return {
    holderOf,
    async take(employeeId, holder) {
      linked.clear();
      await adapter.write(employeeId, holder);
      await clearOthers(employeeId, holder.userId);
      linked.clear();
    },
    async release(employeeId) {
      linked.clear();
      const holder = await holderOf(employeeId);
      if (holder)
        await users.update(holder.userId, (s) => {
          if (s.employee?.id === employeeId) s.employee = undefined;
        });
      linked.clear();
      await clearOthers(employeeId, undefined);
      await adapter.delete(employeeId);
      linked.clear();
      return holder;
    },
  };
}

/** How a holder is named to others: their Telegram name and @username, as Telegram showed them when they linked. */
export function holderName(from: { first_name: string; last_name?: string; username?: string }): string {
  const name = [from.first_name, from.last_name].filter(Boolean).join(" ");
  return from.username ? `${name} (@${from.username})` : name;
}
