/**
 * A child process with its output kept line by line (for diagnostics and for
 * waiting on a log line), and a stop that never leaves it running.
 */
import { type ChildProcessByStdio, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";

export const REPO_ROOT = new URL("../../../", import.meta.url).pathname;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface OutputLine {
  stream: "stdout" | "stderr";
  text: string;
}

/**
 * The test run's clock and zone (scripts/clock-matrix.sh: libfaketime's
 * variables, TZ, and TEST_TIMEZONE as the bot's TIMEZONE) reach the processes
 * a test starts, which otherwise get only the env the test lists.
 */
function clockEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key === "TZ" || key === "LD_PRELOAD" || key.startsWith("FAKETIME")) env[key] = value;
  }
  if (process.env.TEST_TIMEZONE) env.TIMEZONE = process.env.TEST_TIMEZONE;
  return env;
}

export class Child {
  readonly name: string;
  readonly lines: OutputLine[] = [];
  readonly exited: Promise<Exit>;
  exit: Exit | undefined;
  private readonly process: ChildProcessByStdio<Writable, Readable, Readable>;
  private readonly listeners = new Set<() => void>();

  constructor(name: string, args: string[], env: NodeJS.ProcessEnv) {
    this.name = name;
    this.process = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      env: { ...clockEnv(), ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.collect("stdout", this.process.stdout);
    this.collect("stderr", this.process.stderr);
    this.exited = new Promise((resolve) => {
      this.process.once("exit", (code, signal) => {
        this.exit = { code, signal };
        this.notify();
        resolve(this.exit);
      });
    });
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  /** Resolves with the first line (old or new) that matches; rejects on exit or deadline. */
  waitForLine(match: (line: OutputLine) => boolean, timeoutMs: number, what: string): Promise<OutputLine> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const line = this.lines.find(match);
        if (line) {
          done();
          resolve(line);
        } else if (this.exit) {
          done();
          reject(
            new Error(`${this.name} exited (${JSON.stringify(this.exit)}) before ${what}\n${this.output()}`),
          );
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`${this.name}: no ${what} within ${timeoutMs} ms\n${this.output()}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
      check();
    });
  }

  /** One line to the child's stdin (the controllable sandbox reads commands there). */
  write(line: string): void {
    this.process.stdin.write(`${line}\n`);
  }

  kill(signal: NodeJS.Signals): void {
    if (!this.exit) this.process.kill(signal);
  }

  /** SIGTERM, then SIGKILL if it is still there after `graceMs`. */
  async stop(graceMs = 3_000): Promise<Exit> {
    if (this.exit) return this.exit;
    this.kill("SIGTERM");
    const timer = setTimeout(() => this.kill("SIGKILL"), graceMs);
    const exit = await this.exited;
    clearTimeout(timer);
    return exit;
  }

  /** The whole output, for a failing test's report. */
  output(last = 200): string {
    return this.lines
      .slice(-last)
      .map((l) => `[${this.name} ${l.stream}] ${l.text}`)
      .join("\n");
  }

  private collect(stream: OutputLine["stream"], readable: Readable): void {
    let rest = "";
    readable.setEncoding("utf8");
    readable.on("data", (chunk: string) => {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop() ?? "";
      for (const text of parts) this.lines.push({ stream, text });
      this.notify();
    });
    readable.on("end", () => {
      if (rest) this.lines.push({ stream, text: rest });
      this.notify();
    });
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
