/**
 * The write core's public surface: run a write of a kind for an actor (in a
 * dialog, for an update, a web request or a job), declare a kind, compare fields as stored, diff an edit against
 * the full record. Kinds live in ./kinds (one file each, one list); the
 * orders' facade is ./order-writer.ts. See docs/DEVELOPMENT.md, "Where a new
 * write goes".
 */

export { runOnce, type WriteActor } from "./actor.ts";

export type { WriteReply } from "./kind.ts";
export {
  findLanded,
  type WriteFailure,
  type WriteRequest,
  writeIn,
} from "./once.ts";
