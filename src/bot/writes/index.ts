/**
 * The write core's public surface: run a write of a kind for an actor (in a
 * dialog, for an update, a web request or a job), declare a kind, compare fields as stored, diff an edit against
 * the full record. Kinds live in ./kinds (one file each, one list); the
 * orders' facade is ./order-writer.ts. See docs/DEVELOPMENT.md, "Where a new
 * write goes".
 */

export { runOnce, type WriteActor, type WriteRun, type WriteSink } from "./actor.ts";
export { type FieldCheck, holdsAll, msOf, valueAt } from "./checks.ts";
export { asFull, diffEdits, type EditDiff, type FieldEdit, type Full } from "./edit.ts";
export type { AnyWriteKind, Attempt, Landed, ReadScope, Sent, WriteKind, WriteReply } from "./kind.ts";
export {
  findLanded,
  runWrite,
  type WriteFailure,
  type WriteOutcome,
  type WriteRequest,
  writeIn,
} from "./once.ts";
export { type OpenDialog, type Resumed, resolveOpenWrite } from "./resume.ts";
