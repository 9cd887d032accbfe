/**
 * The one /start (issue 35.3): a single `command("start")` in src, which picks
 * the client's or the staff's table by who sent it, runs the table's `before`
 * first and passes a stranger on when there is no client table.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Api, Context } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import { describe, expect, it } from "vitest";
import type { BotContext } from "../../../src/bot/context.ts";
import { type StartTable, startCommand } from "../../../src/bot/telegram/start-router.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

const me = { id: 1, is_bot: true, first_name: "Bot", username: "shop_bot" } as UserFromGetMe;

function startUpdate(text: string): Update {
  return {
    update_id: 1,
    message: {
      message_id: 1,
      date: 0,
      chat: { id: 7, type: "private", first_name: "A" },
      from: { id: 7, is_bot: false, first_name: "A" },
      text,
      entities: [{ type: "bot_command", offset: 0, length: "/start".length }],
    },
  };
}

/** Runs /start with this payload as a user of this role; returns what ran, in order. */
async function run(
  role: BotContext["role"],
  text: string,
  tables: (seen: string[]) => Parameters<typeof startCommand>[0],
) {
  const seen: string[] = [];
  const ctx = new Context(startUpdate(text), new Api("1:x"), me) as BotContext;
  ctx.role = role;
  ctx.services = { config: { botToken: "1:x" } } as BotContext["services"];
  ctx.log = { info: () => undefined } as unknown as BotContext["log"];
  await startCommand(tables(seen)).middleware()(ctx, async () => {
    seen.push("next");
  });
  return seen;
}

const table = (seen: string[], who: string): StartTable => ({
  before: async () => {
    seen.push(`${who}:before`);
  },
  routes: {
    none: async () => {
      seen.push(`${who}:none`);
    },
    forged: async () => {
      seen.push(`${who}:forged`);
    },
  },
});

describe("the one /start", () => {
  it("is registered once in src", () => {
    const files = sourceFiles("src").filter((file) =>
      /\.command\(\s*"start"/.test(readFileSync(file, "utf8")),
    );
    expect(files).toEqual([join("src", "bot", "telegram", "start-router.ts")]);
  });

  it("gives staff the staff's table, its `before` first", async () => {
    const seen = await run("operator", "/start", (s) => ({
      staff: table(s, "staff"),
      client: table(s, "client"),
    }));
    expect(seen).toEqual(["staff:before", "staff:none"]);
  });

  it("gives a non-staff user the client's table", async () => {
    const seen = await run("stranger", "/start", (s) => ({
      staff: table(s, "staff"),
      client: table(s, "client"),
    }));
    expect(seen).toEqual(["client:before", "client:none"]);
  });

  it("reads the payload once for the chosen table: a forged receipt code is the forged route", async () => {
    const seen = await run("owner", "/start rAAAAAAAAAAAA123", (s) => ({ staff: table(s, "staff") }));
    expect(seen).toEqual(["staff:before", "staff:forged"]);
  });

  it("passes a stranger on when there is no client table (CLIENTS=off: the gate answers)", async () => {
    const seen = await run("stranger", "/start", (s) => ({ staff: table(s, "staff") }));
    expect(seen).toEqual(["next"]);
  });
});
