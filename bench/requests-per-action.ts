/**
 * Service requests per user action, counted by the client's onRequest (every
 * HTTP exchange, /auth included) on the real bot against the in-process
 * sandbox. Steady state unless the row says "cold": a first action of the same
 * kind has filled the reference cache (statuses, registers, order types...).
 */
import type { Sandbox } from "../src/sandbox/index.ts";
import { changeStatusWithPayment, confirmOrder, fillOrder } from "./dialog-driver.ts";
import { benchBot, expectText, OPERATOR, pressMatching, requestsOf } from "./harness.ts";
import { inlineTypingRows } from "./inline-typing.ts";
import type { BenchContext, BenchModule, BenchRow } from "./types.ts";

const NONE = "0";
const ONE = "<= 1";
const TWO = "<= 2";

function row(name: string, value: number, target?: string): BenchRow {
  if (target === undefined) return { name: `requests: ${name}`, value, unit: "req" };
  const limit = Number(target.replace(/[^\d.]/g, ""));
  return { name: `requests: ${name}`, value, unit: "req", target, ok: value <= limit };
}

/** Visible orders of the workshop in a "new" status (lookups and status changes use distinct ones). */
function freshOrders(sandbox: Sandbox, shopId: string, count: number) {
  const orders = sandbox.store.orders.filter(
    (o) => o.shopId === shopId && o.isVisible && sandbox.store.statusById.get(o.statusId)?.group === "new",
  );
  if (orders.length < count) throw new Error(`bench: only ${orders.length} orders in a "new" status`);
  return orders.slice(0, count);
}

async function lookupRows(
  sandbox: Sandbox,
  shopId: string,
  warmNum: number,
  num: number,
  listNumber: string,
): Promise<BenchRow[]> {
  const t = await benchBot(shopId, { sandbox });
  const op = t.user(OPERATOR, { languageCode: "en" });
  await op.send(String(warmNum)); // warm-up: caches, sessions
  const lookup = await requestsOf(t, () => op.send(String(num)));
  expectText(op, String(num));
  const refresh = await requestsOf(t, () => op.press("🔄 Refresh"));
  // A list: the number without its last two digits matches ~100 orders (50 fetched, several pages).
  const prefix = String(listNumber).slice(0, -2);
  const list = await requestsOf(t, () => op.send(`/order ${prefix}`));
  expectText(op, "Page 1 of");
  const page = await requestsOf(t, () => op.press("Next ▶️"));
  expectText(op, "Page 2 of");
  const open = await requestsOf(t, () =>
    pressMatching(op, new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`)),
  );
  expectText(op, prefix);
  const listCardRefresh = await requestsOf(t, () => op.press("🔄 Refresh"));
  await t.close();
  return [
    row("lookup (bare number)", lookup, ONE),
    row("card refresh", refresh, ONE),
    row("lookup with several matches (list)", list, ONE),
    row("list page", page, NONE),
    row("open from list", open, NONE),
    row("refresh of a card opened from a list", listCardRefresh, ONE),
  ];
}

async function statusRows(sandbox: Sandbox, shopId: string, numbers: string[]): Promise<BenchRow[]> {
  const [first, second] = numbers;
  if (first === undefined || second === undefined) throw new Error("bench: two orders needed");
  const t = await benchBot(shopId, { sandbox });
  const op = t.user(OPERATOR, { languageCode: "en" });
  const cold = await requestsOf(t, () => changeStatusWithPayment(op, first));
  const warm = await requestsOf(t, () => changeStatusWithPayment(op, second));
  await t.close();
  return [
    row("status change with payment (/status N, cash)", warm, TWO),
    row("status change with payment, cold cache", cold),
  ];
}

async function creationRows(sandbox: Sandbox, shopId: string): Promise<BenchRow[]> {
  const t = await benchBot(shopId, { sandbox }); // a new memory store: empty reference cache
  const op = t.user(OPERATOR, { languageCode: "en" });
  const coldFill = await requestsOf(t, () => fillOrder(op, "Бенч Холодный"));
  const coldConfirm = await requestsOf(t, () => confirmOrder(op));
  const warmFill = await requestsOf(t, () => fillOrder(op, "Бенч Тёплый"));
  const warmConfirm = await requestsOf(t, () => confirmOrder(op));
  await t.close();
  return [
    row("order creation warm: whole dialog", warmFill + warmConfirm),
    row("order creation warm: /new..summary (client search)", warmFill),
    // The create answers only the id (service notes): the card needs one read for the number.
    row("order creation warm: Confirm (create + card)", warmConfirm, TWO),
    row("order creation cold: whole dialog", coldFill + coldConfirm),
  ];
}

export const requestsPerAction: BenchModule = {
  name: "requests per action",
  async run({ sandbox, shopId }: BenchContext): Promise<BenchRow[]> {
    const [a, b, c, d] = freshOrders(sandbox, shopId, 4);
    if (!a || !b || !c || !d) throw new Error("bench: orders missing");
    return [
      ...(await lookupRows(sandbox, shopId, a.num, b.num, b.number)),
      ...(await inlineTypingRows(sandbox, shopId)),
      ...(await statusRows(sandbox, shopId, [c.number, d.number])),
      ...(await creationRows(sandbox, shopId)),
    ];
  },
};
