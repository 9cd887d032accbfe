/**
 * The PATCH body of a client's fix (26.2): the default form's four fields and the
 * type's required custom fields come from the record (a real service whose type's
 * form was changed refuses a change without them), plus what changed.
 */
import { describe, expect, it } from "vitest";
import { clientInput } from "../../../src/bot/features/clients/edit-fields.ts";
import type { Counteragent, CustomFieldDefinition } from "../../../src/service/index.ts";

const client = {
  id: "c1",
  name: "ООО «Ромашка»",
  isBuyer: true,
  isVendor: true,
  typeCounteragent: { id: "t2", name: "Company" },
  phones: ["+7 903 555-11-22"],
  customFields: [
    { id: "inn", value: "7701234567" },
    { id: "memo", value: "old" },
  ],
} as unknown as Counteragent;
const definitions = [
  { id: "inn", name: "INN", required: true },
  { id: "memo", name: "Memo", required: false },
] as unknown as CustomFieldDefinition[];

describe("a client's PATCH body", () => {
  it("carries the type's required fields from the record, and no optional one not changed", () => {
    const input = clientInput(client, { address: "Office 5" }, "t2", definitions);
    expect(input).toMatchObject({
      name: "ООО «Ромашка»",
      typeCounteragentId: "t2",
      isBuyer: true,
      isVendor: true,
    });
    expect(input.address).toBe("Office 5");
    expect(input.phones).toBeUndefined();
    expect(input.customFields).toEqual([{ id: "inn", value: "7701234567" }]);
  });

  it("a required field answered in the fix is sent as answered, once", () => {
    const input = clientInput(
      client,
      { fields: { inn: { id: "inn", name: "INN", value: "7709999999", shown: "7709999999" } } },
      "t2",
      definitions,
    );
    expect(input.customFields).toEqual([{ id: "inn", value: "7709999999" }]);
  });
});
