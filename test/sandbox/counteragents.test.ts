import { describe, expect, it } from "vitest";
import { call, useSandbox } from "./helpers.ts";

describe("counteragents", () => {
  const sb = useSandbox();
  const ref = () => sb().store.ref;
  const personType = () => ref().typeCounteragents[0]?.id ?? "";
  const base = { typeCounteragentId: "", isBuyer: true, isVendor: false };
  const body = (extra: Record<string, unknown>) => ({ ...base, typeCounteragentId: personType(), ...extra });

  it("creates a counteragent and answers the record", async () => {
    const res = await call(sb(), "/counteragents", {
      method: "POST",
      body: body({ name: "Тестов Тест", phones: ["8 (912) 000-11-22"], email: "t@example.ru", rating: 1 }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: "Тестов Тест",
      phones: ["8 (912) 000-11-22"],
      rating: 1,
      isSendSms: false,
      isSendEmail: false,
      isSendTelegram: false,
      typeCounteragent: { id: personType() },
    });
    expect(typeof res.body.data.id).toBe("string");
  });

  it("requires name, typeCounteragentId, isBuyer and isVendor", async () => {
    for (const key of ["name", "typeCounteragentId", "isBuyer", "isVendor"]) {
      const payload: Record<string, unknown> = body({ name: "X" });
      delete payload[key];
      expect((await call(sb(), "/counteragents", { method: "POST", body: payload })).status, key).toBe(400);
    }
    const unknownType = await call(sb(), "/counteragents", {
      method: "POST",
      body: { ...body({ name: "X" }), typeCounteragentId: "nope" },
    });
    expect(unknownType.status).toBe(400);
    const badRating = await call(sb(), "/counteragents", {
      method: "POST",
      body: body({ name: "X", rating: 2 }),
    });
    expect(badRating.status).toBe(400);
  });

  it("requires the custom fields of the chosen type", async () => {
    const company = ref().typeCounteragents.find((t) => t.fields.some((f) => f.isRequired));
    const inn = company?.fields.find((f) => f.isRequired);
    const payload = { ...body({ name: "ООО Пример" }), typeCounteragentId: company?.id };
    expect((await call(sb(), "/counteragents", { method: "POST", body: payload })).status).toBe(400);
    const ok = await call(sb(), "/counteragents", {
      method: "POST",
      body: { ...payload, customFields: [{ id: inn?.id, value: "6601234567" }] },
    });
    expect(ok.status).toBe(200);
  });

  it("changes a counteragent", async () => {
    const id = (await call(sb(), "/counteragents", { method: "POST", body: body({ name: "Старое Имя" }) }))
      .body.data.id;
    const res = await call(sb(), `/counteragents/${id}`, {
      method: "PATCH",
      body: body({ name: "Новое Имя", isVendor: true, node: "заметка", isSendTelegram: true }),
    });
    expect(res.status).toBe(200);
    const read = (await call(sb(), `/counteragents/${id}`)).body.data;
    expect(read).toMatchObject({ name: "Новое Имя", isVendor: true, node: "заметка", isSendTelegram: true });
    const missing = await call(sb(), `/counteragents/${id}`, {
      method: "PATCH",
      body: { name: "Только имя" },
    });
    expect(missing.status).toBe(400);
    expect((await call(sb(), `/counteragents/${id}`)).body.data.name).toBe("Новое Имя");
  });

  it("answers 404 for an unknown counteragent", async () => {
    expect((await call(sb(), "/counteragents/000000000000000000000000")).status).toBe(404);
    expect(
      (
        await call(sb(), "/counteragents/000000000000000000000000", {
          method: "PATCH",
          body: body({ name: "X" }),
        })
      ).status,
    ).toBe(404);
  });

  it("finds phones by digits, a leading 8 read as 7", async () => {
    const client = sb().store.counteragents.find((c) => c.phones[0]?.startsWith("+7 9"));
    const digits = (client?.phones[0] ?? "").replace(/\D/g, "");
    const asEight = `8${digits.slice(1)}`;
    for (const phone of [
      digits,
      asEight,
      `8 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}`,
      digits.slice(4, 9),
    ]) {
      const res = await call(sb(), "/counteragents", { query: { phone, pageSize: 50 } });
      expect(
        res.body.data.map((c: { id: string }) => c.id),
        phone,
      ).toContain(client?.id);
    }
    const none = await call(sb(), "/counteragents", { query: { phone: "70000000000" } });
    expect(none.body.total).toBe(0);
  });

  it("filters by isBuyer and isVendor", async () => {
    const vendors = await call(sb(), "/counteragents", { query: { isVendor: true, pageSize: 50 } });
    expect(vendors.body.total).toBeGreaterThan(0);
    expect(vendors.body.data.every((c: { isVendor: boolean }) => c.isVendor)).toBe(true);
    const notBuyers = await call(sb(), "/counteragents", { query: { isBuyer: false, pageSize: 50 } });
    expect(notBuyers.body.data.every((c: { isBuyer: boolean }) => !c.isBuyer)).toBe(true);
    expect(notBuyers.body.total).toBe(sb().store.counteragents.filter((c) => !c.isBuyer).length);
  });

  it("filters by advertising sources and type", async () => {
    const ids = ref()
      .howKnows.slice(0, 2)
      .map((h) => h.id);
    const res = await call(sb(), "/counteragents", {
      rawQuery: `howKnowIds[]=${ids[0]}&howKnowIds[]=${ids[1]}`,
    });
    expect(res.body.total).toBe(
      sb().store.counteragents.filter((c) => c.howKnowId && ids.includes(c.howKnowId)).length,
    );
    const supplier = ref().typeCounteragents[2]?.id ?? "";
    const byType = await call(sb(), "/counteragents", { query: { typeCounteragentId: supplier } });
    expect(byType.body.total).toBe(
      sb().store.counteragents.filter((c) => c.typeCounteragentId === supplier).length,
    );
    expect((await call(sb(), "/counteragents", { query: { howKnowIds: "nope" } })).status).toBe(400);
  });

  it("searches by text and by date ranges", async () => {
    const client = sb().store.counteragents[10];
    const surname = client?.name.split(" ")[0] ?? "";
    const res = await call(sb(), "/counteragents", { query: { filter: surname, pageSize: 50 } });
    expect(res.body.data.map((c: { id: string }) => c.id)).toContain(client?.id);
    const recent = await call(sb(), "/counteragents", {
      query: { dateCreate: [Date.now() - 86_400_000 * 7, null] },
    });
    expect(recent.body.total).toBe(
      sb().store.counteragents.filter((c) => c.dateCreate >= Date.now() - 86_400_000 * 7).length,
    );
    const changed = await call(sb(), "/counteragents", {
      query: { lastAction: [null, Date.now() - 86_400_000 * 100] },
    });
    expect(changed.body.total).toBeGreaterThan(0);
  });

  it("sorts by every allowed field", async () => {
    for (const field of [
      "id",
      "typeCounteragent",
      "lastAction",
      "name",
      "howKnow",
      "node",
      "address",
      "email",
      "phones",
    ]) {
      expect((await call(sb(), "/counteragents", { query: { sort: `${field} DESC` } })).status, field).toBe(
        200,
      );
    }
    const desc = await call(sb(), "/counteragents", { query: { sort: "name DESC", pageSize: 20 } });
    const names = desc.body.data.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, "ru")));
  });
});
