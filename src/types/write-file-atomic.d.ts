/** write-file-atomic 7 ships no types (@types/write-file-atomic describes version 4): what the code uses. */
declare module "write-file-atomic" {
  interface Options {
    /** The file's mode, set on the temporary file before the rename (whatever the umask). */
    mode?: number;
    /** fsync before the rename (default true). */
    fsync?: boolean;
    encoding?: BufferEncoding;
  }
  /** Writes to a temporary sibling and renames it over `filename`; writes to one file are queued. */
  export default function writeFileAtomic(
    filename: string,
    data: string | Uint8Array,
    options?: Options,
  ): Promise<void>;
}
