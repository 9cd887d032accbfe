/** The employee the user linked with /me (issue 29.4), for the intake's defaults. */
import type { BotContext } from "../../context.ts";
import type { UserSettings } from "../../state/user-settings.ts";

/** The linked employee, or undefined when none is linked or the settings cannot be read. */
export function linkedEmployee(ctx: BotContext): Promise<UserSettings["employee"]> {
  return ctx.services.users
    .read(ctx.from?.id ?? 0)
    .then((settings) => settings.employee)
    .catch(() => undefined);
}
