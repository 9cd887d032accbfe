/**
 * Per-user settings of the mirror's features, in the bot's store
 * under the Telegram user id: the employee record the user linked with `/me`,
 * which notifications they want (`/notify`), the orders they watch (🔔 on the
 * card), and whether Telegram said they blocked the bot (then nothing is sent
 * until they write again; the settings stay). Read through zod: anything else
 * under a key reads as the defaults.
 */
import { z } from "zod";
import { asLocale } from "../i18n.ts";
import { persisted } from "../store/registry.ts";
import type { Store } from "../store/storage.ts";

export const NOTIFY_KINDS = ["assigned", "status", "ready", "digest"] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];
/** Orders one user may watch; the oldest watch goes when a new one would pass it. */
export const MAX_WATCHED = 100;

const settingsSchema = z.object({
  employee: z.object({ id: z.string().min(1), name: z.string() }).optional(),
  // Quiet by default: only "assigned to me", and that only once linked.
  notify: z
    .object({
      assigned: z.boolean().default(true),
      status: z.boolean().default(false),
      ready: z.boolean().default(false),
      digest: z.boolean().default(false),
      /** The evening report (owners only: the toggle is shown to them, the sender re-checks); absent: off. */
      evening: z.boolean().optional(),
    })
    .default({ assigned: true, status: false, ready: false, digest: false }),
  watch: z.array(z.string()).max(MAX_WATCHED).default([]),
  blocked: z.boolean().default(false),
  /** The language the user last spoke with the bot (a notification has no update to negotiate it from). */
  locale: z.enum(["ru", "en"]).optional(),
});
export type UserSettings = z.infer<typeof settingsSchema>;

export interface UserSettingsStore {
  read(userId: number): Promise<UserSettings>;
  /** Reads, changes and writes back; returns what was written. */
  update(userId: number, change: (settings: UserSettings) => void): Promise<UserSettings>;
  /** As update, from an update of this user: their language is kept for the notifications. */
  updateFrom(
    ctx: { from?: { id: number }; i18n: { getLocale(): Promise<string> } },
    change: (settings: UserSettings) => void,
  ): Promise<UserSettings>;
}

/** Under the Telegram user id. A store that fails says so (the user is told its reason). */
const userSettings = persisted({
  namespace: "mirror-users",
  schema: settingsSchema,
  whenStoreFails: "throw",
});

export function createUserSettings(store: Store): UserSettingsStore {
  const entries = store.open(userSettings);
  const read = async (userId: number): Promise<UserSettings> =>
    (await entries.read(String(userId))) ?? settingsSchema.parse({});
  // One step in the store: two toggles at once both land.
  const update = async (userId: number, change: (settings: UserSettings) => void) => {
    let settings = settingsSchema.parse({});
    await entries.update(String(userId), (current) => {
      settings = structuredClone(current ?? settingsSchema.parse({}));
      change(settings);
      return settings;
    });
    return settings;
  };
  return {
    read,
    update,
    async updateFrom(ctx, change) {
      const locale = asLocale(await ctx.i18n.getLocale());
      return update(ctx.from?.id ?? 0, (settings) => {
        settings.locale = locale;
        change(settings);
      });
    },
  };
}
