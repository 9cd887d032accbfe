/** The client receipt's button (a prefix unused elsewhere: see ui/callbacks.ts). */
import { callbackCodec } from "../../ui/callback-data.ts";

/** "✅ I accept the terms" under a client's receipt: `ct:<orderId>` (checked against the presser's link). */
export const termsAccept = callbackCodec("ct", ["id"]);
