/** A repair request's buttons (prefixes unused elsewhere: see ui/callbacks.ts). */
import { callbackCodec } from "../../ui/callback-data.ts";

/** 📥 Request a repair on the client's /start: `rq`. */
export const repairStart = callbackCodec("rq", []);
/** One of the client's earlier devices: `rqd:<index in the offered list>`. */
export const repairDevice = callbackCodec("rqd", ["i"]);
/** When they can bring it: `rqw:<today|tomorrow|week>`. */
export const repairWhen = callbackCodec("rqw", ["w"]);
/** ✖ Cancel the request being asked: `rqx`. */
export const repairCancel = callbackCodec("rqx", []);
/** 📥 Take in under the request in the inbox (staff): `rqt:<request id>`. */
export const repairTakeIn = callbackCodec("rqt", ["id"]);
