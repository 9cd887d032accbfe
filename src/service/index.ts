import { buildServiceClient, type ServiceClient, type ServiceClientOptions } from "./client.ts";

export type { LoginResult } from "./auth.ts";
export type { ServiceClient, ServiceClientOptions, ServiceStats } from "./client.ts";
export { isServiceError, ServiceError, type ServiceErrorKind, type ValidationIssue } from "./errors.ts";
export { foldLookAlikes, foldOrderNumber, numberDigits } from "./order-number.ts";
export { asSync, asWrite, purposeOf, type RequestPurpose, type RequestUse } from "./purpose.ts";
export { type ArrayFormat, DEFAULT_ARRAY_FORMAT } from "./query.ts";
export type { Quota } from "./quota.ts";
export { acquireRedisLock, type RedisLock, type RedisLockOptions } from "./redis-lock.ts";
export { createRedisTokenStore, type RedisStoreOptions } from "./redis-store.ts";
export type { CashApi, CashItemsApi, CashRegistersApi } from "./resources/cash.ts";
export type { CounteragentsApi } from "./resources/counteragents.ts";
export type { EmployeesApi } from "./resources/employees.ts";
export type { OrdersApi } from "./resources/orders.ts";
export type {
  CounteragentTypesApi,
  HowKnowsApi,
  OrderTypesApi,
  ShopsApi,
  StatusesApi,
} from "./resources/reference.ts";
export type { CashItem, CashRegister, CashTransaction } from "./schemas/cash.ts";
export type { CustomFieldValue, Ref } from "./schemas/common.ts";
export type { Counteragent } from "./schemas/counteragent.ts";
export type { CounteragentCreateInput, CounteragentUpdateInput } from "./schemas/counteragent-input.ts";
export type { Employee } from "./schemas/employee.ts";
export type { Page } from "./schemas/envelope.ts";
export type { DateRangeInput } from "./schemas/input.ts";
export { MAX_PAGE_SIZE, MAX_REACHABLE } from "./schemas/input.ts";
export type { ChangeResult, CreatedOrder, Order, OrderPayment } from "./schemas/order.ts";
export { orderBalance, storedOrder } from "./schemas/order.ts";
export type { OrderCreateInput, OrderUpdateInput } from "./schemas/order-input.ts";
export {
  CASH_SORT_FIELDS,
  type CashListQuery,
  COUNTERAGENT_SORT_FIELDS,
  type CounteragentListQuery,
  type EmployeeListQuery,
  ORDER_SORT_FIELDS,
  type OrderListQuery,
} from "./schemas/queries.ts";
export type {
  CounteragentType,
  CustomFieldDefinition,
  FieldChoice,
  HowKnow,
  OrderType,
  Shop,
  Status,
} from "./schemas/reference.ts";
export { createMemoryTokenStore, type ServiceStore, type StoredQuota, type StoredToken } from "./store.ts";
export type { RequestEvent, RetryOptions } from "./transport.ts";

/** The typed client of the repair-shop service. */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  return buildServiceClient(options);
}
