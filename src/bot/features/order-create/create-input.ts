/**
 * What the clerk's draft becomes: the create request's input, what identifies
 * a sent attempt, and the record the card shows when the create answered the
 * number. Pure mapping; the flow that sends it is confirm.ts.
 */
import type { Order, OrderCreateInput } from "../../../service/index.ts";
import type { Created, CreateRequest } from "../../writes/order-writer.ts";
import type { Draft } from "./draft.ts";

/** What identifies the order an attempt sent: a retry looks for this, not for the draft as it is now. */
export function sentOf(draft: Draft): CreateRequest["sent"] {
  return {
    shopId: draft.shop.id,
    typeId: draft.type.id,
    counteragentId: draft.client.kind === "existing" ? draft.client.id : undefined,
    clientName: draft.client.name,
    problem: draft.device.problem,
  };
}

/** Equipment and appearance as typed (one per line, or separated by ";") as the service's lists. */
function splitList(text: string | undefined): string[] | undefined {
  return text
    ? text
        .split(/\n|;\s*/)
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;
}

export function createInput(draft: Draft): OrderCreateInput {
  const { client, device } = draft;
  const clientFields = client.kind === "new" ? client.fields : [];
  const customFields = [...draft.fields, ...clientFields].map((f) => ({ id: f.id, value: f.value }));
  return {
    typeOrderId: draft.type.id,
    ...(client.kind === "existing"
      ? { counteragentId: client.id }
      : {
          name: client.name,
          isBuyer: true,
          isVendor: false,
          typeCounteragentId: client.typeId,
          phones: client.phone ? [client.phone] : undefined,
          email: client.email,
          address: client.address,
        }),
    isUrgent: draft.isUrgent,
    masterId: draft.master?.id,
    managerId: draft.manager?.id,
    deadline: draft.deadline,
    typeDevice: device.typeDevice,
    brand: device.brand,
    model: device.model,
    sn: device.sn,
    problem: device.problem,
    completeSet: splitList(device.completeSet),
    appearance: splitList(device.appearance),
    color: device.color,
    approximatePrice: device.approximatePrice,
    customFields: customFields.length > 0 ? customFields : undefined,
    howKnowId: draft.howKnow?.id,
    ...(draft.prepayment
      ? {
          cashRegisterId: draft.prepayment.register.id,
          money: draft.prepayment.money,
          bank: draft.prepayment.bank,
        }
      : {}),
  };
}

/** The record the card shows when the create answered the number: what the clerk entered, no request. */
export function draftOrder(draft: Draft, created: Created): Order {
  const { client, device, prepayment } = draft;
  const paid = (prepayment?.money ?? 0) + (prepayment?.bank ?? 0);
  return {
    id: created.id,
    number: created.number,
    num: created.num,
    dateCreate: new Date(created.at),
    typeOrder: { ...draft.type },
    shop: { ...draft.shop },
    counteragent: {
      id: client.kind === "existing" ? client.id : undefined,
      name: client.name,
      phones: client.phone ? [client.phone] : undefined,
    },
    master: draft.master && { ...draft.master },
    manager: draft.manager && { ...draft.manager },
    deadline: draft.deadline === undefined ? undefined : new Date(draft.deadline),
    isUrgent: draft.isUrgent,
    typeDevice: device.typeDevice,
    brand: device.brand,
    model: device.model,
    sn: device.sn,
    problem: device.problem,
    // Empty lists, not absent ones: the record is as complete as the service's (the receipt prints from it).
    completeSet: splitList(device.completeSet) ?? [],
    appearance: splitList(device.appearance) ?? [],
    color: device.color,
    approximatePrice: device.approximatePrice,
    cash: paid > 0 ? { summ: paid } : undefined,
    // The order's own fields (a client's go to the client): the card names them from the cached definitions.
    customFields: draft.fields.length > 0 ? draft.fields.map(({ id, value }) => ({ id, value })) : undefined,
  };
}
