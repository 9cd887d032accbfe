/**
 * A repair request (issue 36.5, CLIENTS=on): "📥 Request a repair" on a linked
 * client's /start asks the device, the fault and when they can bring it
 * (client-part.ts), and lands in the shop's inbox as a draft with 📥 Take in (post.ts).
 * 📥 Take in opens the staff intake filled in (features/order-create, take-in.ts);
 * its create is the intake's own write, and the client is told the order's number
 * (taken.ts). Nothing reaches the service before that create.
 */
import type { StartButton } from "../client-side/index.ts";
import { repairStart } from "./callbacks.ts";

export { repairTakeIn } from "./callbacks.ts";
export { repairClientPart } from "./client-part.ts";
export { requestLines, whenText } from "./post.ts";
export type { RepairRequest } from "./records.ts";
export { requestOf, requestTaken } from "./taken.ts";

/** "📥 Request a repair" on the client's /start. */
export const repairRequestButton: StartButton = { label: "repair-btn-request", data: repairStart.encode({}) };
