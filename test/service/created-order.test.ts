import { describe, expect, it } from "vitest";
import { createdOrder } from "../../src/service/schemas/order.ts";

describe("the answer of an order create", () => {
  it("is {id} on the real service", () => {
    expect(createdOrder.parse({ id: "o1" })).toEqual({ id: "o1" });
  });

  it("keeps a number when the service gives one (the bot then skips reading the new order)", () => {
    expect(createdOrder.parse({ id: 7, number: "А001043", num: "1043" })).toEqual({
      id: "7",
      number: "А001043",
      num: 1043,
    });
  });
});
