/**
 * A comment written through the bot names its author (issue 29.6): it begins
 * with the linked employee's name (else the Telegram name) and a colon, since
 * the service signs every API comment with the API user; the card shows the
 * person as the comment's author.
 */
import { describe, expect, it } from "vitest";
import { commentAuthor, signedComment } from "../../../../src/bot/state/comment-author.ts";
import { commentByName } from "../../../../src/bot/ui/comment-name.ts";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import { freshOrders, lastText } from "../../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../../helpers/dialog-fixture.ts";
import type { TestBot } from "../../../helpers/test-bot.ts";

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

describe("a Telegram name as the bot signs it", () => {
  const users = { read: async () => ({ employee: undefined }) } as never;
  const signedBy = async (first_name: string, last_name?: string) =>
    commentByName(
      signedComment(await commentAuthor({ users }, { id: 5, first_name, last_name }), "Позвонить"),
    );

  it("a name with an emoji, in lower case, or with HTML is read back as its author (ru, en)", async () => {
    expect(await signedBy("Anna 🌸")).toEqual({ author: "Anna", text: "Позвонить" });
    expect(await signedBy("анна", "петрова")).toEqual({ author: "Анна Петрова", text: "Позвонить" });
    const html = await signedBy("<b>Ann</b> :)");
    expect(html?.text).toBe("Позвонить");
    expect(html?.author).not.toMatch(/[<>:]/);
    expect(await signedBy("Мария-Анна", "д'Арк")).toEqual({ author: "Мария-Анна Д'Арк", text: "Позвонить" });
  });

  it("a long name is cut whole words, never inside an emoji, and stays readable", async () => {
    const author = await commentAuthor(
      { users },
      { id: 5, first_name: `${"А".repeat(59)}😀`, last_name: "Ли" },
    );
    expect(author.isWellFormed()).toBe(true);
    expect(commentByName(signedComment(author, "x"))?.author).toBe(author);
  });
});
