/**
 * The mirror's file holds every order with its client's name and phone: it is
 * 0600 (its write-ahead log and index too) in a folder it creates 0700, under
 * any umask, and a file an older version left readable is narrowed.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openMirrorFile } from "../../src/mirror/db-open.ts";

let root: string | undefined;
let umask: number | undefined;
afterEach(() => {
  if (umask !== undefined) process.umask(umask);
  umask = undefined;
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe("the mirror file's modes", () => {
  it("under umask 000: the file, its log and index 0600, the folder it made 0700", () => {
    root = mkdtempSync(join(tmpdir(), "mirror-modes-"));
    umask = process.umask(0);
    const dataDir = join(root, "data");
    const db = openMirrorFile({ path: join(dataDir, "mirror.sqlite") });
    db.exec("CREATE TABLE IF NOT EXISTS probe (x)");
    db.exec("INSERT INTO probe VALUES (1)");
    const files = readdirSync(dataDir);
    expect(files).toEqual(
      expect.arrayContaining(["mirror.sqlite", "mirror.sqlite-wal", "mirror.sqlite-shm"]),
    );
    for (const name of files) expect([name, modeOf(join(dataDir, name))]).toEqual([name, 0o600]);
    expect(modeOf(dataDir)).toBe(0o700);
    db.close();
  });

  it("a file an older version left 0644 is narrowed to 0600 when opened", () => {
    root = mkdtempSync(join(tmpdir(), "mirror-modes-"));
    const dataDir = join(root, "data");
    mkdirSync(dataDir);
    const path = join(dataDir, "mirror.sqlite");
    openMirrorFile({ path }).close();
    chmodSync(path, 0o644);
    const db = openMirrorFile({ path });
    db.exec("CREATE TABLE IF NOT EXISTS probe (x)");
    db.exec("INSERT INTO probe VALUES (1)");
    for (const name of readdirSync(dataDir))
      expect([name, modeOf(join(dataDir, name))]).toEqual([name, 0o600]);
    db.close();
  });
});
