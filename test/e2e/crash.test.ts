/**
 * Crash safety (docs/decisions.md): the bot process is killed with SIGKILL in the
 * middle of a dialog and started again on the same DATA_DIR. The dialog goes
 * on at its last saved step; the step being answered at the moment of the
 * crash may be asked again (or the user repeats the answer); a confirm is
 * never executed twice.
 */
import { describe, expect, it } from "vitest";
import type { Output } from "./fake-telegram/chats.ts";
import type { TelegramUser } from "./fake-telegram/user.ts";
import { OPERATOR, SECOND_OPERATOR, useStack } from "./harness/stack.ts";
import { createOrderScript } from "./scenarios/create-order.ts";
import { type Move, nextMove, type Script, walk } from "./scenarios/walker.ts";

const stack = useStack();
/** How long a user waits for an answer lost in the crash before repeating it. */
const PATIENCE_MS = 4_000;

function moveFor(script: Script, prompt: Output): Move {
  const next = nextMove(script, prompt);
  if (!next) throw new Error(`no move for ${prompt.text}`);
  return next.move;
}

/** After a restart: follow what the bot says, or repeat the lost action when it says nothing. */
async function resume(user: TelegramUser, script: Script, repeat: Move): Promise<Output> {
  const said = await user.replyWithin(
    PATIENCE_MS,
    (o) => o.kind === "sent" && (o.replyMarkup !== undefined || script.done.test(o.text)),
  );
  if (said && script.done.test(said.text)) return said;
  return (await walk(user, script, said ? moveFor(script, said) : repeat)).last;
}

describe("SIGKILL in the middle of a dialog", () => {
  it("continues at the step where the dialog waited", async () => {
    const { telegram, bot, api } = stack();
    const op = telegram.user(OPERATOR);
    const script = createOrderScript({
      client: "Крашев Олег",
      phone: "+79001110001",
      problem: "Killed while waiting",
    });
    const before = await api.orderCount();
    const { last } = await walk(op, script, script.start, { stopAt: /Deadline:/ });

    await bot.kill();
    await bot.restart();

    const rest = await walk(op, script, moveFor(script, last));
    expect(rest.transcript.join("\n")).not.toContain("New order");
    expect(await api.orderCount()).toBe(before + 1);
  });

  it("continues when killed while handling an answer", async () => {
    const { telegram, bot } = stack();
    const op = telegram.user(SECOND_OPERATOR);
    const script = createOrderScript({
      client: "Падалкин Юрий",
      phone: "+79001110002",
      problem: "Killed mid-answer",
    });
    await walk(op, script, script.start, { stopAt: /Device type/ });

    op.send("smartphone");
    await bot.kill();
    await bot.restart();

    const end = await resume(op, script, { say: "smartphone" });
    expect(end.text).toContain("Order created");
  });

  it("never creates the order twice when killed right after ✅ Create", async () => {
    const { telegram, bot, api } = stack();
    const op = telegram.user(OPERATOR);
    const client = "Двойнов Сергей";
    const script = createOrderScript({ client, phone: "+79001110003", problem: "Killed at confirm" });
    await walk(op, script, script.start, { stopAt: /Check the order/ });

    op.tap("✅ Create");
    await bot.kill();
    await bot.restart();

    const end = await resume(op, script, { press: "✅ Create" });
    expect(end.text).toContain("Order created");
    expect((await api.orders({ filter: client })).total).toBe(1);
  });

  it("survived every restart without an unhandled error", () => {
    const { bot } = stack();
    expect(bot.runs.length).toBe(4);
    expect(bot.crashes()).toEqual([]);
    expect(bot.unexpectedExits()).toEqual([]);
  });
});
