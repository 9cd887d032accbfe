/**
 * Markers written before the write core (kept up to 7 days): their `sent` was
 * the order write's own fields, without checks. Read back in this shape, an
 * interrupted write of that code is still checked (never sent blindly again).
 */
import type { OrderCreateInput } from "../../../service/index.ts";
import type { FieldCheck } from "../checks.ts";
import type { Sent } from "../kind.ts";
import type { ChangeData } from "./order-change.ts";
import type { CommentData } from "./order-comment.ts";
import { type CreateData, createChecks } from "./order-create.ts";
import { changeChecks, type OrderChange } from "./order-record.ts";

type Legacy = Record<string, unknown>;
type Ref = { id: string; name: string };

const text = (value: unknown) => (typeof value === "string" ? value : "");
const ref = (value: unknown): Ref | undefined =>
  value && typeof value === "object" && typeof (value as Ref).id === "string" ? (value as Ref) : undefined;

export function legacyCreate(legacy: Legacy): Sent<CreateData> | undefined {
  if (
    typeof legacy.shopId !== "string" ||
    typeof legacy.typeId !== "string" ||
    !Array.isArray(legacy.problem)
  )
    return undefined;
  const sent = {
    shopId: legacy.shopId,
    typeId: legacy.typeId,
    counteragentId: typeof legacy.counteragentId === "string" ? legacy.counteragentId : undefined,
    clientName: text(legacy.clientName),
    problem: legacy.problem.map(String),
  };
  // The request itself is not needed to check it: a retry sends the dialog's own.
  return { kind: "create", checks: createChecks(sent), data: { ...sent, input: {} as OrderCreateInput } };
}

export function legacyChange(legacy: Legacy): Sent<ChangeData> | undefined {
  if (typeof legacy.orderId !== "string") return undefined;
  const money = typeof legacy.money === "number" ? legacy.money : undefined;
  const bank = typeof legacy.bank === "number" ? legacy.bank : undefined;
  const change: OrderChange = {
    status: ref(legacy.status),
    master: ref(legacy.master),
    manager: ref(legacy.manager),
    payment: money !== undefined || bank !== undefined ? { registerId: "", money, bank } : undefined,
  };
  const fields = legacy.fields && typeof legacy.fields === "object" ? (legacy.fields as Legacy) : {};
  const checks = [
    ...changeChecks(change),
    ...Object.entries(fields).map(([key, value]) => fieldCheck(key, value)),
  ];
  return {
    kind: "change",
    checks,
    data: { orderId: legacy.orderId, title: text(legacy.title), input: {}, change },
  };
}

export function legacyComment(legacy: Legacy): Sent<CommentData> | undefined {
  if (typeof legacy.orderId !== "string" || typeof legacy.text !== "string") return undefined;
  const data = { orderId: legacy.orderId, title: text(legacy.title), text: legacy.text };
  return { kind: "comment", checks: [{ path: "comments", as: "includes", value: [data.text] }], data };
}

/** A field as the older code recorded it (a deadline then became a date string). */
function fieldCheck(path: string, value: unknown): FieldCheck {
  if (path === "deadline") return { path, as: "date", value: Date.parse(String(value)) };
  if (path === "approximatePrice") return { path, as: "amount", value: Number(value) };
  if (typeof value === "boolean") return { path, as: "bool", value };
  if (Array.isArray(value)) return { path, as: "list", value: value.map(String) };
  return { path, as: "text", value: String(value ?? "") };
}
