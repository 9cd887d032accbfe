/**
 * Everything of the dialogs in the order it must run: the conversations plugin
 * (with `/cancel` for when no dialog is active), then each dialog's feature.
 * createBot mounts this at its step 7, before the core features, so
 * `/status <number>` reaches the status-change dialog before the core's `/status`.
 */
import { Composer } from "grammy";
import type { Logger } from "../../logger.ts";
import type { BotContext, BotServices } from "../context.ts";
import { chatlessButtons } from "../features/chatless-buttons.ts";
import { orderActionsFeature } from "../features/order-actions/index.ts";
import { orderCreateFeature } from "../features/order-create/index.ts";
import { staffFeature } from "../features/staff.ts";
import { statusChangeFeature } from "../features/status-change/index.ts";
import { dialogsMiddleware } from "./enter.ts";

export { dialogCardActions } from "../features/order-actions/index.ts";

export function dialogsFeature(services: BotServices, logger: Logger): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  // First: a button with no chat to answer in gets one clear answer (features would fail on it).
  composer.use(chatlessButtons);
  composer.use(dialogsMiddleware(services, logger));
  composer.use(orderCreateFeature);
  composer.use(statusChangeFeature);
  composer.use(orderActionsFeature);
  composer.use(staffFeature);
  return composer;
}
