/**
 * `/new` (operators): the intake. The main path asks only what an order needs
 * and a clerk always knows: workshop (when there is a choice), order type,
 * client, device type, faults, and the required custom fields; then the
 * summary, whose buttons open the optional groups (groups.ts), Edit a part of
 * the main path, and Create, which creates the order once (see confirm.ts) and
 * answers with its card. 📥 Take in under a client's repair request opens it
 * with the client, device and fault filled in (take-in.ts); after the create, the
 * linked client's receipt and the requester's "taken in" follow (after-create.ts).
 */
import { createConversation } from "@grammyjs/conversations";
import type { BotContext, DialogContext } from "../../context.ts";
import { type Dialog, type DialogRun, now, startRun } from "../../dialog-kit/ask.ts";
import { askClient } from "../../dialog-kit/ask-client.ts";
import { enterDialog } from "../../dialog-kit/enter.ts";
import { textLines } from "../../dialog-kit/parse.ts";
import { writeFailureText } from "../../dialog-kit/save.ts";
import { serviceCall } from "../../dialog-kit/service.ts";
import { Composer } from "../../middleware/composer.ts";
import { miniAppButton } from "../../ui/mini-app-button.ts";
import { escapeHtml } from "../../ui/text.ts";
import { afterCreate } from "./after-create.ts";
import { askRequiredFields } from "./ask-custom-fields.ts";
import { askDeviceType, askProblem, learnDeviceType } from "./ask-device.ts";
import { clerkAsManager } from "./ask-master.ts";
import { askOrderType } from "./ask-order-type.ts";
import { startShop } from "./ask-shop.ts";
import { createOnce, keepForReceipt, showCreated } from "./confirm.ts";
import type { Draft } from "./draft.ts";
import { askGroup, groupsFor, type Offer } from "./groups.ts";
import { readLastChoice, rememberLastChoice } from "./memory.ts";
import { askSummary, editDraft } from "./summary.ts";
import { CREATE_ORDER, type IntakePrefill, takeInFeature } from "./take-in.ts";

async function createOrderDialog(dialog: Dialog, ctx: DialogContext, prefill?: IntakePrefill): Promise<void> {
  const run = await startRun(dialog);
  // The whole form on one screen instead (MINI_APP_URL, private chats).
  const form = miniAppButton(ctx, ctx.t("ma-btn-form"), "new");
  await ctx.reply(ctx.t("new-intro"), form && { reply_markup: { inline_keyboard: [[form]] } });
  // A client's repair request (📥 Take in): its client, device and fault stand; the summary shows them.
  if (prefill) await ctx.reply(ctx.t("new-from-request", { when: prefill.when }));
  const last = await readLastChoice(run);
  const before = run.seq;
  const { shop, several: shopAsked } = await startShop(run, ctx, last.shopId);
  // Taken without a question (remembered): said once, ✏️ Edit changes it.
  if (shopAsked && run.seq === before)
    await ctx.reply(ctx.t("new-shop-remembered", { shop: escapeHtml(shop.name) }));
  const type = await askOrderType(run, ctx, last.typeId);
  await rememberLastChoice(run, { typeId: type.id });
  const client = prefill?.client ?? (await askClient(run, ctx));
  const typeDevice = prefill?.device ?? (await askDeviceType(run, ctx));
  const problem = prefill ? textLines(prefill.fault) : await askProblem(run, ctx);
  const fields = await askRequiredFields(run, ctx, type);
  const manager = await clerkAsManager(run, shop.id);
  const draft: Draft = {
    shop,
    type,
    client,
    device: { typeDevice, problem },
    manager,
    isUrgent: false,
    fields,
  };

  let error: string | undefined;
  let offered: Offered | undefined;
  for (;;) {
    offered = await offerFor(run, ctx, draft, offered);
    const { offer } = offered;
    const groups = groupsFor(draft, offer);
    const action = await askSummary(run, ctx, draft, groups, error);
    if (action.kind === "group") {
      await askGroup(run, ctx, draft, action.group);
      continue;
    }
    if (action.kind === "all") {
      for (const group of groups) await askGroup(run, ctx, draft, group);
      continue;
    }
    if (action.kind === "edit") {
      await editDraft(run, ctx, draft, { shopAsked, requiredFields: offer.requiredFields, groups });
      continue;
    }
    const result = await createOnce(run, draft);
    if (result.kind === "refused") return;
    if (result.kind === "created" || result.kind === "created-no-card") {
      await learnDeviceType(run, draft.device.typeDevice);
      // What the order was created with is what the next intake starts from (an edited workshop too).
      await rememberLastChoice(run, { shopId: draft.shop.id, typeId: draft.type.id });
      if (result.kind === "created") await keepForReceipt(run, result.order);
      await showCreated(ctx, result);
      // The client's receipt in Telegram after the clerk's card (a linked client's; issue 36.4), and
      // the requester told the number (issue 36.5).
      await afterCreate(run, result, draft, prefill?.requestId);
      return;
    }
    // Everything collected stays; the summary comes back with the error and a Retry button.
    error = writeFailureText(ctx, result);
  }
}

type SummaryOffer = Offer & { requiredFields: boolean };

/** What the summary offers for an order type; `failedAt` (Unix ms) when the service could not say. */
interface Offered {
  typeId: string;
  offer: SummaryOffer;
  failedAt?: number;
}

/** A data the service could not give is asked for again after this long, not at every return to the summary. */
const OFFER_RETRY_MS = 60 * 1000;

/**
 * The offer for the draft's order type: known, kept (no request); another type, or
 * a failure a while ago, asked for (cached data once warm: no request either).
 */
async function offerFor(
  run: DialogRun,
  ctx: DialogContext,
  draft: Draft,
  offered: Offered | undefined,
): Promise<Offered> {
  if (offered?.typeId === draft.type.id) {
    if (offered.failedAt === undefined) return offered;
    if ((await now(run, ctx)) - offered.failedAt < OFFER_RETRY_MS) return offered;
  }
  const offer = await offerOf(run, draft);
  if (offer) return { typeId: draft.type.id, offer };
  return {
    typeId: draft.type.id,
    offer: { sources: false, optionalFields: false, requiredFields: false },
    failedAt: await now(run, ctx),
  };
}

/**
 * Which optional groups the service's data allows (cached reference data: no
 * request once warm). Optional details must not stand between the clerk and
 * Create: when the data cannot be had now (undefined), their groups are left out for now.
 */
async function offerOf(run: DialogRun, draft: Draft): Promise<SummaryOffer | undefined> {
  const offer = await serviceCall(run, async ({ reference }) => {
    const defs = await reference.orderTypeFields(draft.type.id);
    const sources = await reference.howKnows();
    return {
      sources: sources.length > 0,
      optionalFields: defs.some((d) => !d.required),
      requiredFields: defs.some((d) => d.required),
    };
  });
  return offer.ok ? offer.value : undefined;
}

export const orderCreateFeature = new Composer<BotContext>();
orderCreateFeature.use(createConversation<BotContext, DialogContext>(createOrderDialog, CREATE_ORDER));
// 📥 Take in under a client's repair request: this intake, filled in.
orderCreateFeature.use(takeInFeature);
orderCreateFeature.command("new", (ctx) => enterDialog(ctx, CREATE_ORDER));
