/**
 * Captions (a photo's, a label's, a report's, an album's) are built like every
 * text (locale HTML, values through escapeHtml) and go out as HTML: a client's
 * "&" shows as "&", not "&amp;", on a single photo, an album and a document.
 */
import { describe, expect, it } from "vitest";
import { createPhotoStore } from "../../../src/bot/state/order-photos.ts";
import { escapeHtml } from "../../../src/bot/ui/text.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import { visibleText } from "../../e2e/fake-telegram/validation.ts";
import { OPERATOR, useDialogBot } from "../../helpers/dialog-fixture.ts";
import type { StoredMessage } from "../../helpers/fake-telegram.ts";
import type { TestBot } from "../../helpers/test-bot.ts";

let t: TestBot;
let sandbox: Sandbox;
useDialogBot({}, (started) => ({ t, sandbox } = started));

const CLIENT = "Tom & Jerry <Ltd>";
/** What the user sees of a message: its text or caption as Telegram renders it. */
const seen = (message: StoredMessage | undefined) => visibleText(message?.text ?? "", message?.parseMode);

describe("captions", () => {
  it("a single photo's caption shows '&' as '&'", async () => {
    t.user(OPERATOR, { languageCode: "en" });
    await t.bot.api.sendPhoto(OPERATOR, "file-1", { caption: `📷 ${escapeHtml(CLIENT)}` });
    const sent = t.user(OPERATOR).lastReply();
    expect(sent?.parseMode).toBe("HTML");
    expect(seen(sent)).toBe(`📷 ${CLIENT}`);
  });

  it("an album's caption and a document's caption too", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await t.bot.api.sendMediaGroup(OPERATOR, [
      { type: "photo", media: "file-1", caption: escapeHtml(CLIENT) },
      { type: "photo", media: "file-2" },
    ]);
    const album = op.replies().slice(-2);
    expect(seen(album[0])).toBe(CLIENT);
    await t.bot.api.sendDocument(OPERATOR, "file-3", { caption: escapeHtml(CLIENT) });
    expect(seen(op.lastReply())).toBe(CLIENT);
  });

  it("a caption given another parse mode keeps it", async () => {
    await t.bot.api.sendPhoto(OPERATOR, "file-1", { caption: "*bold*", parse_mode: "MarkdownV2" });
    expect(t.user(OPERATOR).lastReply()?.parseMode).toBe("MarkdownV2");
  });

  it("📷 Photos of an order: the caption goes out as HTML", async () => {
    const order = sandbox.store.orders.find((o) => o.isVisible && o.number)!;
    const op = t.user(OPERATOR, { languageCode: "en" });
    await createPhotoStore(t.store).add(order.id, [{ id: "large-9", unique: "ul-9", by: OPERATOR, at: 1 }]);
    await op.send(`/order ${order.number}`);
    await op.press("📷 Photos (1)");
    const sent = op.lastReply();
    expect(sent?.parseMode).toBe("HTML");
    expect(seen(sent)).toContain(`Photos of order ${order.number}`);
  });
});
