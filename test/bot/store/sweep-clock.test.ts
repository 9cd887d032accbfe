/**
 * The file store's sweep tells a temporary file's age on the disk's clock
 * (issue 32.1, found under the year-end clock setting): with the process's
 * clock weeks ahead of the file system's, a temporary file being written now
 * is kept (removing it failed that write); a leftover of a kill, an hour older
 * than the namespace's newest file, still goes. Dates are the test's own.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sweepExpired } from "../../../src/bot/store/files.ts";

const HOUR = 3_600_000;
/** The disk's "now" in this test (its files' times), and the process's clock four weeks later. */
const DISK_NOW = Date.UTC(2026, 11, 2, 7, 0);
const PROCESS_NOW = DISK_NOW + 28 * 24 * HOUR;

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function file(sub: string, name: string, at: number, text = "{}"): void {
  const path = join(dir as string, sub, name);
  mkdirSync(join(dir as string, sub), { recursive: true });
  writeFileSync(path, text);
  utimesSync(path, at / 1000, at / 1000);
}

describe("the sweep's clock for temporary files", () => {
  it("keeps one being written now though the process's clock is weeks ahead; removes a kill's leftover", async () => {
    dir = mkdtempSync(join(tmpdir(), "sweep-clock-"));
    file("ab", "entry.json", DISK_NOW, JSON.stringify({ v: "x", e: PROCESS_NOW + HOUR }));
    file("ab", "entry.json.123456", DISK_NOW);
    file("cd", "other.json.987654", DISK_NOW - 2 * HOUR);
    file("cd", "gone.json.broken-2026", DISK_NOW - 8 * 24 * HOUR);
    await sweepExpired(dir, 60_000, PROCESS_NOW);
    expect(readdirSync(join(dir, "ab")).sort()).toEqual(["entry.json", "entry.json.123456"]);
    expect(readdirSync(join(dir, "cd"))).toEqual([]);
  });

  it("with both clocks agreeing, an hour-old temporary file goes and a fresh one stays", async () => {
    dir = mkdtempSync(join(tmpdir(), "sweep-clock-"));
    file("ab", "a.json.1", DISK_NOW - HOUR - 1000);
    file("ab", "b.json.2", DISK_NOW - 1000);
    await sweepExpired(dir, 60_000, DISK_NOW);
    expect(readdirSync(join(dir, "ab"))).toEqual(["b.json.2"]);
  });
});
