/** Secrets never reach a log line, even inside the errors of a failed Telegram call. */
import { Api } from "grammy";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.ts";

const TOKEN = "123456:SECRET-token_abc";

function capture() {
  const lines: string[] = [];
  const logger = createLogger({ level: "debug" }, { write: (line: string) => void lines.push(line) });
  return { logger, text: () => lines.join("") };
}

/** A real grammY network failure: its HttpError keeps node-fetch's error, whose message has the URL. */
async function failedCall(): Promise<unknown> {
  const api = new Api(TOKEN, { apiRoot: "http://127.0.0.1:9" });
  return api.setMyCommands([]).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("log lines", () => {
  it("carry no bot token from a failed Telegram request logged as err (message, stack, nested error)", async () => {
    const error = await failedCall();
    expect(error).toBeInstanceOf(Error);
    // The raw error does hold it: the logger is what keeps it out.
    expect(JSON.stringify({ inner: (error as { error?: Error }).error?.message })).toContain(TOKEN);
    const { logger, text } = capture();
    logger.warn({ err: error }, "setting the chat's command menu failed");
    logger.debug({ error }, "another call site");
    expect(text()).toContain("setMyCommands");
    expect(text()).toContain("bot[redacted]");
    expect(text()).not.toContain("SECRET");
  });

  it("redact a token in a plain object's stack and keep other values", () => {
    const { logger, text } = capture();
    logger.error(
      { err: { name: "X", message: "m", stack: `X: at /bot${TOKEN}/getMe` }, update_id: 7 },
      "failed",
    );
    expect(text()).not.toContain("SECRET");
    expect(JSON.parse(text())).toMatchObject({ update_id: 7, err: { name: "X", message: "m" } });
  });
});
