/** STATUSES: the statuses of a service that has no GET /statuses. */
import { z } from "zod";
import { type ConfiguredStatus, configuredStatus } from "./schema.ts";

const STATUSES_FORMAT =
  'STATUSES must be a list "id:name[:pay|nopay]" separated by ";" (e.g. "1:Новый;7:Выдан:pay") ' +
  'or a JSON array [{"id":"1","name":"Новый","isPayRequired":false}]';

/**
 * STATUSES: the statuses of a service that has no GET /statuses. Either JSON (names
 * with ":" or ";") or the short list `id:name[:pay|nopay]`; without pay/nopay the
 * payment is offered as optional when entering that status.
 */
export function parseStatuses(
  text: string | undefined,
): { ok: true; statuses: ConfiguredStatus[] } | { ok: false; error: string } {
  if (text === undefined) return { ok: true, statuses: [] };
  let entries: ConfiguredStatus[];
  if (text.startsWith("[")) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, error: `${STATUSES_FORMAT}: the JSON does not parse` };
    }
    const parsed = z.array(configuredStatus).min(1).safeParse(json);
    if (!parsed.success)
      return { ok: false, error: `${STATUSES_FORMAT}: every entry needs an id and a name` };
    entries = parsed.data;
  } else {
    entries = [];
    const parts = text
      .split(/[;\n]/)
      .map((part) => part.trim())
      .filter(Boolean);
    for (const [index, part] of parts.entries()) {
      const [id = "", name = "", pay, ...rest] = part.split(":").map((p) => p.trim());
      const payKnown = pay === undefined || pay === "pay" || pay === "nopay";
      if (id === "" || name === "" || !payKnown || rest.length > 0) {
        return { ok: false, error: `${STATUSES_FORMAT}: entry ${index + 1} ("${part}") does not fit` };
      }
      entries.push({ id, name, isPayRequired: pay === undefined ? undefined : pay === "pay" });
    }
  }
  const ids = entries.map((s) => s.id);
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice !== undefined) return { ok: false, error: `STATUSES names the status id "${twice}" twice` };
  return { ok: true, statuses: entries };
}
