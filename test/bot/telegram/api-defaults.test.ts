/** Every message is Telegram HTML without link previews, set once on the api (bot.api and a dialog's own). */
import { Api, Context } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import { describe, expect, it } from "vitest";
import { configureApi, dialogApiPlugin } from "../../../src/bot/telegram/api.ts";

const ME = { id: 1, is_bot: true, first_name: "Bot", username: "bot" } as UserFromGetMe;
const UPDATE = { update_id: 1, message: { message_id: 1, date: 0, chat: { id: 5, type: "private" } } };
const NO_PREVIEW = { is_disabled: true };

/** An Api whose Telegram records the payload of every call. */
function recordingApi() {
  const payloads: Record<string, unknown>[] = [];
  const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
    payloads.push(JSON.parse(String(init?.body ?? "{}")));
    const result = { message_id: 1, date: 0, chat: { id: 5, type: "private" }, text: "x" };
    return new Response(JSON.stringify({ ok: true, result }), {
      headers: { "content-type": "application/json" },
    });
  }) as typeof globalThis.fetch;
  return { api: new Api("1:test", { fetch }), payloads };
}

describe("message defaults", () => {
  it("sends and edits as HTML without previews; a call's own choice wins", async () => {
    const { api, payloads } = recordingApi();
    configureApi(api, { throttle: false });
    await api.sendMessage(5, "<b>A-1</b>");
    await api.editMessageText(5, 1, "<i>edited</i>");
    await api.sendMessage(5, "*plain*", { parse_mode: "MarkdownV2" });
    await api.editMessageReplyMarkup(5, 1);
    expect(payloads.map((p) => [p.parse_mode, p.link_preview_options])).toEqual([
      ["HTML", NO_PREVIEW],
      ["HTML", NO_PREVIEW],
      ["MarkdownV2", NO_PREVIEW],
      [undefined, undefined],
    ]);
  });

  it("gives inline results' messages the same defaults", async () => {
    const { api, payloads } = recordingApi();
    configureApi(api, { throttle: false });
    await api.answerInlineQuery("q1", [
      { type: "article", id: "1", title: "A-1", input_message_content: { message_text: "<b>A-1</b>" } },
    ]);
    expect(payloads[0]?.results).toEqual([
      {
        type: "article",
        id: "1",
        title: "A-1",
        input_message_content: {
          message_text: "<b>A-1</b>",
          parse_mode: "HTML",
          link_preview_options: NO_PREVIEW,
        },
      },
    ]);
  });

  it("holds inside dialogs, whose contexts get an api of their own", async () => {
    const { api, payloads } = recordingApi();
    const ctx = new Context(UPDATE as unknown as Update, api, ME);
    await dialogApiPlugin()(ctx, async () => {});
    await ctx.reply("<b>Order type:</b>");
    expect(payloads[0]).toMatchObject({ parse_mode: "HTML", link_preview_options: NO_PREVIEW });
  });
});
