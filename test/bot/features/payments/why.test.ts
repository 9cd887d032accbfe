/**
 * Why a payment is not in the CRM: a failed attempt's kind, worded in the
 * reader's language when read; a refusal keeps the service's words (without a
 * closing stop, the staff text adds its own).
 */
import { describe, expect, it } from "vitest";
import { reasonOf, whyText } from "../../../../src/bot/features/payments/why.ts";

const failed = (cause: "service" | "unknown" | "store", error?: "quota" | "unavailable" | "bad_request") => ({
  kind: "failed" as const,
  cause,
  message: "Сервис отклонил запрос: статус нельзя выбрать.",
  retryable: cause !== "service" || error !== "bad_request",
  error,
});

describe("why a payment is not in the CRM", () => {
  it("names the kind of the failure", () => {
    expect(reasonOf(failed("service", "unavailable"))).toEqual({ reason: "down" });
    expect(reasonOf(failed("unknown", "unavailable"))).toEqual({ reason: "timeout" });
    expect(reasonOf(failed("service", "quota"))).toEqual({ reason: "quota" });
    expect(reasonOf(failed("store"))).toEqual({ reason: "store" });
    expect(reasonOf({ kind: "refused" })).toEqual({ reason: "refused" });
    expect(reasonOf(failed("service", "bad_request"))).toEqual({
      reason: "refused",
      why: "Сервис отклонил запрос: статус нельзя выбрать.",
    });
  });

  it("is worded by the reader's words, the service's own after a refusal, no closing stop", () => {
    const t = (key: string) => `<${key}>`;
    expect(whyText({ state: "pending", reason: "down" }, t)).toBe("<payment-why-down>");
    expect(whyText({ state: "pending", reason: "refused", why: "статус нельзя выбрать." }, t)).toBe(
      "<payment-why-refused> (статус нельзя выбрать)",
    );
    expect(whyText({ state: "held", held: "replay" }, t)).toBe("<payment-held-replay>");
    expect(whyText({ state: "held" }, t)).toBe("<payment-held-forged>");
    expect(whyText({ state: "recorded", reason: "down" }, t)).toBe("");
  });
});
