/**
 * "Who am I": `/me` links the user's Telegram account to their
 * employee record, picked from the staff of the configured workshops (cached:
 * a request only when the cache is cold), changed or removed at any time. An
 * employee is linked to one user at a time: taking a held one is refused with
 * who holds it, and an operator may release it;
 * `/my` lists their open orders as master or manager, overdue first, in the
 * shared order list (from the mirror, else two requests: as master, as manager).
 */
import { InlineKeyboard } from "grammy";
import type { Employee } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import { callService } from "../crm/call.ts";
import { Composer } from "../middleware/composer.ts";
import { recipients } from "../notify/recipients.ts";
import type { ListQuery } from "../orders/list-query.ts";
import { canWrite, ensureOperator } from "../policy/access.ts";
import { createEmployeeLinks, holderName } from "../state/employee-links.ts";
import { meLink, meRelease } from "../ui/callbacks.ts";
import { tidyKeyboard } from "../ui/keyboard.ts";
import { editOrSame } from "../ui/messages.ts";
import { cutText, escapeHtml } from "../ui/text.ts";
import { type OrderListKind, showOrderList } from "./order-list.ts";

type MineQuery = Extract<ListQuery, { kind: "mine" }>;
const NO_LINK = "-";
/** Buttons of one /me answer; a longer staff is narrowed by a name (`/me Ив`). */
const MAX_PEOPLE = 30;

export const mineList: OrderListKind<MineQuery> = {
  heading: (ctx, _query, counts) => ctx.t("my-heading", counts),
  title: (ctx) => ctx.t("my-title"),
  deadlines: true,
  empty: async (ctx) => ctx.t("my-none"),
};

export const meFeature = new Composer<BotContext>();

meFeature.command("me", async (ctx) => {
  const filter = ctx.match.trim().slice(0, 100);
  const settings = await ctx.services.users.read(ctx.from?.id ?? 0);
  const outcome = await callService(ctx, () => workshopStaff(ctx));
  if (!outcome.ok) {
    await ctx.reply(outcome.message);
    return;
  }
  const wanted = filter.toLocaleLowerCase();
  const people = outcome.value.filter((e) => (e.name ?? "").toLocaleLowerCase().includes(wanted));
  const keyboard = new InlineKeyboard();
  const links = createEmployeeLinks(ctx.services.store, ctx.services.users, recipients(ctx.services.config));
  for (const person of people.slice(0, MAX_PEOPLE)) {
    if (!meLink.fits({ id: person.id })) continue;
    // Own link: "•"; someone else's: "🔒" (pressing it says whose).
    const mine = person.id === settings.employee?.id;
    const name = person.name ?? person.id;
    const label = mine
      ? ctx.t("mark-current", { label: name })
      : (await links.holderOf(person.id))
        ? ctx.t("mark-held", { label: name })
        : name;
    keyboard.text(cutText(label, 60), meLink.encode({ id: person.id })).row();
  }
  if (settings.employee) keyboard.text(ctx.t("me-btn-remove"), meLink.encode({ id: NO_LINK }));
  const current = settings.employee
    ? ctx.t("me-linked", { name: escapeHtml(settings.employee.name) })
    : ctx.t("me-not-linked");
  const more = people.length > MAX_PEOPLE ? `\n${ctx.t("me-narrow", { count: people.length })}` : "";
  const pick = people.length === 0 ? ctx.t("me-no-staff") : ctx.t("me-pick");
  await ctx.reply(`${current}\n${pick}${more}`, { reply_markup: tidyKeyboard(keyboard) });
});

meFeature.callbackQuery(meLink.filter, async (ctx) => {
  const id = meLink.decode(ctx.callbackQuery.data)?.id;
  if (!id) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  if (id === NO_LINK) {
    const linked = (await ctx.services.users.read(ctx.from.id)).employee;
    if (linked)
      await createEmployeeLinks(
        ctx.services.store,
        ctx.services.users,
        recipients(ctx.services.config),
      ).release(linked.id);
    await ctx.services.users.updateFrom(ctx, (s) => {
      s.employee = undefined;
    });
    await ctx.answerCallbackQuery();
    await editOrSame(ctx, ctx.t("me-removed"));
    return;
  }
  const outcome = await callService(ctx, () => workshopStaff(ctx));
  // Only a person of the configured workshops' staff (a forged or an old button reads as stale).
  const person = outcome.ok ? outcome.value.find((e) => e.id === id) : undefined;
  if (!person) {
    await ctx.answerCallbackQuery({ text: ctx.t(outcome.ok ? "stale-button" : "me-failed") });
    return;
  }
  const name = person.name ?? person.id;
  const links = createEmployeeLinks(ctx.services.store, ctx.services.users, recipients(ctx.services.config));
  const holder = await links.holderOf(person.id);
  if (holder && holder.userId !== ctx.from.id) {
    await ctx.answerCallbackQuery();
    const taken = ctx.t("me-taken", { name: escapeHtml(name), holder: escapeHtml(holder.name) });
    // Operators may free it (a phone changed hands, someone left); others ask an operator.
    const release = new InlineKeyboard().text(ctx.t("me-btn-release"), meRelease.encode({ id: person.id }));
    if (canWrite(ctx.role) && meRelease.fits({ id: person.id }))
      await ctx.reply(taken, { reply_markup: release });
    else await ctx.reply(`${taken}\n${ctx.t("me-ask-operator")}`);
    return;
  }
  const previous = (await ctx.services.users.read(ctx.from.id)).employee;
  if (previous && previous.id !== person.id) await links.release(previous.id);
  await ctx.services.users.updateFrom(ctx, (s) => {
    s.employee = { id: person.id, name };
  });
  await links.take(person.id, { userId: ctx.from.id, name: holderName(ctx.from) });
  await ctx.answerCallbackQuery();
  await editOrSame(ctx, ctx.t("me-done", { name: escapeHtml(name) }));
});

/** An operator frees an employee record another user holds; that user's link goes with it. */
meFeature.callbackQuery(meRelease.filter, async (ctx) => {
  const id = meRelease.decode(ctx.callbackQuery.data)?.id;
  if (!id) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  if (!(await ensureOperator(ctx))) return;
  const holder = await createEmployeeLinks(
    ctx.services.store,
    ctx.services.users,
    recipients(ctx.services.config),
  ).release(id);
  await ctx.answerCallbackQuery();
  await editOrSame(
    ctx,
    holder ? ctx.t("me-released", { holder: escapeHtml(holder.name) }) : ctx.t("me-free"),
  );
});

meFeature.command("my", async (ctx) => {
  const { employee } = await ctx.services.users.read(ctx.from?.id ?? 0);
  if (!employee) {
    await ctx.reply(ctx.t("my-not-linked"));
    return;
  }
  await showOrderList(ctx, mineList, { kind: "mine", employeeId: employee.id });
});

/** The staff of the configured workshops (SHOP_IDS, else all), each once, by name. */
async function workshopStaff(ctx: BotContext): Promise<Employee[]> {
  const { reference, config } = ctx.services;
  const shopIds = config.shopIds.length > 0 ? config.shopIds : (await reference.shops()).map((s) => s.id);
  const byId = new Map<string, Employee>();
  for (const shopId of shopIds)
    for (const person of await reference.employees(shopId)) byId.set(person.id, person);
  return [...byId.values()].sort((a, b) => (a.name ?? "").localeCompare(b.name ?? "", "ru"));
}
