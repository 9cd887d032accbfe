/**
 * 🩺 Diagnosis on the card, for operators and owners (a CardDialog: the press
 * re-checks the role, so a viewer's forged press is refused and writes
 * nothing), opened from the order's full record as the service holds it (one
 * GET, also with the mirror: its copy lacks the fields a diagnosis edits).
 * A second press while it runs is "busy".
 */
import type { CardDialog } from "../../dialog-kit/card-dialog.ts";
import { idButton } from "../../dialog-kit/card-dialog.ts";
import { diagnosisOpen } from "../../ui/callbacks.ts";
import { DIAGNOSIS, diagnosisDialog } from "./dialog.ts";

export const diagnosisCard: CardDialog = {
  id: DIAGNOSIS,
  label: "card-btn-diagnosis",
  button: idButton(diagnosisOpen),
  dialog: diagnosisDialog,
  read: "full",
};
