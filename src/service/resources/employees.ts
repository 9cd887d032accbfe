import { type Employee, employee } from "../schemas/employee.ts";
import { listEnvelope, type Page } from "../schemas/envelope.ts";
import { type EmployeeListQuery, employeeListQuery } from "../schemas/queries.ts";
import { type Caller, parseInput, pathId, toPage } from "./shared.ts";

const list = listEnvelope(employee);

/**
 * Employee lists come without total/page/pageSize: the page numbers come from the
 * request; a page shorter than pageSize is the last one.
 */
export function createEmployees(api: Caller) {
  const fetchList = async (
    shopId: string,
    suffix: string,
    query: EmployeeListQuery,
  ): Promise<Page<Employee>> => {
    const path = `/shops/${pathId(shopId, "shopId")}/customers${suffix}`;
    const filters = parseInput(employeeListQuery, query, "employee list query");
    return toPage(await api.call({ method: "GET", path, query: filters, schema: list }), filters);
  };
  return {
    list: (shopId: string, query: EmployeeListQuery = {}) => fetchList(shopId, "", query),
    masters: (shopId: string, query: EmployeeListQuery = {}) => fetchList(shopId, "/masters", query),
    managers: (shopId: string, query: EmployeeListQuery = {}) => fetchList(shopId, "/managers", query),
  };
}
export type EmployeesApi = ReturnType<typeof createEmployees>;
