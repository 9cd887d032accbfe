/**
 * Every write kind, in one list: the core resolves an interrupted write by
 * the kind named in its marker. A new write (a payment, a web form's
 * submission) is one file here exporting a WriteKind, and one line in this
 * list; the core does not change. The other files here are the kinds' shared
 * parts (order-record, order-through, order-view, counteragent-patch).
 */
import type { AnyWriteKind } from "../kind.ts";
import { clientApproval } from "./client-approval.ts";
import { clientChange } from "./client-change.ts";
import { clientConsent } from "./client-consent.ts";
import { clientCreate } from "./client-create.ts";
import { orderChange } from "./order-change.ts";
import { orderComment } from "./order-comment.ts";
import { orderCreate } from "./order-create.ts";
import { orderDelete } from "./order-delete.ts";
import { orderPayment } from "./order-payment.ts";

export const WRITE_KINDS: readonly AnyWriteKind[] = [
  orderCreate,
  orderChange,
  orderComment,
  // Clients and mistakes (issue 26).
  clientChange,
  clientCreate,
  orderDelete,
  // The client's side (issue 28).
  clientConsent,
  clientApproval,
  // Payments in the chat (issue 37).
  orderPayment,
];
