/**
 * What the intake remembers per clerk: the order type last picked (offered
 * first) and the workshop of the last order created (taken without a question
 * next time: most clerks repeat them all day).
 */
import type { BotContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";

const NAMESPACE = "intake";
const TTL_SECONDS = 90 * 24 * 60 * 60;

interface LastChoice {
  shopId?: string;
  typeId?: string;
}

const keyOf = (outer: BotContext) => `last.${outer.from?.id ?? 0}`;

/** Read through `external`: a replay sees what the first run saw. */
export function readLastChoice(run: DialogRun): Promise<LastChoice> {
  return run.dialog.external(async (outer: BotContext) => {
    const entries = outer.services.store.adapter<LastChoice>(NAMESPACE, { ttlSeconds: TTL_SECONDS });
    try {
      return (await entries.read(keyOf(outer))) ?? {};
    } catch {
      // A convenience only: the storage being down must not stop an intake.
      return {};
    }
  });
}

/** Keeps `choice` over what was remembered (the type at its pick; the workshop once an order is created). */
export function rememberLastChoice(run: DialogRun, choice: LastChoice): Promise<void> {
  return run.dialog.external(async (outer: BotContext) => {
    const entries = outer.services.store.adapter<LastChoice>(NAMESPACE, { ttlSeconds: TTL_SECONDS });
    try {
      const before = (await entries.read(keyOf(outer))) ?? {};
      await entries.write(keyOf(outer), { ...before, ...choice });
    } catch {
      // Only a convenience: the intake goes on.
    }
  });
}

/** The item with `id` first, the others in their order. */
export function lastFirst<T extends { id: string }>(items: readonly T[], id: string | undefined): T[] {
  const last = items.find((item) => item.id === id);
  return last ? [last, ...items.filter((item) => item !== last)] : [...items];
}
