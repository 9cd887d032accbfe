/**
 * The one body reader of both webhooks, capped: a declared length over the cap
 * is answered 413 before any byte is read; a body without a length (chunked)
 * is answered 413 the moment it passes the cap, and reading stops there (the
 * connection is closed: see `refuse`). Nothing past the cap is held in memory.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { refuse } from "./server.ts";

/** The body, or undefined when it was refused (413, answered here) or the client went away. */
export function readCappedBody(
  req: IncomingMessage,
  res: ServerResponse,
  maxBytes: number,
): Promise<Buffer | undefined> {
  if (Number(req.headers["content-length"] ?? 0) > maxBytes) {
    refuse(req, res, 413);
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        chunks.length = 0;
        refuse(req, res, 413);
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onClose = () => {
      stop();
      resolve(undefined);
    };
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("close", onClose);
  });
}

/** A JSON object (not an array, not a scalar) from a body, or undefined. */
export function parseJsonObject(body: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body.toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
