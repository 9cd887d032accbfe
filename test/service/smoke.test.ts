import { describe, expect, it } from "vitest";
import { list, service, TOKEN, tokenClient, useNock } from "./helpers.ts";

useNock();

describe("smoke", () => {
  it("lists orders", async () => {
    service()
      .get("/company/orders")
      .matchHeader("authorization", TOKEN)
      .reply(200, list([{ id: "o1", number: "A-1", dateCreate: "2026-01-01T00:00:00Z", statusId: "s1" }]));
    const client = tokenClient();
    const page = await client.orders.list();
    expect(page.items[0]?.status?.id).toBe("s1");
    expect(page.items[0]?.dateCreate).toBeInstanceOf(Date);
    expect(client.quota?.remaining).toBe(90);
  });
});
