/** The reviews' buttons (a prefix unused elsewhere: see ui/callbacks.ts). */
import { callbackCodec } from "../../ui/callback-data.ts";

/** A star under a review's question: `rv:<orderId>:<1-5>` (checked against who was asked). */
export const reviewStars = callbackCodec("rv", ["order", "stars"]);
