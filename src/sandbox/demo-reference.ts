/**
 * Reference data of the demo company. Its ids are fixed (not seeded) so docs,
 * demos and grants files can name a workshop, status or register.
 */
import type { FieldDef, Status, StatusGroup } from "./model.ts";
import type { Reference } from "./store.ts";

/** An opaque 24-character id: a kind tag and a serial number. */
const refId = (kind: string, n: number): string => `${kind}${n.toString(16).padStart(24 - kind.length, "0")}`;

export const SHOP_A = refId("5a01", 1);
export const SHOP_B = refId("5a01", 2);
const SHOP_C = refId("5a01", 3);

export const statusId = (n: number): string => refId("5a02", n);
const typeOrderId = (n: number): string => refId("5a03", n);
export const typeCounteragentId = (n: number): string => refId("5a04", n);
const howKnowId = (n: number): string => refId("5a05", n);
const cashItemId = (n: number): string => refId("5a06", n);
export const registerId = (n: number): string => refId("5a07", n);
const employeeId = (n: number): string => refId("5a08", n);
const fieldId = (n: number): string => refId("5a09", n);

/** Cash items the order operations write to. */
export const ITEM_PREPAYMENT = cashItemId(1);
export const ITEM_PAYMENT = cashItemId(2);
export const ITEM_REFUND = cashItemId(3);
export const ITEM_PARTS = cashItemId(4);
export const ITEM_RENT = cashItemId(5);
export const ITEM_DEPOSIT = cashItemId(6);
export const ITEM_MOVE_OUT = cashItemId(7);
export const ITEM_MOVE_IN = cashItemId(8);

export const STATUS_GROUP_INFO: Record<StatusGroup, { description: string; color: string }> = {
  new: { description: "Новые", color: "#2196f3" },
  inWork: { description: "В работе", color: "#ff9800" },
  wait: { description: "Ожидание", color: "#9c27b0" },
  finish: { description: "Готовые", color: "#4caf50" },
  closed: { description: "Закрытые", color: "#9e9e9e" },
};

const ALL_ROLES = ["admin", "manager", "master"];

function status(
  n: number,
  group: StatusGroup,
  name: string,
  color: string,
  extra: Partial<Pick<Status, "isPayRequired" | "normHours" | "comment" | "roles">> = {},
): Status {
  return {
    id: statusId(n),
    name,
    color,
    sort: n,
    comment: extra.comment ?? "",
    isPayRequired: extra.isPayRequired ?? false,
    roles: extra.roles ?? ALL_ROLES,
    group,
    normHours: extra.normHours ?? 0,
  };
}

function field(n: number, name: string, type: FieldDef["type"], extra: Partial<FieldDef> = {}): FieldDef {
  return {
    id: fieldId(n),
    name,
    type,
    isRequired: extra.isRequired ?? false,
    defaultValue: extra.defaultValue ?? null,
    items: extra.items ?? [],
    sort: extra.sort ?? n,
  };
}

