import {
  type CashItem,
  type CashRegister,
  type CashTransaction,
  cashItem,
  cashRegister,
  cashTransaction,
} from "../schemas/cash.ts";
import { listEnvelope, type Page } from "../schemas/envelope.ts";
import { DEFAULT_PAGE_SIZE } from "../schemas/input.ts";
import { type CashListQuery, cashListQuery } from "../schemas/queries.ts";
import { type Caller, parseInput, pathId, toPage, wholeList } from "./shared.ts";

const registers = listEnvelope(cashRegister);
const transactions = listEnvelope(cashTransaction);
const items = listEnvelope(cashItem);

const asString = (value: number | boolean | undefined) => (value === undefined ? undefined : String(value));

export function createCashRegisters(api: Caller) {
  return {
    async list(shopId: string): Promise<Page<CashRegister>> {
      const path = `/shops/${pathId(shopId, "shopId")}/cash-registers`;
      return wholeList(await api.call({ method: "GET", path, schema: registers }));
    },
  };
}
export type CashRegistersApi = ReturnType<typeof createCashRegisters>;

export function createCash(api: Caller) {
  return {
    /**
     * GET /cash-registers/{id}/cash with `cashRegisterId`; else GET /cash with
     * `cashRegisterIds` (none: an empty page, no request). On /cash page, pageSize
     * and isBankTransfer are declared as strings and there is no `type`.
     */
    async list(query: CashListQuery = {}): Promise<Page<CashTransaction>> {
      const { cashRegisterId, cashRegisterIds, type, ...filters } = parseInput(
        cashListQuery,
        query,
        "cash query",
      );
      if (cashRegisterId !== undefined) {
        const path = `/cash-registers/${pathId(cashRegisterId, "cashRegisterId")}/cash`;
        const answer = await api.call({
          method: "GET",
          path,
          query: { type, ...filters },
          schema: transactions,
        });
        return toPage(answer, filters);
      }
      if (!cashRegisterIds?.length) {
        return {
          items: [],
          total: 0,
          page: filters.page ?? 1,
          pageSize: filters.pageSize ?? DEFAULT_PAGE_SIZE,
        };
      }
      const { page, pageSize, isBankTransfer, ...rest } = filters;
      const strings = {
        page: asString(page),
        pageSize: asString(pageSize),
        isBankTransfer: asString(isBankTransfer),
      };
      const answer = await api.call({
        method: "GET",
        path: "/cash",
        query: { cashRegisterIds, ...rest, ...strings },
        schema: transactions,
      });
      return toPage(answer, filters);
    },
  };
}
export type CashApi = ReturnType<typeof createCash>;

export function createCashItems(api: Caller) {
  return {
    async list(): Promise<Page<CashItem>> {
      return wholeList(await api.call({ method: "GET", path: "/cash-items", schema: items }));
    },
  };
}
export type CashItemsApi = ReturnType<typeof createCashItems>;
