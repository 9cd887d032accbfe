import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import type { Employee } from "../../../src/sandbox/model.ts";
import { createTestBot, type TestBot } from "../../helpers/test-bot.ts";

const OPERATOR = 101;
const SECOND_OPERATOR = 102;
const VIEWER = 202;
const OTHER_VIEWER = 203;

let sandbox: Sandbox;
let t: TestBot;
let people: Employee[];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  t = await createTestBot({
    sandbox,
    operators: [OPERATOR, SECOND_OPERATOR],
    viewers: [VIEWER, OTHER_VIEWER],
  });
  const shop = sandbox.store.orders[0]?.shopId ?? "";
  people = sandbox.store.employeesOfShop(shop).filter((e) => e.name);
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

async function pick(userId: number, person: Employee, languageCode: "ru" | "en") {
  const user = t.user(userId, { languageCode, firstName: `User${userId}` });
  await user.send(`/me ${person.name}`);
  const button = user
    .lastReply()
    ?.replyMarkup?.inline_keyboard.flat()
    .find((b) => b.text.endsWith(person.name));
  await user.press(button?.text ?? person.name);
  return user;
}
const linkOf = async (userId: number) => (await t.services.users.read(userId)).employee?.id;

describe("/me: one employee, one Telegram user", () => {
  it("refuses a second user taking a linked employee, naming who holds it (en)", async () => {
    const person = people[0]!;
    await pick(VIEWER, person, "en");
    expect(await linkOf(VIEWER)).toBe(person.id);
    const other = await pick(OTHER_VIEWER, person, "en");
    expect(other.lastReply()?.text).toContain(`<b>${person.name}</b> is linked to User${VIEWER} already`);
    expect(other.lastReply()?.text).toContain("ask an operator");
    expect(await linkOf(OTHER_VIEWER)).toBeUndefined();
    expect(await linkOf(VIEWER)).toBe(person.id);
  });

  it("refuses in Russian too, and lets the holder pick the same person again", async () => {
    const person = people[0]!;
    const other = t.user(OTHER_VIEWER, { languageCode: "ru" });
    await other.send(`/me ${person.name}`);
    await other.press(`🔒 ${person.name}`);
    expect(other.lastReply()?.text).toContain(`уже связан(а) с пользователем User${VIEWER}`);
    expect(other.lastReply()?.text).toContain("попросите оператора");
    const holder = t.user(VIEWER, { languageCode: "ru" });
    await holder.send(`/me ${person.name}`);
    await holder.press(`• ${person.name}`);
    expect(holder.lastReply()?.text).toContain(`Теперь вы — <b>${person.name}</b>`);
  });

  it("an operator may release a held employee; the holder's link goes, then the operator may take it", async () => {
    const person = people[0]!;
    const op = await pick(OPERATOR, person, "en");
    expect(op.lastReply()?.text).toContain("is linked to");
    await op.press("🔓 Release");
    expect(op.lastReply()?.text).toContain(`Released: User${VIEWER} is no longer linked`);
    expect(await linkOf(VIEWER)).toBeUndefined();
    await pick(OPERATOR, person, "en");
    expect(await linkOf(OPERATOR)).toBe(person.id);
  });

  it("a viewer cannot release (a forged button is refused), in ru", async () => {
    const person = people[0]!;
    const viewer = t.user(OTHER_VIEWER, { languageCode: "ru" });
    await viewer.pressData(`mr:${person.id}`);
    expect(await linkOf(OPERATOR)).toBe(person.id);
  });

  it("switching to another employee frees the first one for others", async () => {
    const [first, second] = [people[0]!, people[1]!];
    await pick(OPERATOR, second, "en");
    expect(await linkOf(OPERATOR)).toBe(second.id);
    await pick(SECOND_OPERATOR, first, "en");
    expect(await linkOf(SECOND_OPERATOR)).toBe(first.id);
  });

  it("removing the link frees the employee", async () => {
    const second = people[1]!;
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/me");
    await op.press("❌ Remove the link");
    expect(await linkOf(OPERATOR)).toBeUndefined();
    await pick(VIEWER, second, "en");
    expect(await linkOf(VIEWER)).toBe(second.id);
  });

  it("links kept only in settings (two users on one employee) count: a third is refused, a re-pick leaves one", async () => {
    const person = people[2]!;
    // Two users whose settings name one employee, with no link entry.
    for (const userId of [VIEWER, OTHER_VIEWER])
      await t.services.users.update(userId, (s) => {
        s.employee = { id: person.id, name: person.name };
      });

    const third = await pick(SECOND_OPERATOR, person, "en");
    expect(third.lastReply()?.text).toContain(`<b>${person.name}</b> is linked to ${VIEWER} already`);
    expect(await linkOf(SECOND_OPERATOR)).not.toBe(person.id);

    const holder = t.user(VIEWER, { languageCode: "ru" });
    await holder.send(`/me ${person.name}`);
    await holder.press(`• ${person.name}`);
    expect(await linkOf(VIEWER)).toBe(person.id);
    expect(await linkOf(OTHER_VIEWER)).toBeUndefined();
  });

  it("an operator's release frees every user a settings-only link named", async () => {
    const person = people[3]!;
    for (const userId of [VIEWER, OTHER_VIEWER])
      await t.services.users.update(userId, (s) => {
        s.employee = { id: person.id, name: person.name };
      });
    const op = await pick(OPERATOR, person, "ru");
    await op.press("🔓 Освободить");
    expect(await linkOf(VIEWER)).toBeUndefined();
    expect(await linkOf(OTHER_VIEWER)).toBeUndefined();
    await pick(OPERATOR, person, "ru");
    expect(await linkOf(OPERATOR)).toBe(person.id);
  });
});
