/**
 * The clients' writes as the dialogs call them, each a kind of the write core
 * (src/bot/writes/kinds/client-change.ts, client-create.ts, order-delete.ts;
 * the order's move is the orders' own change kind): exactly once, checked
 * after an unclear failure before anything is sent again, resolved at the
 * chat's next update after a crash; a failure told in plain words with
 * "Try again?" (dialog-kit's saveWithRetry).
 */
import type { Counteragent, Order } from "../../../service/index.ts";
import { clientName } from "../../clients/card.ts";
import { reviveClient } from "../../clients/reader.ts";
import type { BotContext, DialogContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import type { ClientChoice } from "../../dialog-kit/ask-client.ts";
import { saveWithRetry } from "../../dialog-kit/save.ts";
import { roleOf } from "../../policy/access.ts";
import { deviceText, orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import { clientChange, clientChecks, isConflict } from "../../writes/kinds/client-change.ts";
import { type CreatedClient, clientCreate, createdClientChecks } from "../../writes/kinds/client-create.ts";
import { baseOf, type CounteragentChange } from "../../writes/kinds/counteragent-patch.ts";
import { deleteChecks, orderDelete } from "../../writes/kinds/order-delete.ts";
import { markersOf } from "../../writes/markers.ts";
import { runWrite } from "../../writes/once.ts";
import { type ChangeResult, orderWriter } from "../../writes/order-writer.ts";
import { clientCardMessage } from "./card-view.ts";
import { mayDelete } from "./money.ts";

/**
 * ✅ Save of a client's fix: ONE read and ONE PATCH; the saved record (what the service answered,
 * else the fix), or the record as it now is and the fields someone else changed meanwhile (`conflict`).
 */
export async function saveClient(
  run: DialogRun,
  ctx: DialogContext,
  base: Counteragent,
  input: CounteragentChange,
  merged: Counteragent,
  typeId: string,
): Promise<{ record: Counteragent; conflict: string[] } | undefined> {
  const done = await saveWithRetry(
    run,
    ctx,
    () =>
      runWrite(run, {
        kind: clientChange,
        data: { clientId: base.id, title: clientName(base), input, base: baseOf(base, input), typeId },
        checks: clientChecks(input),
        local: merged,
      }),
    { failed: () => ctx.t("ce-failed") },
  );
  if (!done) return undefined;
  const conflict = isConflict(done.result) ? done.result.conflict : [];
  return { record: done.record ? reviveClient(done.record) : merged, conflict };
}

/** Not saved: another CRM user changed these fields meanwhile; the card as the service holds it now. */
export async function clientChanged(
  run: DialogRun,
  ctx: DialogContext,
  now: Counteragent,
  fields: readonly string[],
): Promise<void> {
  const card = await run.dialog.external(async (outer: BotContext) => {
    const message = await clientCardMessage(outer, now);
    return { text: message.text, keyboard: message.keyboard.inline_keyboard };
  });
  const names = [...new Set(fields.map(fieldLabel))].map((key) => ctx.t(key)).join(", ");
  await ctx.reply(`${ctx.t("ce-changed-meanwhile", { fields: names })}\n\n${card.text}`, {
    reply_markup: { inline_keyboard: card.keyboard },
  });
}

/** The summary's label of a PATCH field (`cf:<id>`: a custom field). */
function fieldLabel(key: string): string {
  if (key.startsWith("cf:")) return "ce-field-custom";
  const labels: Record<string, string> = {
    name: "ce-field-name",
    phones: "ce-field-phones",
    email: "ce-field-email",
    address: "ce-field-address",
    node: "ce-field-note",
    rating: "ce-field-rating",
    isBuyer: "ce-field-roles",
    isVendor: "ce-field-roles",
    howKnowId: "ce-field-source",
    typeCounteragentId: "ce-field-type",
  };
  return labels[key] ?? "ce-field-messages";
}

/** "Saved" with the client's card built from the saved record (no request). */
export async function clientSaved(run: DialogRun, ctx: DialogContext, saved: Counteragent): Promise<void> {
  const card = await run.dialog.external(async (outer: BotContext) => {
    const message = await clientCardMessage(outer, saved);
    return { text: message.text, keyboard: message.keyboard.inline_keyboard };
  });
  await ctx.reply(`${ctx.t("ce-saved", { name: escapeName(saved) })}\n\n${card.text}`, {
    reply_markup: { inline_keyboard: card.keyboard },
  });
}

const escapeName = (client: Counteragent) =>
  clientName(client).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A new client for an order to move to: ONE POST /counteragents. */
export async function createClient(
  run: DialogRun,
  ctx: DialogContext,
  choice: Extract<ClientChoice, { kind: "new" }>,
): Promise<CreatedClient | undefined> {
  if (!choice.typeId) {
    await ctx.reply(ctx.t("ce-no-type"));
    return undefined;
  }
  const input = {
    name: choice.name,
    typeCounteragentId: choice.typeId,
    isBuyer: true,
    isVendor: false,
    phones: choice.phone ? [choice.phone] : undefined,
    email: choice.email,
    address: choice.address,
    customFields:
      choice.fields.length > 0 ? choice.fields.map((f) => ({ id: f.id, value: f.value })) : undefined,
  };
  const done = await saveWithRetry(
    run,
    ctx,
    () => runWrite(run, { kind: clientCreate, data: { input }, checks: createdClientChecks(input) }),
    { failed: () => ctx.t("cc-failed") },
  );
  return done?.result;
}

/** The order moves to `client`: ONE PATCH /orders/{id} with `counteragentId`; the card shows the new client. */
export async function moveOrder(
  run: DialogRun,
  ctx: DialogContext,
  order: Order,
  client: { id: string; name: string; phones: string[] },
): Promise<Extract<ChangeResult, { kind: "done" }> | undefined> {
  const counteragent = { id: client.id, name: client.name, phones: client.phones };
  return saveWithRetry(run, ctx, () =>
    orderWriter.change(
      run,
      order,
      {
        fields: {
          input: { counteragentId: client.id },
          record: { counteragent },
          checks: [{ path: "counteragent.id", as: "id", value: client.id }],
          keys: ["counteragentId"],
        },
      },
      "client-move",
    ),
  );
}

/**
 * ONE DELETE /orders/{id}. An order with money taken: an owner only, checked again right before
 * the request. A service that refuses it (the API user lacks the grant) is told as such.
 */
export async function deleteOrder(run: DialogRun, ctx: DialogContext, order: Order): Promise<boolean> {
  // The money as the reader holds it now (no request: money may have been taken since the press)
  // and the role as configured now (a dialog may span hours).
  const refused = await run.dialog.external((outer: BotContext) => {
    const latest = outer.services.orders.held(order.id)?.order ?? order;
    return !mayDelete(latest, roleOf(outer.from?.id, outer.services.config));
  });
  if (refused) {
    await ctx.reply(ctx.t("od-owner-only"));
    return false;
  }
  // Once per order, whoever confirms (issue 33.10): two owners' Yes at the same moment send one DELETE.
  const key = `order-delete.${order.id}`;
  const busy = await run.dialog.external((outer: BotContext) => deleteInFlight(outer, key));
  if (busy) {
    await ctx.reply(ctx.t("od-busy", { order: escapeHtml(orderTitle(order)) }));
    return false;
  }
  const by = { id: ctx.from?.id ?? 0, name: authorOf(ctx) };
  const forbidden = ctx.t("err-forbidden");
  const done = await saveWithRetry(
    run,
    ctx,
    () =>
      runWrite(run, {
        kind: orderDelete,
        data: {
          orderId: order.id,
          title: orderTitle(order),
          shopId: order.shop?.id,
          client: order.counteragent?.name,
          device: deviceText(order),
          by,
        },
        checks: deleteChecks,
        key,
        local: order,
      }),
    {
      failed: (failure) => (failure.message === forbidden ? ctx.t("od-failed-grant") : ctx.t("od-failed")),
    },
  );
  return done !== undefined;
}

/**
 * Whether another confirmation's DELETE of this order is being sent now (a claim as long as one
 * request, across instances on Redis): a done delete is not (the core answers it with no request).
 */
async function deleteInFlight(outer: BotContext, key: string): Promise<boolean> {
  const { store, config } = outer.services;
  const marker = await Promise.resolve(markersOf(store).read(key)).catch(() => undefined);
  if (marker?.state === "done" || !store.claim) return false;
  return !(await store.claim(`write:${key}`, config.serviceTimeoutMs + 5_000));
}

/** Who deletes: the Telegram name (the bot's log of deletes shows it to owners). */
function authorOf(ctx: DialogContext): string {
  const from = ctx.from;
  const name = [from?.first_name, from?.last_name].filter(Boolean).join(" ").trim();
  return name || (from?.username ? `@${from.username}` : String(from?.id ?? "?"));
}
