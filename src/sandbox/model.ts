/**
 * Internal records of the sandbox. Dates are Unix milliseconds inside; the
 * views (views.ts) turn them into the nested 2026 shapes with ISO strings.
 */

export interface Shop {
  id: string;
  name: string;
  address: string;
  color: string;
  /** Prefix of the textual order number, e.g. "А" (numbers read "А001042"). */
  prefix: string;
  phones: string[];
}

/**
 * Which shapes the sandbox answers in: `real` as public integrations saw the
 * service in 2026 (docs/service.md); `legacy` the older ones (numbers with a
 * separator, a full order with `summ`, statuses' roles as keys), so the
 * client's tolerance of both stays tested.
 */
export type Shapes = "real" | "legacy";

export const STATUS_GROUPS = ["new", "inWork", "wait", "finish", "closed"] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];

export interface Status {
  id: string;
  name: string;
  color: string;
  sort: number;
  comment: string;
  isPayRequired: boolean;
  roles: string[];
  group: StatusGroup;
  /** Time norm of the status in hours (drives statusDeadline); 0 = no norm. */
  normHours: number;
}

/**
 * Custom-field definition as served by /type-orders/{id}/fields and
 * /type-counteragents/{id}/fields. The real key names are unknown; these are
 * the sandbox's choice: {id, name, type, isRequired, defaultValue, items, sort}.
 * `items` lists the choices of a "select" field (empty for other types); a
 * select value is the item id. A "date" value is Unix milliseconds.
 */
type FieldType = "string" | "number" | "date" | "boolean" | "select";
export interface FieldDef {
  id: string;
  name: string;
  type: FieldType;
  isRequired: boolean;
  defaultValue: string | number | boolean | null;
  items: { id: string; name: string }[];
  sort: number;
}

export interface TypeOrder {
  id: string;
  name: string;
  color: string;
  fields: FieldDef[];
}

export interface TypeCounteragent {
  id: string;
  name: string;
  sort: number;
  fields: FieldDef[];
}

export interface HowKnow {
  id: string;
  name: string;
  isRepeat: boolean;
}

export interface CashItem {
  id: string;
  name: string;
  isIncome: boolean;
  isBalance: boolean;
}

export interface Register {
  id: string;
  name: string;
  shopId: string;
  cashMoney: number;
  bankMoney: number;
  bankPercent: number;
  isEnableCash: boolean;
  isEnableBank: boolean;
  isEnableNegative: boolean;
  isEnableInternalMove: boolean;
  isDefault: boolean;
}

export interface Employee {
  id: string;
  name: string;
  shopIds: string[];
  isMaster: boolean;
  isManager: boolean;
}

export interface CustomValue {
  id: string;
  value: unknown;
}

export interface Counteragent {
  id: string;
  typeCounteragentId: string;
  name: string;
  phones: string[];
  email: string;
  address: string;
  node: string;
  isBuyer: boolean;
  isVendor: boolean;
  isSendSms: boolean;
  isSendEmail: boolean;
  isSendTelegram: boolean;
  rating: number;
  howKnowId: string | null;
  customFields: CustomValue[];
  dateCreate: number;
  lastAction: number;
}

export interface Position {
  id: string;
  name: string;
  kind: "work" | "part";
  count: number;
  price: number;
}

interface OrderComment {
  date: number;
  text: string;
  author: string;
}

export interface Order {
  id: string;
  shopId: string;
  num: number;
  number: string;
  dateCreate: number;
  lastAction: number;
  dateFinish: number | null;
  dateClose: number | null;
  deadline: number | null;
  statusId: string;
  /** When the order entered its current status: base of statusDeadline. */
  statusSince: number;
  typeOrderId: string;
  counteragentId: string;
  managerId: string | null;
  masterId: string | null;
  createManagerId: string | null;
  closeManagerId: string | null;
  typeDevice: string;
  brand: string;
  model: string;
  sn: string;
  problem: string[];
  completeSet: string[];
  appearance: string[];
  color: string;
  approximatePrice: string;
  orderNode: string;
  recommendation: string;
  comments: OrderComment[];
  customFields: CustomValue[];
  howKnowId: string | null;
  isUrgent: boolean;
  isVisible: boolean;
  positions: Position[];
  discount: number;
  paidCash: number;
  paidBank: number;
}

export interface Transaction {
  id: string;
  number: number;
  date: number;
  dateChange: number;
  isBankTransfer: boolean;
  /** Always positive; the direction is the cash item's isIncome. */
  money: number;
  cashItemId: string;
  cashRegisterId: string;
  customerId: string;
  counteragentId: string | null;
  orderId: string | null;
  node: string;
  isDeleted: boolean;
}
