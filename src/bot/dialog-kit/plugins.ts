/**
 * The seam for dialogs (conversations v2). A dialog's contexts are built from
 * scratch on every replay: they pass through no middleware and see no session.
 * So everything a dialog needs is installed by `dialogPlugins`, and the user's
 * locale is read from the outside context through `conversation.external`.
 *
 *   bot.use(conversations({ storage: dialogStorage(store, 1), plugins: dialogPlugins(services) }));
 *   bot.use(createConversation(createOrder, "create-order"));
 *
 * Inside a dialog: ctx.t (right locale), ctx.role, ctx.log, ctx.services, HTML and auto-retry
 * on ctx.api; before a write: `await conversation.external((outer) => ensureOperator(outer))`.
 */
import type {
  Conversation,
  ConversationData,
  ConversationKeyStorage,
  VersionedState,
} from "@grammyjs/conversations";
import type { Middleware } from "grammy";
import { z } from "zod";
import type { Logger } from "../../logger.ts";
import type { BaseContext, BotContext, BotServices, DialogContext } from "../context.ts";
import { pinLocale } from "../i18n.ts";
import type { DialogCount } from "../metrics/index.ts";
import { trackCallbackAnswers } from "../middleware/errors.ts";
import { roleOf } from "../policy/access.ts";
import { persisted } from "../store/registry.ts";
import type { Store } from "../store/storage.ts";
import { dialogApiPlugin } from "../telegram/api.ts";

/** The shape conversations v2 stores (VersionedState<ConversationData>), as far as replaying it relies on. */
const dialogState = z.object({
  version: z.tuple([z.number(), z.union([z.string(), z.number()])]),
  state: z.record(
    z.string(),
    z.array(
      z.object({
        args: z.string().optional(),
        replay: z.object({
          send: z.array(z.object({ payload: z.string() })),
          receive: z.array(z.object({ send: z.number(), returnValue: z.unknown() })),
        }),
        interrupts: z.array(z.number()),
      }),
    ),
  ),
}) as unknown as z.ZodType<VersionedState<ConversationData>>;

/**
 * One record per chat, written durably. A state that does not fit (`{}`, `null`, another
 * version's shape) is set aside and the chat goes on outside a dialog. A state the store
 * refuses is kept in this process and written again on the next update; the write still
 * throws, and `dialogsMiddleware` tells the user their answer is kept. A store that cannot
 * be read holds no dialog beyond what is kept (no copies: another instance may have moved
 * the dialog on).
 */
export const dialogStates = persisted({
  namespace: "dialogs",
  schema: dialogState,
  whenStoreFails: "tell",
  keep: { entries: 1000 },
  durable: true,
});
export const DIALOG_NAMESPACE = dialogStates.namespace;

/**
 * Persistent dialog state in the shared store (files or Redis), one record per chat (dialogStates).
 * Bump `version` whenever a dialog changes shape: old states are then dropped instead of replayed wrongly.
 */
export function dialogStorage(
  store: Store,
  version: number | string,
  count?: DialogCount,
): ConversationKeyStorage<BaseContext, ConversationData> {
  const adapter = store.open(dialogStates);
  return {
    type: "key",
    version,
    // The metrics' open dialogs (metrics/dialogs.ts) pass through the same calls.
    adapter: count ? count.counting(adapter) : adapter,
  };
}

/** The user's locale as the outside middleware negotiated it (session choice first). */
function readLocale(conversation: Conversation<BotContext, DialogContext>): Promise<string> {
  return conversation.external((outer: BotContext) => outer.i18n.getLocale());
}

/**
 * Default plugins for every dialog: core properties (role re-computed for every
 * step, so a revoked operator is noticed), i18n in the user's locale, the api
 * defaults (HTML messages) and auto-retry.
 * No throttler here (it would slow replayed steps: docs/decisions.md, "Telegram limits").
 */
export function dialogPlugins(services: BotServices, logger: Logger) {
  const i18n = services.i18n.middleware();
  const api = dialogApiPlugin<DialogContext>(services.metrics?.telegram);
  return async (
    conversation: Conversation<BotContext, DialogContext>,
  ): Promise<Middleware<DialogContext>[]> => {
    const locale = await readLocale(conversation);
    const core: Middleware<DialogContext> = (ctx, next) => {
      // Before the i18n plugin: ctx.t, getLocale() and so every date and amount use the chosen locale.
      pinLocale(ctx, locale);
      ctx.services = services;
      ctx.role = roleOf(ctx.from?.id, services.config);
      ctx.log = logger.child({ update_id: ctx.update.update_id, user: ctx.from?.id, dialog: true });
      // So the error boundary knows a press a dialog answered (it must not answer it twice).
      ctx.api.config.use(trackCallbackAnswers);
      return next();
    };
    return [core, i18n, api];
  };
}
