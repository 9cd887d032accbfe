/**
 * A dialog file of valid JSON but the wrong shape (`{}`, `null`, `[]`, another
 * version's fields) is set aside like a broken mirror file, and its user goes
 * on: /cancel, a lookup and a new dialog all answer as if none were stored.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createFileStore } from "../../../src/bot/store/storage.ts";
import { KNOWN_NUM } from "../../../src/sandbox/index.ts";
import { lastText } from "../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../helpers/dialog-fixture.ts";
import type { TestBot } from "../../helpers/test-bot.ts";

const CLERKS = [OPERATOR, 111, 112, 113];
const dataDir = await mkdtemp(join(tmpdir(), "dialog-wrong-shape-"));
let t: TestBot;

useDialogBot({ operators: CLERKS, bot: () => ({ store: createFileStore(dataDir) }) }, (started) => {
  ({ t } = started);
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Where the file store keeps a private chat's dialog (the chat id is the user id). */
const folderOf = (chat: number) => join(dataDir, "dialogs", String(chat).slice(-2));

async function plant(chat: number, text: string): Promise<void> {
  await mkdir(folderOf(chat), { recursive: true });
  await writeFile(join(folderOf(chat), `${chat}.json`), text);
}

describe("a dialog file of the wrong shape", () => {
  it.each([
    ["{}", 111],
    ["null", 112],
    ["[]", 113],
    [JSON.stringify({ version: [0, 14], state: { "create-order": [{ replay: "gone" }] } }), OPERATOR],
  ])("%s is set aside and the user is answered as usual", async (text, chat) => {
    await plant(chat, text);
    const clerk = t.user(chat, { languageCode: "en" });
    await clerk.send("/cancel");
    expect(lastText(clerk)).toContain("There is nothing to cancel");
    expect(await readdir(folderOf(chat))).toEqual([
      expect.stringMatching(new RegExp(`^${chat}\\.json\\.broken-`)),
    ]);
    await clerk.send(String(KNOWN_NUM));
    expect(lastText(clerk)).toContain("А001042");
    await clerk.send("/new");
    expect(lastText(clerk)).not.toContain("went wrong");
    expect(clerk.lastReply()?.replyMarkup?.inline_keyboard.flat().length ?? 0).toBeGreaterThan(0);
    await clerk.send("/cancel");
    expect(lastText(clerk)).toContain("Dialog cancelled");
  });
});
