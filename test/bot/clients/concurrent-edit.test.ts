/**
 * A client's fix while another CRM user edits the same client (issue 33.2): the fix
 * starts from the record as the service holds it at ✅ Save, so a rename and the vendor
 * flag made after the card was read are kept; a field both changed is not overwritten:
 * nothing is sent, the clerk is shown the client as it now is (ru, en). The other user's
 * edits go over the sandbox's HTTP API.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Counteragent as SandboxClient, Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import { lastText } from "../../helpers/dialog-driver.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";
import { companyType, shopEditsClient } from "../../helpers/shop-edits.ts";

const OPERATOR = 1;
let t: MirrorBot;

beforeAll(async () => {
  t = await createMirrorBot({ operators: [OPERATOR], clients: true, orders: 120 });
  for (const type of await t.services.reference.counteragentTypes())
    await t.services.reference.counteragentTypeFields(type.id);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.user(OPERATOR, { languageCode: "en" }).send("/cancel");
  await t.user(OPERATOR, { languageCode: "ru" }).send("/cancel");
});

const used = new Set<string>();
function heldOrder(): { order: SandboxOrder; client: SandboxClient } {
  const { store } = t.sandbox;
  const order = store.orders.find(
    (o) =>
      o.isVisible &&
      !used.has(o.counteragentId) &&
      t.mirror.get(o.id) !== undefined &&
      store.counteragentById.get(o.counteragentId)?.typeCounteragentId === store.ref.typeCounteragents[0]?.id,
  );
  if (!order) throw new Error("no such order");
  used.add(order.counteragentId);
  const client = store.counteragentById.get(order.counteragentId);
  if (!client) throw new Error("no client");
  return { order, client };
}

describe("another CRM user's edit while the clerk fixes the client", () => {
  it("a rename, the vendor flag and a new type with its ИНН made after the card was read are kept; the e-mail is saved (en)", async () => {
    const { order, client } = heldOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(order.number);
    await op.press("👤 Client");
    await op.press("✏️ Edit");
    await op.press("✉️ E-mail");
    await op.send("clerk@example.ru");
    // Meanwhile, in the CRM's web page.
    const { typeId, innId } = companyType(t.sandbox);
    await shopEditsClient(t.sandbox, client.id, {
      name: "ООО «Переименован»",
      isVendor: true,
      typeCounteragentId: typeId,
      customFields: [{ id: innId, value: "7701234567" }],
    });
    t.mark();
    await op.press("✅ Save");
    expect(t.requests()).toBe(2);
    expect(client).toMatchObject({
      email: "clerk@example.ru",
      name: "ООО «Переименован»",
      isVendor: true,
      typeCounteragentId: typeId,
    });
    expect(client.customFields).toContainEqual({ id: innId, value: "7701234567" });
    // The card after the save shows the client as the service holds it.
    expect(lastText(op)).toContain("ООО «Переименован»");
  });

  it("a field both changed is not overwritten: nothing sent, the clerk sees the client as it now is (ru)", async () => {
    const { order, client } = heldOrder();
    const op = t.user(OPERATOR, { languageCode: "ru" });
    await op.send(order.number);
    await op.press("👤 Клиент");
    await op.press("✏️ Изменить");
    await op.press("👤 Имя");
    await op.send("Иванов Иван (клерк)");
    await op.press("🏠 Адрес");
    await op.send("Офис 7");
    await shopEditsClient(t.sandbox, client.id, { name: "Иванов Иван (CRM)" });
    t.mark();
    await op.press("✅ Сохранить");
    // The read only: no PATCH.
    expect(t.requests()).toBe(1);
    expect(client.name).toBe("Иванов Иван (CRM)");
    expect(client.address).not.toBe("Офис 7");
    const text = lastText(op);
    expect(text).toContain("Не сохранено");
    expect(text).toContain("Имя");
    expect(text).toContain("Иванов Иван (CRM)");
  });

  it("the same field changed to the same value is no conflict (en)", async () => {
    const { order, client } = heldOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(order.number);
    await op.press("👤 Client");
    await op.press("✏️ Edit");
    await op.press("📝 Note");
    await op.send("Call after 6 pm");
    await shopEditsClient(t.sandbox, client.id, { node: "Call after 6 pm", isVendor: true });
    t.mark();
    await op.press("✅ Save");
    expect(t.requests()).toBe(2);
    expect(lastText(op)).toContain("saved");
    expect(client).toMatchObject({ node: "Call after 6 pm", isVendor: true });
  });
});
