/** The inbox's buttons (prefixes unused elsewhere: see ui/callbacks.ts). */
import { callbackCodec } from "../../ui/callback-data.ts";

/** ↩️ Reply under an inbox message: `ir:<client>` (checked against the message it is on). */
export const inboxReply = callbackCodec("ir", ["client"]);
/** ✍️ Write to us on the client's /start: `iw`. */
export const writeToUs = callbackCodec("iw", []);
/** A client's answer to "which order?": `ia:<orderId or ->` ("-": not about an order). */
export const aboutOrder = callbackCodec("ia", ["order"]);
