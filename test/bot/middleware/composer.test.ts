import { Bot, type Context, Composer as GrammyComposer } from "grammy";
import { describe, expect, it } from "vitest";
import { Composer } from "../../../src/bot/middleware/composer.ts";
import { BOT_INFO } from "../../helpers/fake-telegram.ts";
import { callbackUpdate, messageUpdate, telegramUser } from "../../helpers/updates.ts";

const user = telegramUser(7);
const text = (value: string, id = 1) => messageUpdate(user, value, id);
const press = (data: string) => callbackUpdate(user, data, undefined);

/** A bot whose one middleware is `composer`, calling no Telegram (no middleware here answers). */
function botOf(composer: GrammyComposer<Context>): Bot {
  const bot = new Bot("1:test", { botInfo: BOT_INFO });
  bot.use(composer);
  return bot;
}

/** The same feature built on grammY's Composer and on ours: what each one saw, in order. */
function feature(make: () => GrammyComposer<Context>, seen: string[]) {
  const root = make();
  root.use(async (_ctx, next) => {
    seen.push("first");
    await next();
    seen.push("first after");
  });
  root.command("start", () => {
    seen.push("start");
  });
  root.on("message:text").filter(
    (ctx) => ctx.msg.text.startsWith("4"),
    (ctx) => {
      seen.push(`number ${ctx.msg.text}`);
    },
  );
  root.branch(
    async (ctx) => ctx.callbackQuery?.data === "yes",
    [
      (_ctx, next) => {
        seen.push("yes 1");
        return next();
      },
      () => void seen.push("yes 2"),
    ],
    // Not "yes": a button says no, a message goes on.
    (ctx, next) => (ctx.callbackQuery ? void seen.push("no") : next()),
  );
  root.hears(/^hi/, (_ctx, next) => {
    seen.push("hi");
    return next();
  });
  root.use(() => void seen.push("last"));
  return root;
}

describe("the flat Composer", () => {
  it("runs a feature exactly as grammY's Composer does", async () => {
    const updates = [text("/start"), text("42"), text("hi there"), text("abc"), press("yes"), press("no")];
    const ours: string[] = [];
    const theirs: string[] = [];
    const flat = botOf(feature(() => new Composer(), ours));
    const nested = botOf(feature(() => new GrammyComposer(), theirs));
    for (const update of updates) {
      await flat.handleUpdate(update);
      await nested.handleUpdate(update);
    }
    expect(ours).toEqual(theirs);
    expect(ours).toEqual([
      ...["first", "start", "first after"],
      ...["first", "number 42", "first after"],
      ...["first", "hi", "last", "first after"],
      ...["first", "last", "first after"],
      ...["first", "yes 1", "yes 2", "first after"],
      ...["first", "no", "first after"],
    ]);
  });

  it("sees middleware added after it was mounted", async () => {
    const seen: string[] = [];
    const composer = new Composer<Context>();
    const bot = botOf(composer);
    composer.use(() => void seen.push("late"));
    await bot.handleUpdate(text("x"));
    expect(seen).toEqual(["late"]);
  });

  it("fails a middleware that calls next twice, as grammY does", async () => {
    const composer = new Composer<Context>(async (_ctx, next) => {
      await next();
      await next();
    });
    await expect(botOf(composer).handleUpdate(text("x"))).rejects.toThrow("`next` already called before!");
  });

  it("hands a thrown error and a rejection alike to the error boundary", async () => {
    const caught: unknown[] = [];
    const inner = new Composer<Context>();
    inner.command("sync", () => {
      throw new Error("thrown");
    });
    inner.command("async", async () => {
      await Promise.resolve();
      throw new Error("rejected");
    });
    inner.filter(
      (ctx) => {
        if (ctx.msg?.text === "other") throw new Error("predicate");
        return false;
      },
      () => undefined,
    );
    inner.filter(
      async (ctx) => {
        await Promise.resolve();
        if (ctx.msg?.text === "late") throw new Error("async predicate");
        return false;
      },
      () => undefined,
    );
    const root = new Composer<Context>();
    root.errorBoundary((error) => void caught.push(error.error), inner);
    const bot = botOf(root);
    for (const message of ["/sync", "/async", "other", "late"]) await bot.handleUpdate(text(message));
    expect(caught.map((error) => (error as Error).message)).toEqual([
      "thrown",
      "rejected",
      "predicate",
      "async predicate",
    ]);
  });

  it("waits for an async predicate and reads a truthy answer as grammY does", async () => {
    const seen: string[] = [];
    const composer = new Composer<Context>();
    composer.filter(
      // A predicate answering a string, not a boolean: grammY tests it for truth.
      (ctx) => (ctx.msg?.text ?? "") as unknown as boolean,
      () => void seen.push("truthy"),
    );
    composer.filter(
      () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 1)),
      () => void seen.push("later"),
    );
    const bot = botOf(composer);
    await bot.handleUpdate(text("a"));
    await bot.handleUpdate(press("b"));
    expect(seen).toEqual(["truthy", "later"]);
  });

  it("returns its own kind from use and filter, so chains stay flat", () => {
    const composer = new Composer<Context>();
    expect(composer.use(() => undefined)).toBeInstanceOf(Composer);
    expect(composer.filter(() => true)).toBeInstanceOf(Composer);
    expect(composer.on("message")).toBeInstanceOf(Composer);
  });
});
