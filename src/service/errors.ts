import type { z } from "zod";

/** What went wrong, coarse enough for the bot to pick a message and a reaction. */
export type ServiceErrorKind =
  | "validation" // stopped locally, nothing was sent
  | "auth" // 401 after one token renewal, or bad credentials on /auth
  | "forbidden" // 403 after one token renewal
  | "not_found"
  | "bad_request"
  | "quota" // request quota spent or temporarily blocked; see resetAt
  | "unavailable" // network error, timeout, 5xx
  | "bad_response"; // not JSON, or not the expected shape

export interface ValidationIssue {
  /** Dotted path of the offending field ("" for the whole input). */
  field: string;
  message: string;
}

interface ServiceErrorOptions {
  status?: number;
  serviceMessage?: string;
  resetAt?: Date;
  reserve?: number;
  issues?: ValidationIssue[];
  method?: string;
  path?: string;
  cause?: unknown;
}

export class ServiceError extends Error {
  override readonly name = "ServiceError";
  readonly kind: ServiceErrorKind;
  /** HTTP status (or error.statusCode of the body) when the service answered. */
  readonly status: number | undefined;
  /** The service's own message when it answered with one. */
  readonly serviceMessage: string | undefined;
  /** For kind "quota": when the client may try again. */
  readonly resetAt: Date | undefined;
  /**
   * For kind "quota" of a read stopped at the write reserve (WRITE_RESERVE): how many
   * requests are kept for writes. Nothing was sent; writes may still go.
   */
  readonly reserve: number | undefined;
  /** For kind "validation": every broken rule; `field` is the first one's field. */
  readonly issues: ValidationIssue[];
  readonly method: string | undefined;
  readonly path: string | undefined;

  constructor(kind: ServiceErrorKind, message: string, options: ServiceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.status = options.status;
    this.serviceMessage = options.serviceMessage;
    this.resetAt = options.resetAt;
    this.reserve = options.reserve;
    this.issues = options.issues ?? [];
    this.method = options.method;
    this.path = options.path;
  }

  /** The first invalid field of a validation error. */
  get field(): string | undefined {
    return this.issues[0]?.field;
  }

  /** True when the same call may succeed later without changes (after resetAt for quota). */
  get retryable(): boolean {
    return this.kind === "unavailable" || this.kind === "quota";
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

/** Turns a zod failure on caller input into a validation ServiceError. */
export function validationError(what: string, error: z.ZodError): ServiceError {
  const issues = error.issues.map((issue) => ({
    field: issue.path.map(String).join("."),
    message: issue.message,
  }));
  const first = issues[0];
  const detail = first ? `${first.field || what}: ${first.message}` : "invalid";
  return new ServiceError("validation", `Invalid ${what}: ${detail}`, { issues });
}
