/**
 * Entries of the file store: `DATA_DIR/<namespace>/<last two characters>/<key>.json`
 * (the layout of @grammyjs/storage-file, so existing data stays readable).
 *
 * Every write goes to a temporary sibling and is renamed over the entry
 * (write-file-atomic, also the sandbox's state file): a kill leaves the old entry
 * or the new one, never half of one. Records that must survive a power cut too
 * (`durable`: exactly-once markers, dialogs, secrets) are fsynced before the
 * rename. Files are 0600 in 0700 folders whatever the umask (they hold client
 * data); secret namespaces also narrow what an older version left wider.
 *
 * A file that is there but does not parse (cut short by an older version, or
 * foreign bytes) throws `StoreCorruptError`: it is never "nothing stored"; the
 * guard sets it aside (`<key>.json.broken-<time>`) where its record allows.
 */
import { createHash } from "node:crypto";
import { chmod, mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import writeFileAtomic from "write-file-atomic";
import { StoreCorruptError } from "./errors.ts";
import { perKeyQueue, type RawAdapter } from "./guard.ts";

interface FileEntryOptions {
  namespace: string;
  /** Narrows folders and files an older version left wider. */
  secret?: boolean;
  /** fsync before the rename. */
  durable?: boolean;
}

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;
/** Temporary files older than this are leftovers of a kill; the sweep removes them. */
const STALE_TEMP_MS = 60 * 60 * 1000;
/** Entries set aside stay this long to be looked at, then the sweep removes them. */
const BROKEN_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** Temporary siblings: write-file-atomic's `<name>.<number>`, and an older version's `.<hex>.tmp`. */
const TEMPORARY = /(\.json\.\d+|\.tmp)$/;

/** Longer names are hashed: a file name has 255 bytes, and a set-aside entry's name adds 32. */
const NAME_BYTES = 200;

/** Keys become file names: keep them to a safe alphabet, keep them distinct, keep them short. */
function fileKey(key: string): string {
  const name =
    /^[\w.-]+$/.test(key) && !/^\.+$/.test(key) ? key : `~${Buffer.from(key).toString("base64url")}`;
  // "~~" never starts a name above (base64url has no "~").
  return Buffer.byteLength(name) <= NAME_BYTES
    ? name
    : `~~${createHash("sha256").update(key).digest("base64url")}`;
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown }).code === "ENOENT";
}

/** Narrows a secret folder or file that is wider than it should be. */
async function tighten(path: string, mode: number): Promise<void> {
  const current = await stat(path);
  if ((current.mode & 0o777) !== mode) await chmod(path, mode);
}

/** Narrows every folder and file of a secret namespace (files left by older versions at 0644). */
export async function tightenTree(dir: string): Promise<void> {
  try {
    await tighten(dir, DIR_MODE);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await tightenTree(path);
    else await tighten(path, FILE_MODE);
  }
}

/** Writes `text` to `path` atomically (a temporary sibling, then a rename), 0600 in 0700 folders. */
export async function writeAtomic(
  path: string,
  text: string,
  options: { durable?: boolean } = {},
): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: DIR_MODE });
  await writeFileAtomic(path, text, { mode: FILE_MODE, fsync: options.durable ?? false });
}

/** Writes and changes of one file, one after another (every store of this process). */
const queue = perKeyQueue();

