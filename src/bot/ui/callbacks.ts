/**
 * Every callback-data format of the bot in one place, so prefixes never collide.
 * Dialogs add theirs here too (e.g. `orderAction` below for the card's buttons).
 */
import { callbackCodec } from "./callback-data.ts";

/** /language buttons: `lang:ru`. */
export const languagePick = callbackCodec("lang", ["locale"]);
/** Card refresh (also the retry of a failed card load): `or:<orderId>`. */
export const orderRefresh = callbackCodec("or", ["id"]);
/**
 * Open an order from a list (sends its card): `oo:<token>:<orderId>`, the token of
 * the saved search whose records hold the order (its card then costs no request).
 */
export const orderOpen = callbackCodec("oo", ["token", "id"]);
/** The older form `oo:<orderId>` on messages sent before: still opens, with one GET. */
export const orderOpenById = callbackCodec("oo", ["id"]);
/** A page of a saved search (also the retry of a failed search): `os:<token>:<page>`. */
export const searchPage = callbackCodec("os", ["token", "page"]);
/** Operator actions on a card, added by dialogs: `oa:<action>:<orderId>` (action: a short word). */
export const orderAction = callbackCodec("oa", ["action", "id"]);

// --- Dialogs ---
/** A button of a dialog prompt: `dg:<tag>:<value>`; the tag names the prompt (dialog nonce + prompt number). */
export const dialogButton = callbackCodec("dg", ["tag", "value"]);
/**
 * A page of a staff list: `sl:<kind>:<shop>:<token or ->:<page>` (kind m|g|s: masters, managers,
 * staff; shop: the workshop's id, or `#<index>` in the configured list when the id is too long).
 */
export const staffPage = callbackCodec("sl", ["kind", "shop", "token", "page"]);
/** The workshop pick before a staff list (several workshops): `sw:<kind>:<shop>:<token or ->`. */
export const staffShop = callbackCodec("sw", ["kind", "shop", "token"]);

// --- The order mirror's features ---
/** `/me`: link to an employee `me:<employeeId>`, or `me:-` to remove the link. */
export const meLink = callbackCodec("me", ["id"]);
/** An operator frees an employee another user holds (`/me`): "mr:<employeeId>". */
export const meRelease = callbackCodec("mr", ["id"]);
/** `/notify`: toggle one kind of notification `nt:<kind>`. */
export const notifyToggle = callbackCodec("nt", ["kind"]);
/** 🔔 on a card: watch an order's status changes, or stop `ow:<orderId>`. */
export const watchToggle = callbackCodec("ow", ["id"]);

// --- The workshop ---
/** 🏷 on a card: the device label as a PNG `lb:<orderId>`. */
export const labelPrint = callbackCodec("lb", ["id"]);
/** 📷 on a card: the order's photos sent again `pv:<orderId>`. */
export const photosShow = callbackCodec("pv", ["id"]);
/** "📷 Add photos" on a card: the next photos of this chat go to the order `pa:<orderId>`. */
export const photosAdd = callbackCodec("pa", ["id"]);
/** 🧾 on a card: a document as a PDF `pp:<kind>:<orderId>` (kind r: the intake receipt, a: the completion act). */
export const paperPrint = callbackCodec("pp", ["kind", "id"]);
/** 🩺 on a card: the diagnosis dialog `dx:<orderId>`. */
export const diagnosisOpen = callbackCodec("dx", ["id"]);

// --- Clients and mistakes (issue 26) ---
/** 👤 on a card, a found client: the client card `kc:<clientId>:<orderId or ->` (the order it was opened from). */
export const clientOpen = callbackCodec("kc", ["id", "order"]);
/** 📜 on a client card: the client's older orders (one request) `ko:<clientId>`. */
export const clientOlder = callbackCodec("ko", ["id"]);
/** 📞 under an order's card: the clients whose phone holds the digits typed (the digits were an order's number too). */
export const clientsByPhone = callbackCodec("kp", ["digits"]);
/** ✏️ on a client card: fixing the client `ke:<clientId>`. */
export const clientEdit = callbackCodec("ke", ["id"]);
/** 🔁 on a client card opened from an order: another client for the order `km:<orderId>`. */
export const orderClientMove = callbackCodec("km", ["order"]);
/** 🗑 on a card: deleting an order created by mistake `kd:<orderId>`. */
export const orderDelete = callbackCodec("kd", ["id"]);

// --- The board ---
/** /board with its filters: `bd:<mine 0|1>:<shopId or ->`. */
export const boardView = callbackCodec("bd", ["mine", "shop"]);
/** A status of the board: its open orders `bs:<statusId>:<mine 0|1>:<shopId or ->`. */
export const boardStatus = callbackCodec("bs", ["status", "mine", "shop"]);
