/**
 * A clerk's search with a one-letter typo in a client's surname still finds
 * the client's order from the mirror (issue 32.16), at no request, whatever the
 * clerk's language (ru, en).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";

const CLERK = 11;
let t: MirrorBot;
beforeAll(async () => {
  t = await createMirrorBot({
    operators: [CLERK],
    clock: new ManualClock(new Date(Date.UTC(2026, 10, 25, 9, 0))),
  });
});
afterAll(() => t.close());

/** An open order whose client's surname is long enough, and that surname with a middle letter dropped. */
function typoOfAClient() {
  const { store } = t.sandbox;
  for (const order of store.orders) {
    if (!order.isVisible || store.statusById.get(order.statusId)?.group === "closed") continue;
    const name = store.counteragentById.get(order.counteragentId)?.name ?? "";
    const surname = name.split(" ")[0] ?? "";
    if (!/^[А-Яа-яЁё]{7,}$/.test(surname)) continue;
    const typo = surname.slice(0, 4) + surname.slice(5);
    // A typo that starts some client's word would find them plainly: not this test's case.
    const folded = typo.toLowerCase();
    const plain = [...store.counteragentById.values()].some((c) =>
      c.name
        .toLowerCase()
        .split(/\s+/)
        .some((word) => word.startsWith(folded)),
    );
    if (!plain) return { order, name, surname, typo };
  }
  throw new Error("no client with a long surname in the seed");
}

describe("a surname typed with one letter missing", () => {
  it.each(["ru", "en"] as const)("finds the client's order at 0 requests (%s)", async (languageCode) => {
    const { order, surname, typo } = typoOfAClient();
    const clerk = t.user(CLERK, { languageCode });
    t.mark();
    await clerk.send(typo);
    const reply = clerk.lastReply();
    const shown = [
      reply?.text ?? "",
      ...(reply?.replyMarkup?.inline_keyboard.flat().map((b) => b.text) ?? []),
    ].join("\n");
    expect(shown).toContain(order.number);
    expect(shown).toContain(surname);
    expect(t.requests()).toBe(0);
  });
});