export function fileEntries<T>(dir: string, options: FileEntryOptions): RawAdapter<T> {
  const pathOf = (key: string) => {
    const name = fileKey(key);
    const sub = name.slice(-2);
    // "a.." would name the folder above: such a key gets a folder of its own.
    return join(dir, sub === ".." || sub === "." ? "__" : sub, `${name}.json`);
  };
  const read = async (key: string): Promise<T | undefined> => {
    const path = pathOf(key);
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    try {
      return JSON.parse(text) as T;
    } catch (cause) {
      throw new StoreCorruptError(options.namespace, key, { cause });
    } finally {
      if (options.secret) await tighten(path, FILE_MODE).catch(() => undefined);
    }
  };
  const write = async (key: string, value: T) => {
    const path = pathOf(key);
    if (options.secret) {
      await mkdir(dir, { recursive: true, mode: DIR_MODE });
      await tighten(dir, DIR_MODE);
    }
    await writeAtomic(path, JSON.stringify(value), options);
    if (options.secret) await tighten(dirname(path), DIR_MODE);
  };
  const remove = async (key: string) => {
    await rm(pathOf(key), { force: true });
  };
  return {
    read,
    write: (key, value) => queue(pathOf(key), () => write(key, value)),
    delete: (key) => queue(pathOf(key), () => remove(key)),
    // One process serves a file store: its changes of a file, queued, are the only ones.
    update: (key, change) =>
      queue(pathOf(key), async () => {
        const current = await read(key).catch((error: unknown) => {
          // A torn entry is replaced by the change, never stops it.
          if (error instanceof StoreCorruptError) return undefined;
          throw error;
        });
        const next = change(current);
        if (next === undefined) await remove(key);
        else await write(key, next);
        return next;
      }),
    // Queued with the key's writes, and only what still does not fit: a writer's new entry stays.
    setAside: (key, fits) =>
      queue(pathOf(key), async () => {
        const path = pathOf(key);
        const now = await read(key).then(
          (value) => (value === undefined ? "gone" : fits(value) ? "fits" : "broken"),
          (error: unknown) => (error instanceof StoreCorruptError ? "broken" : Promise.reject(error)),
        );
        if (now !== "broken") return;
        await rename(path, `${path}.broken-${new Date().toISOString().replace(/[:.]/g, "-")}`);
      }),
  };
}

/**
 * Deletes the expired entries' files of one namespace (`dir/<xx>/<key>.json`) and
 * temporary files a kill left behind. A file written within its lifetime is not
 * even read. Failures (a file gone meanwhile, a read-only disk) leave it to the next sweep.
 *
 * A temporary or set-aside file's age is told on the file system's clock: against the
 * namespace's newest file as well as `now`, whichever is earlier. The process's clock may
 * run ahead of the disk's (a clock stepped forward, a fake clock): a temporary file being
 * written this very moment then looks an hour old, and removing it fails that write.
 */
export async function sweepExpired(dir: string, ttlMs: number, now: number): Promise<void> {
  const files: { path: string; name: string; written: number }[] = [];
  for (const sub of await readdir(dir).catch(() => [])) {
    for (const name of await readdir(join(dir, sub)).catch(() => [])) {
      const path = join(dir, sub, name);
      const written = await stat(path).then(
        (found) => found.mtimeMs,
        () => undefined,
      );
      if (written !== undefined) files.push({ path, name, written });
    }
  }
  const newest = files.reduce((latest, file) => Math.max(latest, file.written), 0);
  const diskNow = Math.min(now, newest);
  for (const { path, name, written } of files) {
    try {
      if (TEMPORARY.test(name) || name.includes(".broken-")) {
        const kept = TEMPORARY.test(name) ? STALE_TEMP_MS : BROKEN_KEPT_MS;
        if (written + kept <= diskNow) await rm(path, { force: true });
        continue;
      }
      // A file "written" after now (the clock stepped back, or a test's fake clock: the file
      // system keeps its own) is judged by its entry's expiry alone.
      if (!name.endsWith(".json") || (written <= now && written + ttlMs > now)) continue;
      const entry: unknown = JSON.parse(await readFile(path, "utf8"));
      const expiry = typeof entry === "object" && entry !== null ? (entry as { e?: unknown }).e : undefined;
      // Written again meanwhile (a new entry under the old key): it stays.
      if (typeof expiry !== "number" || expiry > now || (await stat(path)).mtimeMs !== written) continue;
      await rm(path, { force: true });
    } catch {
      // Next time.
    }
  }
}
