/**
 * What the intake remembers per clerk: the order type last picked (offered
 * first) and the workshop of the last order created (taken without a question
 * next time: most clerks repeat them all day).
 */
import { z } from "zod";
import type { BotContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import { persisted } from "../../store/registry.ts";
import type { Store } from "../../store/storage.ts";

const lastChoice = z.object({ shopId: z.string().optional(), typeId: z.string().optional() });
type LastChoice = z.infer<typeof lastChoice>;

/** Per clerk ("last.<user id>"), for 90 days; a convenience: a store that fails never stops an intake. */
const lastChoices = persisted({
  namespace: "intake",
  schema: lastChoice,
  ttlSeconds: 90 * 24 * 60 * 60,
  whenStoreFails: "skip",
});

const keyOf = (userId: number) => `last.${userId}`;

/** Read through `external`: a replay sees what the first run saw. */
export function readLastChoice(run: DialogRun): Promise<LastChoice> {
  return run.dialog.external((outer: BotContext) => lastChoiceOf(outer.services.store, outer.from?.id ?? 0));
}

/** Keeps `choice` over what was remembered (the type at its pick; the workshop once an order is created). */
export function rememberLastChoice(run: DialogRun, choice: LastChoice): Promise<void> {
  return run.dialog.external((outer: BotContext) =>
    rememberChoice(outer.services.store, outer.from?.id ?? 0, choice),
  );
}

/** The clerk's remembered choice outside a dialog (the Mini App's form starts from it too). */
export async function lastChoiceOf(store: Store, userId: number): Promise<LastChoice> {
  return (await store.open(lastChoices).read(keyOf(userId))) ?? {};
}

export async function rememberChoice(store: Store, userId: number, choice: LastChoice): Promise<void> {
  const entries = store.open(lastChoices);
  const before = (await entries.read(keyOf(userId))) ?? {};
  await entries.write(keyOf(userId), { ...before, ...choice });
}

/** The item with `id` first, the others in their order. */
export function lastFirst<T extends { id: string }>(items: readonly T[], id: string | undefined): T[] {
  const last = items.find((item) => item.id === id);
  return last ? [last, ...items.filter((item) => item !== last)] : [...items];
}
