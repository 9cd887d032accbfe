/** The paper settings that need more than a schema: WARRANTY_BY_TYPE's list and the terms files. */
import { accessSync, constants } from "node:fs";
import type { Config } from "./schema.ts";

const WARRANTY_FORMAT =
  'WARRANTY_BY_TYPE must be a list "typeId:days" separated by ";" (e.g. "1:90;4:14"), days a whole number';

/** "typeId:days;typeId:days" into days by type id. */
export function parseWarrantyByType(
  text: string | undefined,
): { ok: true; days: Record<string, number> } | { ok: false; error: string } {
  const days: Record<string, number> = {};
  if (text === undefined) return { ok: true, days };
  const parts = text
    .split(/[;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  for (const part of parts) {
    const match = /^([^:]+):\s*(\d{1,5})$/.exec(part);
    const id = match?.[1]?.trim();
    if (!match || !id) return { ok: false, error: `${WARRANTY_FORMAT}: "${part}" does not fit` };
    if (id in days) return { ok: false, error: `WARRANTY_BY_TYPE names the order type "${id}" twice` };
    days[id] = Number(match[2]);
  }
  return { ok: true, days };
}

/** The terms files that cannot be read (checked at start, so a wrong path is said then, not at a print). */
export function unreadableTermsFiles(paper: Config["paper"]): string[] {
  const errors: string[] = [];
  for (const [locale, terms] of Object.entries(paper.terms)) {
    if (!terms.file) continue;
    try {
      accessSync(terms.file, constants.R_OK);
    } catch {
      errors.push(`REPAIR_TERMS_${locale.toUpperCase()}_FILE: cannot read ${terms.file}`);
    }
  }
  return errors;
}
