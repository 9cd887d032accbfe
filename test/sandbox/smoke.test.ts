import { describe, expect, it } from "vitest";
import { call, useSandbox } from "./helpers.ts";

describe("sandbox core", () => {
  const sb = useSandbox();

  it("serves the well-known order 1042 of the first workshop", async () => {
    const res = await call(sb(), "/company/orders", { query: { num: 1042 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].number).toBe("А001042");
    expect(res.body.data[0].shop.id).toBe(sb().shops[0]?.id);
  });

  it("answers lists in the envelope with quota fields", async () => {
    const res = await call(sb(), "/company/orders");
    expect(res.body).toMatchObject({ page: 1, pageSize: 10, remainRequest: 100000 });
    expect(res.body.total).toBeGreaterThan(10);
    expect(res.body.data).toHaveLength(10);
    expect(typeof res.body.expireDate).toBe("string");
  });
});
