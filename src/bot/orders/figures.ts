/**
 * The price and the amount paid of the orders the bot saw, per order, for a
 * day: the real service's full record (GET /orders/{id}) may lack them where
 * its list record had them (no positions, no cash amounts). A card read then
 * keeps the figures the bot knew rather than showing none, with no extra
 * request. Only with MIRROR=off: the mirror keeps its records whole itself.
 */
import { z } from "zod";
import type { Order } from "../../service/index.ts";
import type { CoreServices } from "../core-services.ts";
import { persisted } from "../store/registry.ts";

const amount = z.number().finite();
const figuresSchema = z.object({
  summ: z.object({ price: amount.optional(), soldPrice: amount.optional() }).optional(),
  paid: amount.optional(),
});
type Figures = z.output<typeof figuresSchema>;

/** Per order id, for a day; a convenience: a store that fails skips it. */
export const orderFigures = persisted({
  namespace: "order-figures",
  schema: figuresSchema,
  ttlSeconds: 24 * 60 * 60,
  whenStoreFails: "skip",
});

/** The store, and the mirror when it is on (it keeps its records whole itself). */
type Services = Pick<CoreServices, "store" | "mirror">;

const adapterOf = (services: Services) => services.store.open(orderFigures);

const figuresOf = (order: Order): Figures | undefined =>
  order.summ === undefined && order.cash?.summ === undefined
    ? undefined
    : { summ: order.summ, paid: order.cash?.summ };

async function readFigures(services: Services, id: string): Promise<Figures | undefined> {
  try {
    return await adapterOf(services).read(id);
  } catch {
    return undefined;
  }
}

/** Keeps the figures of the orders that carry them; never throws (a lookup must not fail for it). */
export async function rememberFigures(services: Services, orders: readonly Order[]): Promise<void> {
  if (services.mirror) return;
  const figures = adapterOf(services);
  await Promise.all(
    orders.map(async (order) => {
      const known = figuresOf(order);
      if (known) await figures.write(order.id, JSON.parse(JSON.stringify(known)));
    }),
  ).catch(() => undefined);
}

/**
 * The order with the price and the paid amount it lacks taken from those kept
 * (a figure the record has stands), and kept anew. A failing storage leaves it as it came.
 */
export async function withKnownFigures(services: Services, order: Order): Promise<Order> {
  if (services.mirror) return order;
  if (order.summ !== undefined && order.cash?.summ !== undefined) {
    await rememberFigures(services, [order]);
    return order;
  }
  const kept = await readFigures(services, order.id);
  const paid = order.cash?.summ ?? kept?.paid;
  const completed: Order = {
    ...order,
    summ: order.summ ?? kept?.summ,
    cash: paid === undefined ? order.cash : { ...order.cash, summ: paid },
  };
  await rememberFigures(services, [completed]);
  return completed;
}
