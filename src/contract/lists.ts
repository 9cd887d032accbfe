/**
 * Facts of the service's interface (docs/service.md, "Lists": the contract's
 * part 4.1 and the sort fields of each list endpoint) that both the typed client and the sandbox
 * enforce: one copy, so the two cannot drift apart. Nothing else lives here.
 */

/** Default page size of every list endpoint. */
export const DEFAULT_PAGE_SIZE = 10;
/** Largest page size of every list endpoint. */
export const MAX_PAGE_SIZE = 50;
/** `page * pageSize` may not exceed this for one combination of filters. */
export const MAX_REACHABLE = 10_000;

export const ORDER_SORT_FIELDS = [
  "id",
  "sn",
  "typeOrder",
  "manager",
  "closeManager",
  "master",
  "brand",
  "model",
  "typeDevice",
  "node",
  "problem",
  "completeSet",
  "number",
  "num",
  "dateCreate",
  "lastAction",
  "dateClose",
  "dateFinish",
  "deadline",
  "statusDeadline",
  "counteragent",
  "address",
  "summ",
  "cash",
  "status",
  "isUrgent",
] as const;

export const COUNTERAGENT_SORT_FIELDS = [
  "id",
  "typeCounteragent",
  "lastAction",
  "name",
  "howKnow",
  "node",
  "address",
  "email",
  "phones",
] as const;

export const CASH_SORT_FIELDS = [
  "node",
  "customer",
  "id",
  "cashRegister",
  "date",
  "money",
  "isBankTransfer",
  "counteragent",
  "cashItem",
  "number",
  "dateChange",
] as const;
