/** The table for people and the final JSON line for machines. */
import type { BenchRow } from "./types.ts";

export function formatTable(rows: readonly BenchRow[]): string {
  const cells = rows.map((row) => [
    row.name,
    String(row.value),
    row.unit,
    row.target ?? "",
    row.ok === undefined ? "" : row.ok ? "ok" : "MISS",
  ]);
  const header = ["figure", "value", "unit", "target", ""];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? "").length)));
  const line = (c: string[]) =>
    c
      .map((cell, i) => (i === 1 ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...cells.map(line)].join("\n");
}

export function jsonLine(rows: readonly BenchRow[], totalMs: number): string {
  return JSON.stringify({
    bench: rows,
    ok: rows.every((row) => row.ok !== false),
    totalMs: Math.round(totalMs),
  });
}
