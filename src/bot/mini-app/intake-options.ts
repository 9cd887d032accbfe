/**
 * What the Mini App's intake form offers, read where the chat's intake reads it
 * (features/order-create): the workshops (SHOP_IDS, else all), order types with
 * their required custom fields, the default client type's required fields,
 * each workshop's masters, managers and registers that take money, the advertising
 * sources, the device types learned from created orders, and the clerk's
 * defaults (the last workshop and type, the linked employee as manager). All
 * from the reference cache: no request once warm, as the chat's questions.
 */
import type { CustomFieldDefinition } from "../../service/index.ts";
import type { BotServices } from "../context.ts";
import { defaultClientForm } from "../dialog-kit/counteragent-type.ts";
import { type Named, named } from "../features/order-create/draft.ts";
import { lastChoiceOf } from "../features/order-create/memory.ts";
import { learnedOf } from "../state/learned.ts";
import { fieldKind } from "../ui/custom-fields.ts";

export interface FormField {
  id: string;
  name: string;
  kind: ReturnType<typeof fieldKind>;
  items?: Named[];
}

interface FormRegister extends Named {
  cash: boolean;
  bank: boolean;
}

interface FormShop extends Named {
  masters: Named[];
  managers: Named[];
  registers: FormRegister[];
}

export interface IntakeOptions {
  shops: FormShop[];
  types: (Named & { fields: FormField[] })[];
  client: { typeId?: string; fields: FormField[] };
  sources: Named[];
  devices: string[];
  defaults: { shopId?: string; typeId?: string; employeeId?: string };
  /** The phone rule: numbers of this country (PHONE_COUNTRY), checked by the server. */
  phoneCountry: string;
  /** Unix ms of now, and the deadline's time of day (CLOSING_TIME): the page's date inputs. */
  now: number;
}

const formField = (def: CustomFieldDefinition): FormField => ({
  id: def.id,
  name: def.name ?? def.id,
  kind: fieldKind(def),
  ...(def.items && def.items.length > 0 ? { items: def.items.map(named) } : {}),
});

/** The workshops the intake may use, as ask-shop.ts lists them. */
async function shopsOf(services: BotServices): Promise<Named[]> {
  const all = (await services.reference.shops()).map(named);
  if (services.config.shopIds.length === 0) return all;
  return services.config.shopIds.map((id) => all.find((shop) => shop.id === id) ?? { id, name: id });
}

async function shopOptions(services: BotServices, shop: Named): Promise<FormShop> {
  const { reference } = services;
  const [masters, managers, registers] = await Promise.all([
    reference.masters(shop.id),
    reference.managers(shop.id),
    reference.cashRegisters(shop.id),
  ]);
  return {
    ...shop,
    masters: masters.map(named),
    managers: managers.map(named),
    // As the chat's prepayment: only registers that take cash or bank.
    registers: registers
      .filter((r) => r.isEnableCash === true || r.isEnableBank === true)
      .map((r) => ({ ...named(r), cash: r.isEnableCash === true, bank: r.isEnableBank === true })),
  };
}

/** Everything the form offers; throws when the service cannot give what a cold cache lacks. */
export async function intakeOptions(services: BotServices, userId: number): Promise<IntakeOptions> {
  const { reference, store } = services;
  const [shops, types, client, sources] = await Promise.all([
    shopsOf(services).then((list) => Promise.all(list.map((shop) => shopOptions(services, shop)))),
    reference.orderTypes().then((list) =>
      Promise.all(
        list.map(async (type) => ({
          ...named(type),
          fields: (await reference.orderTypeFields(type.id)).filter((d) => d.required).map(formField),
        })),
      ),
    ),
    defaultClientForm(reference),
    reference.howKnows().then((list) => list.map(named)),
  ]);
  const devices = await learnedOf(store)
    .deviceTypes()
    .catch(() => []);
  const last = await lastChoiceOf(store, userId).catch(() => ({}) as { shopId?: string; typeId?: string });
  const employee = (await services.users.read(userId).catch(() => undefined))?.employee;
  return {
    shops,
    types,
    client: { typeId: client.typeId, fields: client.fields.map(formField) },
    sources,
    devices,
    defaults: {
      shopId: shops.some((s) => s.id === last.shopId) ? last.shopId : undefined,
      typeId: types.some((s) => s.id === last.typeId) ? last.typeId : undefined,
      employeeId: employee?.id,
    },
    phoneCountry: services.config.phoneCountry,
    now: services.clock.now().getTime(),
  };
}
