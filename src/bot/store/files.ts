/**
 * Entries of the file store: `DATA_DIR/<namespace>/<last two characters>/<key>.json`
 * (the layout of @grammyjs/storage-file, so existing data stays readable).
 *
 * Every write goes to a temporary file in the same folder and is renamed over
 * the entry: a kill leaves the old entry or the new one, never half of one.
 * Records that must survive a power cut too (`durable`: exactly-once markers,
 * dialogs, secrets) are fsynced before the rename. Secret namespaces keep their
 * folders 0700 and files 0600, also when they were created wider before.
 *
 * A file that is there but does not parse (cut short by an older version, or
 * foreign bytes) throws `StoreCorruptError`: it is never "nothing stored".
 */
import { randomBytes } from "node:crypto";
import { chmod, mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { StoreCorruptError } from "./errors.ts";

export interface RawAdapter<T> {
  read(key: string): Promise<T | undefined>;
  write(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
}

interface FileEntryOptions {
  namespace: string;
  /** Folders 0700, files 0600: only the bot's user reads them. */
  secret?: boolean;
  /** fsync before the rename. */
  durable?: boolean;
}

const SECRET_DIR_MODE = 0o700;
const SECRET_FILE_MODE = 0o600;
/** Temporary files older than this are leftovers of a kill; the sweep removes them. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/** Keys become file names: keep them to a safe alphabet, keep them distinct. */
function fileKey(key: string): string {
  return /^[\w.-]+$/.test(key) ? key : `~${Buffer.from(key).toString("base64url")}`;
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
    await tighten(dir, SECRET_DIR_MODE);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await tightenTree(path);
    else await tighten(path, SECRET_FILE_MODE);
  }
}

/** Writes `text` to `path` atomically: a temporary sibling, then a rename. */
export async function writeAtomic(
  path: string,
  text: string,
  options: { secret?: boolean; durable?: boolean } = {},
): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, ...(options.secret ? { mode: SECRET_DIR_MODE } : {}) });
  const temp = join(dir, `.${randomBytes(6).toString("hex")}.tmp`);
  try {
    const file = await open(temp, "wx", options.secret ? SECRET_FILE_MODE : 0o666);
    try {
      await file.writeFile(text, "utf8");
      if (options.durable) await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

export function fileEntries<T>(dir: string, options: FileEntryOptions): RawAdapter<T> {
  const pathOf = (key: string) => {
    const name = fileKey(key);
    return join(dir, name.slice(-2), `${name}.json`);
  };
  return {
    async read(key) {
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
        if (options.secret) await tighten(path, SECRET_FILE_MODE).catch(() => undefined);
      }
    },
    async write(key, value) {
      const path = pathOf(key);
      if (options.secret) {
        await mkdir(dir, { recursive: true, mode: SECRET_DIR_MODE });
        await tighten(dir, SECRET_DIR_MODE);
      }
      await writeAtomic(path, JSON.stringify(value), options);
      if (options.secret) await tighten(dirname(path), SECRET_DIR_MODE);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/**
 * Deletes the expired entries' files of one namespace (`dir/<xx>/<key>.json`) and
 * temporary files a kill left behind. A file written within its lifetime is not
 * even read. Failures (a file gone meanwhile, a read-only disk) leave it to the next sweep.
 */
export async function sweepExpired(dir: string, ttlMs: number, now: number): Promise<void> {
  for (const sub of await readdir(dir).catch(() => [])) {
    for (const name of await readdir(join(dir, sub)).catch(() => [])) {
      const path = join(dir, sub, name);
      try {
        const written = (await stat(path)).mtimeMs;
        if (name.endsWith(".tmp")) {
          if (written + STALE_TEMP_MS <= now) await rm(path, { force: true });
          continue;
        }
        if (!name.endsWith(".json") || written + ttlMs > now) continue;
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
}
