/**
 * What the tests ask the sandbox over its HTTP API to check the bot's work
 * (orders created, payments recorded). Retries 5xx, 429 and timeouts, and logs
 * in again after a 401, so it works while faults are on.
 */
import type { SandboxInfo } from "./sandbox-process.ts";

export interface OrderRecord {
  id: string;
  number: string;
  num: number;
  status?: { id: string; name?: string };
  counteragent?: { id: string; name?: string };
  [field: string]: unknown;
}

interface Page<T> {
  data: T[];
  total: number;
}

const ATTEMPTS = 12;
const TIMEOUT_MS = 2_000;

export class SandboxApi {
  private readonly info: SandboxInfo;
  private token: string;

  constructor(info: SandboxInfo) {
    this.info = info;
    this.token = info.token;
  }

  async orders(query: Record<string, string> = {}): Promise<Page<OrderRecord>> {
    return this.get<Page<OrderRecord>>(
      `/company/orders?${new URLSearchParams({ pageSize: "50", ...query })}`,
    );
  }

  async orderCount(): Promise<number> {
    return (await this.orders({ pageSize: "1" })).total;
  }

  async order(id: string): Promise<OrderRecord> {
    return (await this.get<{ data: OrderRecord }>(`/orders/${encodeURIComponent(id)}`)).data;
  }

  async get<T>(path: string): Promise<T> {
    let last = "";
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        const response = await fetch(this.info.url + path, {
          headers: { authorization: this.token },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (response.ok) return (await response.json()) as T;
        last = `${response.status} ${await response.text()}`;
        if (response.status === 401) await this.login();
        else if (response.status < 429) throw new Error(`GET ${path}: ${last}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith("GET ")) throw error;
        last = String(error);
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
    }
    throw new Error(`GET ${path} failed ${ATTEMPTS} times; last: ${last}`);
  }

  private async login(): Promise<void> {
    const response = await fetch(`${this.info.url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: this.info.login, password: this.info.password }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.ok) this.token = ((await response.json()) as { token: string }).token;
  }
}
