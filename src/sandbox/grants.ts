/**
 * API clients and their grants (part 5 of the interface).
 *
 * Grants file (`--grants FILE`, option `grants`): JSON, either an array of
 * clients or `{"clients": [...]}`. Each client:
 *   {
 *     "login": "shop-bot", "password": "secret",      // required
 *     "name": "Bot of the north shop",                 // optional, shown in comments
 *     "token": "fixed-token",                          // optional permanent token
 *     "orders": true,                                  // access to orders
 *     "shops": "*" | ["<shop id>", ...],              // workshops
 *     "createOrders": true, "deleteOrders": false,
 *     "registers": "*" | ["<register id>", ...],
 *     "viewStatuses": "*" | ["<status id or group>", ...],
 *     "editStatuses": "*" | ["<status id or group>", ...]
 *   }
 * Status lists take status ids or group names (new, inWork, wait, finish,
 * closed). Every grant left out means full access, so a file names only the
 * restrictions. A client of the file with the login of a demo client replaces it.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { registerId, SHOP_A, SHOP_B } from "./demo-reference.ts";
import type { Register, Status } from "./model.ts";

const scope = z.union([z.literal("*"), z.array(z.string())]);

const clientSchema = z.object({
  login: z.string().min(1),
  password: z.string().min(1),
  name: z.string().optional(),
  token: z.string().min(8).optional(),
  orders: z.boolean().default(true),
  shops: scope.default("*"),
  createOrders: z.boolean().default(true),
  deleteOrders: z.boolean().default(true),
  registers: scope.default("*"),
  viewStatuses: scope.default("*"),
  editStatuses: scope.default("*"),
});

export type ApiClient = z.infer<typeof clientSchema>;
export type GrantsInput = z.input<typeof clientSchema>;

const fileSchema = z.union([z.array(clientSchema), z.object({ clients: z.array(clientSchema) })]);

export function parseClients(input: unknown): ApiClient[] {
  const parsed = fileSchema.parse(input);
  return Array.isArray(parsed) ? parsed : parsed.clients;
}

export function loadGrantsFile(path: string): ApiClient[] {
  return parseClients(JSON.parse(readFileSync(path, "utf8")));
}

/** The two demo clients: full access, and a restricted one. */
export function demoClients(): ApiClient[] {
  return [
    clientSchema.parse({ login: "demo", password: "demo-password", name: "Полный доступ" }),
    clientSchema.parse({
      login: "restricted",
      password: "restricted-password",
      name: "Ограниченный доступ",
      // No third workshop (Юг), so neither its register; no delete; closed orders read-only.
      shops: [SHOP_A, SHOP_B],
      deleteOrders: false,
      registers: [registerId(1), registerId(2), registerId(3), registerId(4)],
      editStatuses: ["new", "inWork", "wait", "finish"],
    }),
  ];
}

/** Demo clients merged with those of a file (same login: the file wins). */
export function mergeClients(base: ApiClient[], extra: ApiClient[]): ApiClient[] {
  const logins = new Set(extra.map((client) => client.login));
  return [...base.filter((client) => !logins.has(client.login)), ...extra];
}

const inScope = (list: "*" | string[], id: string): boolean => list === "*" || list.includes(id);

export const canShop = (client: ApiClient, shopId: string): boolean => inScope(client.shops, shopId);

export const canRegister = (client: ApiClient, register: Register): boolean =>
  inScope(client.registers, register.id) && canShop(client, register.shopId);

const statusInScope = (list: "*" | string[], status: Status): boolean =>
  list === "*" || list.includes(status.id) || list.includes(status.group);

export const canViewStatus = (client: ApiClient, status: Status): boolean =>
  statusInScope(client.viewStatuses, status);

export const canEditStatus = (client: ApiClient, status: Status): boolean =>
  statusInScope(client.editStatuses, status) && canViewStatus(client, status);
