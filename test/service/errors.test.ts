import { describe, expect, it } from "vitest";
import { isServiceError, type ServiceError } from "../../src/service/index.ts";
import { BASE, intercept, list, service, TOKEN, tokenClient, useNock } from "./helpers.ts";

useNock();

const errorBody = (statusCode: number, message: string, extra: Record<string, unknown> = {}) => ({
  error: { statusCode, name: "Error", message, remainRequest: 50, ...extra },
});

async function failure(run: Promise<unknown>): Promise<ServiceError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isServiceError(error)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

const noRetry = () => tokenClient({ retry: { count: 0 } });

describe("error mapping", () => {
  it("400 -> bad_request with the service's message", async () => {
    intercept("POST", 400, errorBody(400, "Incorrect field typeOrderId"));
    const error = await failure(noRetry().orders.create("s1", { typeOrderId: "bad", name: "n" }));
    expect(error).toMatchObject({
      kind: "bad_request",
      status: 400,
      serviceMessage: "Incorrect field typeOrderId",
    });
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("POST /shops/s1/orders: 400 Incorrect field typeOrderId");
  });

  it("401 with a fixed token -> auth", async () => {
    intercept("GET", 401, errorBody(401, "Unauthorized"));
    expect(await failure(noRetry().shops.list())).toMatchObject({ kind: "auth", status: 401 });
  });

  it("403 with a fixed token -> forbidden", async () => {
    intercept("GET", 403, errorBody(403, "Access denied"));
    expect(await failure(noRetry().shops.list())).toMatchObject({
      kind: "forbidden",
      status: 403,
      serviceMessage: "Access denied",
    });
  });

  it('403 "Forbidden. Try again later" -> quota', async () => {
    const now = Date.parse("2026-03-01T10:00:00Z");
    intercept("GET", 403, errorBody(403, "Forbidden. Try again later"));
    const error = await failure(tokenClient({ now: () => now }).shops.list());
    expect(error).toMatchObject({ kind: "quota", status: 403 });
    expect(error.resetAt).toEqual(new Date(now + 60_000));
    expect(error.retryable).toBe(true);
  });

  it("403 with an expireDate in the error -> quota until then", async () => {
    const now = Date.parse("2026-03-01T10:00:00Z");
    intercept("GET", 403, errorBody(403, "Forbidden", { expireDate: "2026-03-01T10:07:00Z" }));
    const error = await failure(tokenClient({ now: () => now }).shops.list());
    expect(error).toMatchObject({ kind: "quota", resetAt: new Date("2026-03-01T10:07:00Z") });
  });

  it("404 -> not_found", async () => {
    intercept("GET", 404, errorBody(404, "Not found"));
    expect(await failure(noRetry().orders.get("x"))).toMatchObject({ kind: "not_found", status: 404 });
  });

  it("429 -> quota", async () => {
    intercept("GET", 429, errorBody(429, "Too many requests"));
    expect(await failure(noRetry().shops.list())).toMatchObject({ kind: "quota", status: 429 });
  });

  it("429 only in the body of a 200 -> quota", async () => {
    intercept("GET", 200, errorBody(429, "Too many requests"));
    expect(await failure(noRetry().shops.list())).toMatchObject({ kind: "quota", status: 429 });
  });

  it("500 -> unavailable", async () => {
    intercept("GET", 500, errorBody(500, "Internal"));
    const error = await failure(noRetry().shops.list());
    expect(error).toMatchObject({ kind: "unavailable", status: 500 });
    expect(error.retryable).toBe(true);
  });

  it("502 with an HTML page -> unavailable", async () => {
    intercept("GET", 502, "<html>Bad gateway</html>");
    expect(await failure(noRetry().shops.list())).toMatchObject({ kind: "unavailable", status: 502 });
  });

  it("malformed JSON -> bad_response", async () => {
    intercept("GET", 200, "{not json");
    expect(await failure(noRetry().shops.list())).toMatchObject({ kind: "bad_response", status: 200 });
  });

  it("wrong shape -> bad_response naming the place", async () => {
    intercept("GET", 200, { data: "nope" });
    const error = await failure(noRetry().orders.list());
    expect(error.kind).toBe("bad_response");
    expect(error.message).toContain("data");
  });

  it("a record without an id -> bad_response", async () => {
    intercept("GET", 200, list([{ number: "1" }]));
    expect(await failure(noRetry().orders.list())).toMatchObject({ kind: "bad_response" });
  });

  it("network error -> unavailable", async () => {
    service().get("/shops").replyWithError("connection reset");
    const error = await failure(noRetry().shops.list());
    expect(error).toMatchObject({ kind: "unavailable", status: undefined });
    expect(error.message).toContain("network error");
  });

  it("timeout -> unavailable", async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      );
    const client = tokenClient({ fetch: hanging, timeoutMs: 20, retry: { count: 0 } });
    const error = await failure(client.shops.list());
    expect(error).toMatchObject({ kind: "unavailable" });
    expect(error.message).toContain("timed out after 20 ms");
  });

  it("the ServiceError is an Error with a name", async () => {
    intercept("GET", 404, errorBody(404, "Not found"));
    const error = await failure(noRetry().orders.get("x"));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ServiceError");
    expect(error.path).toBe("/orders/x");
  });
});

describe("base URL with a path prefix", () => {
  it("keeps the prefix", async () => {
    const sent: string[] = [];
    const fetch: typeof globalThis.fetch = async (input) => {
      sent.push(String(input));
      return Response.json({ data: [] });
    };
    await tokenClient({ baseUrl: `${BASE}/api/v1`, fetch }).shops.list();
    expect(sent).toEqual([`${BASE}/api/v1/shops`]);
    expect(TOKEN).toBeTruthy();
  });
});
