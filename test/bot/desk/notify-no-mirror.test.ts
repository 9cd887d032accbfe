/**
 * /notify with MIRROR=off: the morning digest reads through the order reader,
 * so it is offered and kept; the kinds that follow the mirror's change log are
 * neither shown nor kept from a forged press; a user who blocked the bot and
 * writes again gets their notifications back.
 */

import { beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import { useSandboxBot } from "../../helpers/sandbox-bot.ts";
import { callsOf, type TestBot, textsOf } from "../../helpers/test-bot.ts";
import { OWNER, VIEWER } from "./helpers.ts";

const OPERATOR = 501;

describe("/notify without the order mirror", () => {
  let sandbox: Sandbox;
  let t: TestBot;
  useSandboxBot(
    (started) => ({
      operators: [OPERATOR],
      viewers: [VIEWER],
      config: { ownerIds: [OWNER], shopIds: [started.shops[0]?.id ?? ""] },
    }),
    (started) => ({ sandbox, t } = started),
  );
  beforeAll(() => {
    expect(t.services.mirror).toBeUndefined();
  });

  it.each([
    ["en", "Morning digest", "needs /me first"],
    ["ru", "Утренняя сводка", "работает после /me"],
  ] as const)("an operator is offered the morning digest (%s) and it is kept", async (lang, button, hint) => {
    const user = t.user(OPERATOR, { languageCode: lang });
    const shown = await user.send("/notify");
    const message = callsOf(shown, "sendMessage")[0]?.payload;
    const keyboard = JSON.stringify(message?.reply_markup);
    expect(keyboard).toContain(button);
    expect(keyboard).not.toContain("nt:status");
    expect(keyboard).not.toContain("nt:assigned");
    expect(keyboard).not.toContain("nt:evening");
    expect(String(message?.text)).toContain(hint);
    const before = (await t.services.users.read(OPERATOR)).notify.digest;
    await user.press("nt:digest");
    expect((await t.services.users.read(OPERATOR)).notify.digest).toBe(!before);
  });

  it("viewers get the digest too; a forged press of a mirror-only kind keeps nothing", async () => {
    const viewer = t.user(VIEWER, { languageCode: "en" });
    expect(JSON.stringify(await viewer.send("/notify"))).toContain("Morning digest");
    const forged = await viewer.pressData("nt:status");
    expect(callsOf(forged, "answerCallbackQuery")).toHaveLength(1);
    expect((await t.services.users.read(VIEWER)).notify.status).toBe(false);
  });

  it("owners see the digest and the evening report", async () => {
    const shown = JSON.stringify(await t.user(OWNER, { languageCode: "en" }).send("/notify"));
    expect(shown).toContain("Morning digest");
    expect(shown).toContain("Evening report");
  });

  it("a user who blocked the bot and writes again is no longer marked blocked", async () => {
    await t.services.users.update(OPERATOR, (s) => {
      s.blocked = true;
    });
    expect(textsOf(await t.user(OPERATOR, { languageCode: "en" }).send("/notify")).length).toBe(1);
    expect((await t.services.users.read(OPERATOR)).blocked).toBe(false);
  });
});
