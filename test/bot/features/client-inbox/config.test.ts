/** The inbox's settings: defaults, values read, bad values named clearly. */
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../../../src/config/index.ts";

const parse = (env: Record<string, string>) =>
  parseConfig({ BOT_TOKEN: "123456:ABC-def_ghi", CLIENTS: "on", ...env });

describe("the inbox's settings", () => {
  it("default to no group, unsigned answers, no comments, 10 comments an hour", () => {
    const result = parse({});
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.config.clients).toMatchObject({
      inboxChat: undefined,
      replySigned: false,
      chatComments: false,
      commentsPerHour: 10,
    });
  });

  it("read a group's id, on/off in any case and the hourly cap", () => {
    const result = parse({
      CLIENT_INBOX_CHAT: " -1001234567890 ",
      CLIENT_REPLY_SIGNED: "On",
      CLIENT_CHAT_COMMENTS: "ON",
      CLIENT_CHAT_COMMENTS_PER_HOUR: "3",
    });
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.config.clients).toMatchObject({
      inboxChat: -1001234567890,
      replySigned: true,
      chatComments: true,
      commentsPerHour: 3,
    });
  });

  it.each([
    [{ CLIENT_INBOX_CHAT: "@shop_group" }, /CLIENT_INBOX_CHAT must be a chat id/],
    [{ CLIENT_REPLY_SIGNED: "yes" }, /CLIENT_REPLY_SIGNED must be on or off/],
    [{ CLIENT_CHAT_COMMENTS: "1" }, /CLIENT_CHAT_COMMENTS must be on or off/],
    [{ CLIENT_CHAT_COMMENTS_PER_HOUR: "0" }, /CLIENT_CHAT_COMMENTS_PER_HOUR/],
  ])("%o is refused with its name", (env, message) => {
    const result = parse(env);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.join("\n")).toMatch(message);
  });
});
