/**
 * The card's buttons: "🔄 Refresh" for everyone allowed, then the operator
 * actions: CardAction entries (createBot's `cardActions`). A dialog's button
 * comes from its CardDialog (dialog-kit/card-dialog.ts: button, press and
 * dialog in one declaration); other actions (🏷, 📷, 🔔) declare theirs.
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import { InlineKeyboard } from "grammy";
import type { CustomFieldDefinition, Order, Status } from "../../service/index.ts";
import type { CoreServices } from "../core-services.ts";
import type { MoneySettings } from "../money/order-money.ts";
import type { Role } from "../policy/role.ts";
import type { UserSettingsStore } from "../state/user-settings.ts";
import { orderRefresh } from "./callbacks.ts";
import { tidyKeyboard } from "./keyboard.ts";
import { orderStartLink } from "./start-payload.ts";

/**
 * A button of the card. `labelOf` and `data` read the order and its facts and nothing else (no
 * services, no clock): a held order's buttons are built once per reader (card-memo.ts).
 */
export interface CardAction {
  /** Locale key of the button text ("icon + word" reads best: docs/decisions.md, "Order lookup"). */
  label: string;
  /** Another label for this order (a locale key), else `label`. */
  labelOf?(order: Order, facts: CardFacts): string | undefined;
  /** Who sees the button; operators only by default (viewers change nothing). */
  roles?: readonly Role[];
  /** Whether the button opens a dialog (the default): in a group chat it is left for the private-chat link. */
  dialog?: boolean;
  /** Callback data for this order (< 64 bytes), or undefined to leave the button out for it. */
  data(order: Order, facts: CardFacts): string | undefined;
  /** A button with a state (🔔 watching or not): its label while on, and whether it is on for this reader. */
  activeLabel?: string;
  active?(order: Order, services: CardServices, userId: number): Promise<boolean>;
}

/**
 * What a card reads of the bot's services: only what is held (the cached reference data, the
 * bot's own store), never a request. BotServices (context.ts) is one.
 */
export interface CardServices extends CoreServices {
  cardActions: readonly CardAction[];
  users: UserSettingsStore;
  reference: {
    /** The statuses as cached, however old: never a request. */
    cachedStatuses(): Promise<Status[] | undefined>;
    cachedOrderTypeFields(typeId: string): Promise<CustomFieldDefinition[] | undefined>;
  };
}

/** What the card knows of an order beyond its record (a button may depend on it). */
export interface CardFacts {
  /** The status's group (`finish`, `closed`...): the record's own, else the cached statuses'. */
  statusGroup?: string;
  /** The money model's settings: which statuses are a decline or a return without repair. */
  money?: MoneySettings;
}

const ACTIONS_PER_ROW = 2;

export function orderCardKeyboard(
  order: Order,
  options: {
    t: TranslateFunction;
    role: Role;
    actions: readonly CardAction[];
    /** The bot's username in a group chat: the dialog buttons become one link to the private chat on this order. */
    privateLink?: string | undefined;
    statusGroup?: string | undefined;
    money?: MoneySettings | undefined;
    /** The actions whose state is on for this reader: they show their `activeLabel`. */
    active?: ReadonlySet<CardAction>;
  },
): InlineKeyboard {
  const { t, role, actions, privateLink } = options;
  const facts: CardFacts = { statusGroup: options.statusGroup, money: options.money };
  const keyboard = new InlineKeyboard();
  if (orderRefresh.fits({ id: order.id })) {
    keyboard.text(t("btn-refresh"), orderRefresh.encode({ id: order.id }));
  }
  let inRow = 0;
  const link = privateLink === undefined ? undefined : orderStartLink(privateLink, order.id);
  if (link) {
    keyboard.row().url(t("card-btn-private"), link);
    inRow++;
  }
  for (const action of actions) {
    if (!(action.roles ?? ["owner", "operator"]).includes(role)) continue;
    // Dialogs run in the private chat only: in a group their buttons are the link above.
    if (privateLink !== undefined && action.dialog !== false) continue;
    const data = action.data(order, facts);
    if (data === undefined) continue;
    if (inRow % ACTIONS_PER_ROW === 0) keyboard.row();
    const on = action.activeLabel !== undefined && options.active?.has(action) === true;
    const label = action.labelOf?.(order, facts) ?? action.label;
    keyboard.text(t(on ? (action.activeLabel ?? label) : label), data);
    inRow++;
  }
  // Without a refresh button (an id too long for it) the first row would stay empty.
  return tidyKeyboard(keyboard);
}
