/** Bytes of all files under a directory: their length and what the file system allocated. */
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";

export interface DirSize {
  files: number;
  bytes: number;
  allocated: number;
}

export async function dirSize(dir: string): Promise<DirSize> {
  const out: DirSize = { files: 0, bytes: 0, allocated: 0 };
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const info = await stat(join(entry.parentPath, entry.name));
    out.files++;
    out.bytes += info.size;
    out.allocated += info.blocks * 512;
  }
  return out;
}
