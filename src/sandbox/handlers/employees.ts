/** Employees, masters and managers of a workshop: lists without total/page/pageSize. */
import type { Employee } from "../model.ts";
import type { RequestContext, Router } from "../router.ts";
import { parsePage, slicePage } from "../rules.ts";
import { requireShop } from "./common.ts";

function employeeList(pick: (employee: Employee) => boolean) {
  return (ctx: RequestContext): Record<string, unknown> => {
    const shop = requireShop(ctx, ctx.params.id);
    const page = parsePage(ctx.query);
    const filter = ctx.query.text("filter")?.toLowerCase();
    const people = ctx.store
      .employeesOfShop(shop.id)
      .filter(pick)
      .filter((employee) => filter === undefined || employee.name.toLowerCase().includes(filter))
      .sort((a, b) => a.name.localeCompare(b.name, "ru"));
    // The real service gives no total here: clients page until a short page.
    return { data: slicePage(people, page).map((e) => ({ id: e.id, name: e.name })) };
  };
}

export function employeeRoutes(router: Router): void {
  router.add(
    "GET",
    "/shops/:id/customers",
    employeeList(() => true),
  );
  router.add(
    "GET",
    "/shops/:id/customers/masters",
    employeeList((e) => e.isMaster),
  );
  router.add(
    "GET",
    "/shops/:id/customers/managers",
    employeeList((e) => e.isManager),
  );
}
