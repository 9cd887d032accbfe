/**
 * What the clerk's draft becomes: the create request's input, what identifies
 * a sent attempt, and the record the card shows when the create answered the
 * number. Pure mapping; the flow that sends it is confirm.ts.
 */
import type { CreatedOrder, Order, OrderCreateInput } from "../../../service/index.ts";
import type { Draft } from "./draft.ts";

/** The new order as the create answered it: its id, and its number when the service gave it. */
export interface Created {
  id: string;
  number?: string;
  num?: number;
  /** Unix ms of the create, for the card's "created" line. */
  at: number;
}

/** What identifies the order an attempt sent: a retry looks for this, not for the draft as it is now. */
export interface Sent {
  shopId: string;
  typeId: string;
  counteragentId?: string;
  clientName: string;
  problem: string[];
}

export function sentOf(draft: Draft): Sent {
  return {
    shopId: draft.shop.id,
    typeId: draft.type.id,
    ...(draft.client.kind === "existing" ? { counteragentId: draft.client.id } : {}),
    clientName: draft.client.name,
    problem: draft.device.problem,
  };
}

export function createInput(draft: Draft): OrderCreateInput {
  const { client, device } = draft;
  const clientFields = client.kind === "new" ? client.fields : [];
  const customFields = [...draft.fields, ...clientFields].map((f) => ({ id: f.id, value: f.value }));
  const split = (text: string | undefined) =>
    text
      ? text
          .split(/\n|;\s*/)
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined;
  return {
    typeOrderId: draft.type.id,
    ...(client.kind === "existing"
      ? { counteragentId: client.id }
      : {
          name: client.name,
          isBuyer: true,
          isVendor: false,
          ...(client.typeId ? { typeCounteragentId: client.typeId } : {}),
          ...(client.phone ? { phones: [client.phone] } : {}),
          ...(client.email ? { email: client.email } : {}),
          ...(client.address ? { address: client.address } : {}),
        }),
    isUrgent: draft.isUrgent,
    ...(draft.master ? { masterId: draft.master.id } : {}),
    ...(draft.deadline !== undefined ? { deadline: draft.deadline } : {}),
    ...(device.typeDevice ? { typeDevice: device.typeDevice } : {}),
    ...(device.brand ? { brand: device.brand } : {}),
    ...(device.model ? { model: device.model } : {}),
    ...(device.sn ? { sn: device.sn } : {}),
    problem: device.problem,
    ...(split(device.completeSet) ? { completeSet: split(device.completeSet) } : {}),
    ...(split(device.appearance) ? { appearance: split(device.appearance) } : {}),
    ...(device.color ? { color: device.color } : {}),
    ...(device.approximatePrice ? { approximatePrice: device.approximatePrice } : {}),
    ...(customFields.length > 0 ? { customFields } : {}),
    ...(draft.howKnow ? { howKnowId: draft.howKnow.id } : {}),
    ...(draft.prepayment
      ? {
          cashRegisterId: draft.prepayment.register.id,
          ...(draft.prepayment.money !== undefined ? { money: draft.prepayment.money } : {}),
          ...(draft.prepayment.bank !== undefined ? { bank: draft.prepayment.bank } : {}),
        }
      : {}),
  };
}

export function createdOf(answer: CreatedOrder, at: number): Created {
  return {
    id: answer.id,
    ...(answer.number ? { number: answer.number } : {}),
    ...(answer.num !== undefined ? { num: answer.num } : {}),
    at,
  };
}

/** The record the card shows when the create answered the number: what the clerk entered, no request. */
export function draftOrder(draft: Draft, created: Created): Order {
  const { client, device, prepayment } = draft;
  const paid = (prepayment?.money ?? 0) + (prepayment?.bank ?? 0);
  return {
    id: created.id,
    ...(created.number ? { number: created.number } : {}),
    ...(created.num !== undefined ? { num: created.num } : {}),
    dateCreate: new Date(created.at),
    typeOrder: { ...draft.type },
    shop: { ...draft.shop },
    counteragent: {
      ...(client.kind === "existing" ? { id: client.id } : {}),
      name: client.name,
      ...(client.phone ? { phones: [client.phone] } : {}),
    },
    ...(draft.master ? { master: { ...draft.master } } : {}),
    ...(draft.deadline !== undefined ? { deadline: new Date(draft.deadline) } : {}),
    isUrgent: draft.isUrgent,
    ...(device.typeDevice ? { typeDevice: device.typeDevice } : {}),
    ...(device.brand ? { brand: device.brand } : {}),
    ...(device.model ? { model: device.model } : {}),
    ...(device.sn ? { sn: device.sn } : {}),
    problem: device.problem,
    ...(device.approximatePrice ? { approximatePrice: device.approximatePrice } : {}),
    ...(paid > 0 ? { cash: { summ: paid } } : {}),
    // The order's own fields (a client's go to the client): the card names them from the cached definitions.
    ...(draft.fields.length > 0
      ? { customFields: draft.fields.map(({ id, value }) => ({ id, value })) }
      : {}),
  };
}
