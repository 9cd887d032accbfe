/**
 * The bot as a separate process, exactly as `npm start` runs it
 * (`node src/main.ts`), configured only through its environment. It can be
 * killed with SIGKILL and started again on the same DATA_DIR; the output of
 * every run is kept for diagnostics.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../helpers/free-port.ts";
import type { FakeTelegram } from "../fake-telegram/server.ts";
import { Child, type OutputLine } from "./child.ts";
import { parseJson, type SandboxInfo } from "./sandbox-process.ts";

export type BotMode = { kind: "polling" } | { kind: "webhook"; secret: string };

export interface BotProcessOptions {
  telegram: FakeTelegram;
  sandbox: SandboxInfo;
  operators: number[];
  viewers?: number[];
  mode?: BotMode;
  /** More variables (SERVICE_TIMEOUT_MS, LOG_LEVEL, ...). */
  env?: Record<string, string>;
}

const START_TIMEOUT_MS = 25_000;
/** Lines that mean the process lost control of an error. */
const CRASH_PATTERN = /unhandled ?rejection|uncaught ?exception|Start-up failed/i;

export class BotProcess {
  readonly runs: Child[] = [];
  webhookUrl: string | undefined;
  private readonly options: BotProcessOptions;
  dataDir = "";

  constructor(options: BotProcessOptions) {
    this.options = options;
  }

  static async start(options: BotProcessOptions): Promise<BotProcess> {
    const bot = new BotProcess(options);
    bot.dataDir = await mkdtemp(join(tmpdir(), "bot-e2e-"));
    if (options.mode?.kind === "webhook") {
      bot.webhookUrl = `http://127.0.0.1:${await freePort()}/telegram/webhook`;
    }
    await bot.launch();
    return bot;
  }

  get current(): Child {
    const child = this.runs.at(-1);
    if (!child) throw new Error("the bot was never started");
    return child;
  }

  /** SIGKILL: no shutdown code runs, as in a power cut. */
  async kill(): Promise<void> {
    this.current.kill("SIGKILL");
    await this.current.exited;
  }

  /** A new process on the same DATA_DIR (and the same webhook port). */
  async restart(): Promise<void> {
    await this.launch();
  }

  /** Graceful stop (SIGTERM), then the temp DATA_DIR goes. */
  async stop(): Promise<void> {
    const child = this.runs.at(-1);
    if (child) await child.stop();
    if (this.dataDir) await rm(this.dataDir, { recursive: true, force: true });
  }

  /** Output lines of every run that tell of a crash or an unhandled error. */
  crashes(): OutputLine[] {
    return this.allLines().filter((l) => CRASH_PATTERN.test(l.text));
  }

  /** Log records (pino JSON) of every run with level >= 50 (error, fatal). */
  errors(): Record<string, unknown>[] {
    return this.allLines()
      .map((l) => parseJson(l.text))
      .filter((r): r is Record<string, unknown> => typeof r?.level === "number" && r.level >= 50);
  }

  /** Deaths other than the SIGKILLs a test did on purpose. */
  unexpectedExits(): string[] {
    return this.runs
      .filter((run) => run.exit && run.exit.signal !== "SIGKILL" && run.exit.signal !== "SIGTERM")
      .map((run) => JSON.stringify(run.exit));
  }

  output(): string {
    return this.runs.map((run, i) => `--- bot run ${i + 1} ---\n${run.output(400)}`).join("\n");
  }

  private allLines(): OutputLine[] {
    return this.runs.flatMap((run) => run.lines);
  }

  private async launch(): Promise<void> {
    const { telegram, sandbox, mode, env } = this.options;
    const child = new Child(`bot#${this.runs.length + 1}`, ["src/main.ts"], {
      PATH: process.env.PATH,
      BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      SERVICE_URL: sandbox.url,
      SERVICE_LOGIN: sandbox.login,
      SERVICE_PASSWORD: sandbox.password,
      SERVICE_TOKEN: "",
      REDIS_URL: "",
      OPERATOR_IDS: this.options.operators.join(","),
      VIEWER_IDS: (this.options.viewers ?? []).join(","),
      DATA_DIR: this.dataDir,
      DEFAULT_LOCALE: "en",
      LOG_LEVEL: "info",
      // The mirror's sync would spend requests the tests count; a test opts in with env.
      MIRROR: "off",
      SANDBOX_OTHERS_SECONDS: "0",
      ...(mode?.kind === "webhook" && this.webhookUrl
        ? {
            BOT_MODE: "webhook",
            WEBHOOK_URL: this.webhookUrl,
            WEBHOOK_SECRET: mode.secret,
            PORT: new URL(this.webhookUrl).port,
          }
        : { BOT_MODE: "polling" }),
      ...env,
    });
    this.runs.push(child);
    await child.waitForLine(
      (l) => /"msg":"(long polling started|webhook server listening)"/.test(l.text),
      START_TIMEOUT_MS,
      "start-up log line",
    );
  }
}
