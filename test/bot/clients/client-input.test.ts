/**
 * The PATCH body of a counteragent write (33.1, 33.2): the required fields and the
 * custom fields come from the record as the service holds it right before the PATCH,
 * the change over them; a field another user changed meanwhile is a conflict, never
 * overwritten. The fix's own change holds only what the clerk changed.
 */
import { describe, expect, it } from "vitest";
import { clientInput } from "../../../src/bot/features/clients/edit-fields.ts";
import { baseOf, conflictsOf, patchOver } from "../../../src/bot/writes/kinds/counteragent-patch.ts";
import type { Counteragent } from "../../../src/service/index.ts";

const client = {
  id: "c1",
  name: "ООО «Ромашка»",
  isBuyer: true,
  isVendor: false,
  typeCounteragent: { id: "t2", name: "Company" },
  phones: ["+7 903 555-11-22"],
  email: "old@example.ru",
  customFields: [
    { id: "inn", value: "7701234567" },
    { id: "memo", value: "" },
  ],
} as unknown as Counteragent;

describe("a fix's change", () => {
  it("holds only what the clerk changed", () => {
    expect(clientInput(client, { address: "Office 5", isVendor: false })).toEqual(
      expect.objectContaining({
        address: "Office 5",
        name: undefined,
        isBuyer: undefined,
        isVendor: undefined,
      }),
    );
  });

  it("a custom field answered is sent as answered", () => {
    const input = clientInput(client, {
      fields: { inn: { id: "inn", name: "INN", value: "7709999999", shown: "7709999999" } },
    });
    expect(input.customFields).toEqual([{ id: "inn", value: "7709999999" }]);
  });
});

describe("the PATCH over the record as held now", () => {
  it("carries the four fields and every held custom field from the fresh record, the change over them", () => {
    const fresh = { ...client, name: "ООО «Ромашка-2»", isVendor: true } as Counteragent;
    expect(patchOver(fresh, { email: "new@example.ru" })).toEqual({
      email: "new@example.ru",
      name: "ООО «Ромашка-2»",
      typeCounteragentId: "t2",
      isBuyer: true,
      isVendor: true,
      customFields: [{ id: "inn", value: "7701234567" }],
    });
  });

  it("a changed custom field replaces the held one, once", () => {
    const body = patchOver(client, { customFields: [{ id: "inn", value: "1" }] });
    expect(body?.customFields).toEqual([{ id: "inn", value: "1" }]);
  });

  it("no name or no type: nothing can be PATCHed", () => {
    expect(patchOver({ id: "x", name: " " } as Counteragent, { isSendTelegram: false })).toBeUndefined();
    expect(patchOver({ id: "x", name: "A" } as Counteragent, { isSendTelegram: false })).toBeUndefined();
    expect(
      patchOver({ id: "x", name: "A" } as Counteragent, { isSendTelegram: false }, "t1")?.typeCounteragentId,
    ).toBe("t1");
  });
});

describe("another user's change meanwhile", () => {
  const change = { email: "new@example.ru", name: "Ромашка" };
  const base = baseOf(client, change);

  it("a field the clerk did not touch is no conflict (it is kept by the PATCH)", () => {
    const fresh = { ...client, isVendor: true, address: "elsewhere" } as Counteragent;
    expect(conflictsOf(fresh, change, base)).toEqual([]);
  });

  it("a field both changed, to different values, is a conflict; to the same value none", () => {
    expect(conflictsOf({ ...client, name: "Ромашка и Ко" } as Counteragent, change, base)).toEqual(["name"]);
    expect(conflictsOf({ ...client, name: "Ромашка" } as Counteragent, change, base)).toEqual([]);
    expect(conflictsOf({ ...client, name: " ООО «Ромашка» " } as Counteragent, change, base)).toEqual([]);
  });

  it("custom fields compare by id", () => {
    const cf = { customFields: [{ id: "inn", value: "1" }] };
    const fresh = { ...client, customFields: [{ id: "inn", value: "2" }] } as Counteragent;
    expect(conflictsOf(fresh, cf, baseOf(client, cf))).toEqual(["cf:inn"]);
  });
});
