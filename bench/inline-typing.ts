/**
 * Inline query "1042" typed key by key on the bot's real debounce (500 ms),
 * in virtual time: a manual clock the bench advances between keystrokes, so
 * no real waiting. Every intermediate query is an update, as Telegram sends.
 */
import type { Sandbox } from "../src/sandbox/index.ts";
import { ManualClock } from "../test/helpers/manual-clock.ts";
import { benchBot, OPERATOR } from "./harness.ts";
import type { BenchRow } from "./types.ts";

const QUERY = "1042";
/** After the last key: past the debounce, so the last query is answered. */
const SETTLE_MS = 1_000;

async function typeKeyByKey(sandbox: Sandbox, shopId: string, gapsMs: readonly number[]): Promise<number> {
  const clock = new ManualClock(new Date(), false);
  const t = await benchBot(shopId, { sandbox, clock });
  const user = t.user(OPERATOR, { languageCode: "en" });
  const answers: Promise<unknown>[] = [];
  for (let i = 1; i <= QUERY.length; i++) {
    answers.push(user.inline(QUERY.slice(0, i)));
    await clock.advance(i < QUERY.length ? (gapsMs[i - 1] ?? 200) : SETTLE_MS);
  }
  await Promise.all(answers);
  const answered = t.telegram.calls.filter((c) => c.method === "answerInlineQuery").length;
  if (answered !== QUERY.length)
    throw new Error(`bench: ${answered} inline answers for ${QUERY.length} keys`);
  await t.close();
  return t.serviceRequests();
}

export async function inlineTypingRows(sandbox: Sandbox, shopId: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const cases = [
    { name: `inline typing "${QUERY}" key by key (150-300 ms)`, gaps: [180, 290, 150] },
    { name: `inline typing "${QUERY}", slow typist (700 ms)`, gaps: [700, 700, 700] },
  ];
  for (const { name, gaps } of cases) {
    const value = await typeKeyByKey(sandbox, shopId, gaps);
    rows.push({ name: `requests: ${name}`, value, unit: "req", target: "<= 2", ok: value <= 2 });
  }
  return rows;
}