export function demoReference(): Reference {
  return {
    shops: [
      {
        id: SHOP_A,
        name: "Сервис на Ленина",
        address: "г. Екатеринбург, ул. Ленина, 12",
        color: "#1e88e5",
        prefix: "А",
        phones: ["+7 343 200-10-42"],
      },
      {
        id: SHOP_B,
        name: "Сервис Север",
        address: "г. Екатеринбург, ул. Победы, 41",
        color: "#43a047",
        prefix: "Б",
        phones: ["+7 343 200-20-17"],
      },
      {
        id: SHOP_C,
        name: "Сервис Юг",
        address: "г. Екатеринбург, ул. Щербакова, 7",
        color: "#fb8c00",
        prefix: "В",
        phones: [],
      },
    ],
    statuses: [
      status(1, "new", "Новый", "#2196f3", { normHours: 2 }),
      status(2, "new", "Принят на диагностику", "#64b5f6", { normHours: 24 }),
      status(3, "inWork", "Диагностика", "#ffb74d", { normHours: 24 }),
      status(4, "inWork", "В работе", "#ff9800", { normHours: 72 }),
      status(5, "inWork", "Согласовано, предоплата", "#f57c00", {
        isPayRequired: true,
        comment: "Клиент вносит предоплату за запчасти",
        normHours: 48,
      }),
      status(6, "wait", "Ждёт запчасть", "#9c27b0", { normHours: 336 }),
      status(7, "wait", "Ждёт согласования клиента", "#ba68c8", {
        normHours: 72,
        roles: ["admin", "manager"],
      }),
      status(8, "finish", "Готов", "#4caf50", { normHours: 168, comment: "Позвонить клиенту" }),
      status(9, "finish", "Готов без ремонта", "#81c784", { normHours: 168 }),
      status(10, "closed", "Выдан", "#9e9e9e", { isPayRequired: true, comment: "Оплата при выдаче" }),
      status(11, "closed", "Выдан без ремонта", "#bdbdbd"),
      status(12, "closed", "Отказ", "#e57373", { roles: ["admin"] }),
    ],
    typeOrders: [
      {
        id: typeOrderId(1),
        name: "Платный ремонт",
        color: "#1e88e5",
        fields: [
          field(1, "Пароль устройства", "string"),
          field(2, "Сделать резервную копию", "boolean", { defaultValue: false }),
        ],
      },
      {
        id: typeOrderId(2),
        name: "Гарантийный ремонт",
        color: "#43a047",
        fields: [
          field(3, "Номер гарантийного талона", "string", { isRequired: true }),
          field(4, "Дата покупки", "date"),
        ],
      },
      {
        id: typeOrderId(3),
        name: "Выездной ремонт",
        color: "#fb8c00",
        fields: [
          field(5, "Адрес выезда", "string", { isRequired: true }),
          field(6, "Время визита", "select", {
            isRequired: true,
            defaultValue: "morning",
            items: [
              { id: "morning", name: "9:00–13:00" },
              { id: "day", name: "13:00–17:00" },
              { id: "evening", name: "17:00–21:00" },
            ],
          }),
          field(7, "Этаж", "number"),
        ],
      },
    ],
    typeCounteragents: [
      {
        id: typeCounteragentId(1),
        name: "Физическое лицо",
        sort: 1,
        fields: [field(20, "Дата рождения", "date")],
      },
      {
        id: typeCounteragentId(2),
        name: "Юридическое лицо",
        sort: 2,
        fields: [field(21, "ИНН", "string", { isRequired: true }), field(22, "КПП", "string")],
      },
      { id: typeCounteragentId(3), name: "Поставщик", sort: 3, fields: [] },
    ],
    howKnows: [
      { id: howKnowId(1), name: "Рекомендация знакомых", isRepeat: false },
      { id: howKnowId(2), name: "Яндекс Карты", isRepeat: false },
      { id: howKnowId(3), name: "2ГИС", isRepeat: false },
      { id: howKnowId(4), name: "Авито", isRepeat: false },
      { id: howKnowId(5), name: "Вывеска", isRepeat: false },
      { id: howKnowId(6), name: "ВКонтакте", isRepeat: false },
      { id: howKnowId(7), name: "Повторное обращение", isRepeat: true },
    ],
    cashItems: [
      { id: ITEM_PREPAYMENT, name: "Предоплата по заказу", isIncome: true, isBalance: true },
      { id: ITEM_PAYMENT, name: "Оплата заказа", isIncome: true, isBalance: true },
      { id: ITEM_REFUND, name: "Возврат по заказу", isIncome: false, isBalance: true },
      { id: ITEM_PARTS, name: "Закупка запчастей", isIncome: false, isBalance: true },
      { id: ITEM_RENT, name: "Аренда", isIncome: false, isBalance: true },
      { id: ITEM_DEPOSIT, name: "Внесение в кассу", isIncome: true, isBalance: true },
      { id: ITEM_MOVE_OUT, name: "Перемещение между кассами", isIncome: false, isBalance: false },
      { id: ITEM_MOVE_IN, name: "Приём перемещения", isIncome: true, isBalance: false },
    ],
    registers: [
      register(1, "Касса Ленина", SHOP_A, { cash: true, bank: true, negative: false, isDefault: true }),
      register(2, "Расчётный счёт", SHOP_A, { cash: false, bank: true, negative: false, isDefault: false }),
      register(3, "Касса Север", SHOP_B, { cash: true, bank: true, negative: false, isDefault: true }),
      register(4, "Сейф Север", SHOP_B, { cash: true, bank: false, negative: true, isDefault: false }),
      register(5, "Касса Юг", SHOP_C, { cash: true, bank: true, negative: false, isDefault: true }),
    ],
    employees: [
      {
        id: employeeId(1),
        name: "Соколов Андрей Викторович",
        shopIds: [SHOP_A, SHOP_B, SHOP_C],
        isMaster: false,
        isManager: true,
      },
      {
        id: employeeId(2),
        name: "Кузнецова Мария Сергеевна",
        shopIds: [SHOP_A],
        isMaster: false,
        isManager: true,
      },
      {
        id: employeeId(3),
        name: "Орлов Дмитрий Павлович",
        shopIds: [SHOP_A],
        isMaster: true,
        isManager: false,
      },
      {
        id: employeeId(4),
        name: "Лебедев Кирилл Олегович",
        shopIds: [SHOP_A],
        isMaster: true,
        isManager: false,
      },
      {
        id: employeeId(5),
        name: "Новиков Павел Игоревич",
        shopIds: [SHOP_A, SHOP_B],
        isMaster: true,
        isManager: false,
      },
      {
        id: employeeId(6),
        name: "Егорова Ольга Николаевна",
        shopIds: [SHOP_B],
        isMaster: false,
        isManager: true,
      },
      {
        id: employeeId(7),
        name: "Фролов Игорь Александрович",
        shopIds: [SHOP_B],
        isMaster: true,
        isManager: true,
      },
      {
        id: employeeId(8),
        name: "Зайцева Анна Дмитриевна",
        shopIds: [SHOP_C],
        isMaster: false,
        isManager: true,
      },
      { id: employeeId(9), name: "Гусев Роман Юрьевич", shopIds: [SHOP_C], isMaster: true, isManager: false },
      {
        id: employeeId(10),
        name: "Степанова Ирина Олеговна",
        shopIds: [SHOP_A, SHOP_B],
        isMaster: false,
        isManager: false,
      },
    ],
  };
}

function register(
  n: number,
  name: string,
  shopId: string,
  flags: { cash: boolean; bank: boolean; negative: boolean; isDefault: boolean },
): Reference["registers"][number] {
  return {
    id: registerId(n),
    name,
    shopId,
    cashMoney: 0,
    bankMoney: 0,
    bankPercent: flags.bank ? 1.5 : 0,
    isEnableCash: flags.cash,
    isEnableBank: flags.bank,
    isEnableNegative: flags.negative,
    isEnableInternalMove: true,
    isDefault: flags.isDefault,
  };
}
