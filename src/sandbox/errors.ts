/** An error answered as `{"error":{statusCode,name,message,remainRequest}}`. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly errorName: string;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.errorName = ERROR_NAMES[statusCode] ?? "Error";
  }
}

const ERROR_NAMES: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  405: "MethodNotAllowed",
  413: "PayloadTooLarge",
  429: "TooManyRequests",
  500: "InternalServerError",
  502: "BadGateway",
  503: "ServiceUnavailable",
};

export const badRequest = (message: string): ApiError => new ApiError(400, message);
/** The real service's wording for a wrong or unknown field value. */
export const incorrectField = (field: string): ApiError => new ApiError(400, `Incorrect field ${field}`);
export const notFound = (what: string): ApiError => new ApiError(404, `${what} not found`);
export const accessDenied = (): ApiError => new ApiError(403, "Access denied");
