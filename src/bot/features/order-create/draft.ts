/** What the clerk's form collects, step by step; plain JSON (it lives in the dialog's replay log). */
import type { ClientChoice } from "../../dialog-kit/ask-client.ts";
import type { FieldAnswer } from "../../dialog-kit/ask-custom-field.ts";

export interface Named {
  id: string;
  name: string;
}

export interface Device {
  typeDevice?: string;
  brand?: string;
  model?: string;
  sn?: string;
  problem: string[];
  completeSet?: string;
  appearance?: string;
  color?: string;
  approximatePrice?: string;
}

export interface Prepayment {
  register: Named;
  money?: number;
  bank?: number;
}

export interface Draft {
  shop: Named;
  type: Named;
  client: ClientChoice;
  device: Device;
  /** Unix ms. */
  deadline?: number | undefined;
  master?: Named | undefined;
  /** The clerk linked with /me when a manager of the workshop (changeable with ✏️ Edit). */
  manager?: Named | undefined;
  isUrgent: boolean;
  howKnow?: Named | undefined;
  fields: FieldAnswer[];
  prepayment?: Prepayment | undefined;
}

export const nameOf = (item: { id: string; name?: string | undefined }): string => item.name ?? item.id;
export const named = (item: { id: string; name?: string | undefined }): Named => ({
  id: item.id,
  name: nameOf(item),
});
