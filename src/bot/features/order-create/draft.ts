/** What the clerk's form collects, step by step; plain JSON (it lives in the dialog's replay log). */

export interface Named {
  id: string;
  name: string;
}

/** A custom field's answer, with the text to show in the summary. */
export interface FieldAnswer {
  id: string;
  name: string;
  value: string | number | boolean;
  shown: string;
  /** A required field of the form (asked on the main path, not in "other fields"). */
  required?: boolean;
}

export type ClientChoice =
  | { kind: "existing"; id: string; name: string; phone?: string }
  | {
      kind: "new";
      name: string;
      phone?: string;
      email?: string;
      address?: string;
      typeId?: string;
      fields: FieldAnswer[];
    };

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
