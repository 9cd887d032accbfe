/**
 * A comment written through the bot names its author (issue 29.6): it begins
 * with the linked employee's name (else the Telegram name) and a colon, since
 * the service signs every API comment with the API user; the card shows the
 * person as the comment's author.
 */
import { describe, expect, it } from "vitest";
import { commentByName } from "../../../src/bot/ui/comment-name.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import type { TestBot } from "../../helpers/test-bot.ts";
import { freshOrders, lastText } from "./driver.ts";
import { OPERATOR, useDialogBot } from "./fixture.ts";

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;

useDialogBot({}, (started) => ({ sandbox, t, shopId } = started));
const fresh = freshOrders(
  () => sandbox,
  () => shopId,
);

describe("the comment's author", () => {
  it("the Telegram name when not linked; the card shows her, not the API user (en)", async () => {
    const order = fresh();
    const op = t.user(OPERATOR, { languageCode: "en", firstName: "Anna" });
    await op.send(order.number);
    await op.press("💬 Comment");
    await op.send("Call the client before 18:00");
    expect(lastText(op)).toContain("Comment added");
    const written = order.comments.at(-1);
    expect(written?.text).toBe("Anna: Call the client before 18:00");
    expect(written?.author).toBe("Полный доступ");
    await op.send(order.number);
    await op.press("🔄 Refresh"); // the full record, with its comments
    const card = lastText(op);
    expect(card).toMatch(/Anna<\/i>: Call the client before 18:00/);
    expect(card).not.toContain("Полный доступ");
  });

  it("the employee linked with /me (ru)", async () => {
    const order = fresh();
    const employee = sandbox.store.employeesOfShop(shopId)[0];
    await t.services.users.update(OPERATOR, (s) => {
      s.employee = employee && { id: employee.id, name: employee.name };
    });
    const ru = t.user(OPERATOR, { languageCode: "ru", firstName: "Аня" });
    await ru.send(order.number);
    await ru.press("💬 Комментарий");
    await ru.send("Запчасть пришла");
    expect(order.comments.at(-1)?.text).toBe(`${employee?.name}: Запчасть пришла`);
    await ru.send(order.number);
    await ru.press("🔄 Обновить");
    expect(lastText(ru)).toContain(`${employee?.name}</i>: Запчасть пришла`);
    await t.services.users.update(OPERATOR, (s) => {
      s.employee = undefined;
    });
  });
});

describe("reading the name back", () => {
  it("takes a capitalised name of 1-4 words; a plain sentence with a colon stays a comment", () => {
    expect(commentByName("Анна Петрова: позвонить")).toEqual({ author: "Анна Петрова", text: "позвонить" });
    expect(commentByName("Запчасть заказана: ждём")).toBeUndefined();
    expect(commentByName("Клиент заберёт после 18:00")).toBeUndefined();
    expect(commentByName("Anna:")).toBeUndefined();
  });
});
