/**
 * Who holds which employee record: an employee is linked to one Telegram user
 * at a time (their notifications go to that user alone). Kept in the bot's
 * store under the employee id, next to each user's own link in their settings;
 * an entry whose user no longer names that employee (they moved on or removed
 * the link) holds nothing.
 */
import { z } from "zod";
import type { Store } from "../storage.ts";
import type { UserSettingsStore } from "./user-settings.ts";

export const EMPLOYEE_LINKS_NAMESPACE = "employee-links";

const holderSchema = z.object({ userId: z.number(), name: z.string() });
export type LinkHolder = z.infer<typeof holderSchema>;

export interface EmployeeLinks {
  /** The user holding this employee now, if any. */
  holderOf(employeeId: string): Promise<LinkHolder | undefined>;
  /** Records `holder` as the employee's user (the caller has checked that no one else holds it). */
  take(employeeId: string, holder: LinkHolder): Promise<void>;
  /** Frees the employee: the holder's link is removed too. Returns who held it. */
  release(employeeId: string): Promise<LinkHolder | undefined>;
}

export function createEmployeeLinks(store: Store, users: UserSettingsStore): EmployeeLinks {
  const adapter = store.adapter<unknown>(EMPLOYEE_LINKS_NAMESPACE);
  const holderOf = async (employeeId: string): Promise<LinkHolder | undefined> => {
    const parsed = holderSchema.safeParse(await adapter.read(employeeId));
    if (!parsed.success) return undefined;
    const settings = await users.read(parsed.data.userId);
    return settings.employee?.id === employeeId ? parsed.data : undefined;
  };
  return {
    holderOf,
    async take(employeeId, holder) {
      await adapter.write(employeeId, holder);
    },
    async release(employeeId) {
      const holder = await holderOf(employeeId);
      if (holder)
        await users.update(holder.userId, (s) => {
          if (s.employee?.id === employeeId) s.employee = undefined;
        });
      await adapter.delete(employeeId);
      return holder;
    },
  };
}

/** How a holder is named to others: their Telegram name and @username, as Telegram showed them when they linked. */
export function holderName(from: { first_name: string; last_name?: string; username?: string }): string {
  const name = [from.first_name, from.last_name].filter(Boolean).join(" ");
  return from.username ? `${name} (@${from.username})` : name;
}
