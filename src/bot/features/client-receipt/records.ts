/** What the client receipt keeps in the store: each namespace declared once (store/registry.ts). */
import { z } from "zod";
import { persisted } from "../../store/registry.ts";

/** By client (Telegram user): the order of the receipt QR they opened before linking, to send its receipt once linked. */
export const receiptScans = persisted({
  namespace: "client-receipt-scans",
  schema: z.string(),
  ttlSeconds: 24 * 60 * 60,
  whenStoreFails: "skip",
});
