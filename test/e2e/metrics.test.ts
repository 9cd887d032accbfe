/**
 * GET /metrics and the probes end to end: `node src/main.ts` with PORT, the
 * mirror on and METRICS_TOKEN, on the fake Telegram and the sandbox process.
 * After a lookup, a write, a sync (with a change by another CRM user that the
 * sync finds and the staff is told of) and an open dialog, one scrape, parsed
 * as Prometheus reads it, shows each series moved. Last, the service stops:
 * /health/ready says 503 while /health/live still answers.
 */
import { describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port.ts";
import { parseMetrics, type Sample, sampleValue } from "../helpers/prometheus.ts";
import { tooManyRequests } from "./fake-telegram/errors.ts";
import { OPERATOR, SECOND_OPERATOR, useStack } from "./harness/stack.ts";
import { changeStatusScript } from "./scenarios/change-status.ts";
import { walk } from "./scenarios/walker.ts";

const TOKEN = "e2e-metrics-token_0123456789";
const port = await freePort();
const stack = useStack({
  // A budget no window exhausts: the sync keeps its 1 s pace wherever in the 15-minute quota
  // window the clock stands (a budget of 40 spreads its last requests over what is left of it).
  botEnv: {
    PORT: String(port),
    MIRROR: "on",
    MIRROR_SYNC_SECONDS: "1",
    MIRROR_BUDGET: "5000",
    METRICS_TOKEN: TOKEN,
  },
});
const base = `http://127.0.0.1:${port}`;

async function scrape(): Promise<Sample[]> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return parseMetrics(await response.text());
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Another CRM user moves the order to another status, over the service's own HTTP API. */
async function changeOutsideTheBot(orderId: string, currentStatusId: string): Promise<void> {
  const { sandbox, api } = stack();
  // GET /statuses answers the statuses by group, as the real service does.
  type Group = { elements: { id: string; isPayRequired?: boolean }[] };
  const groups = await api.get<{ data: Record<string, Group> }>("/statuses");
  const open = ["new", "inWork", "wait"].flatMap((group) => groups.data[group]?.elements ?? []);
  const next = open.find((s) => s.id !== currentStatusId && !s.isPayRequired);
  const response = await fetch(`${sandbox.info.url}/orders/${orderId}`, {
    method: "PATCH",
    headers: { authorization: sandbox.info.token, "content-type": "application/json" },
    body: JSON.stringify({ statusId: next?.id }),
  });
  expect(response.status).toBe(200);
}

describe("GET /metrics", () => {
  it("refuses a scrape without the token, or with a wrong one", async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${base}/metrics`, { headers: { authorization: "Bearer nope" } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toBe("");
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
    expect((await fetch(`${base}/metrics`, { method: "POST" })).status).toBe(405);
  });

  it("after a lookup, a write, a sync and a dialog, every series has moved", async () => {
    const { telegram, api } = stack();
    // The first fill is done: the mirror reports a complete sync.
    await until("the mirror's first sync", async () =>
      sampleValue(await scrape(), "repairbot_mirror_last_sync_age_seconds"),
    );
    const before = await scrape();

    // A lookup, whose first answer Telegram refuses once with a 429 (auto-retry waits it out).
    telegram.state.faults.failNext("sendMessage", tooManyRequests(1));
    const op = telegram.user(OPERATOR);
    expect((await op.say("1042")).text).toContain("А001042");
    await op.press("🔔 Watch");

    // Another CRM user moves it: the sync finds the change and the watcher is told.
    const [order] = (await api.orders({ num: "1042" })).data;
    await changeOutsideTheBot(order?.id ?? "", order?.status?.id ?? "");
    const notice = await op.reply((o) => /the status is now/.test(o.text ?? ""), { timeoutMs: 30_000 });
    expect(notice.text).toContain("А001042");

    // A write: a status change with payment through the write core.
    const script = changeStatusScript(1042, {
      status: /^Согласовано, предоплата/,
      cash: "100",
      bank: "50",
      note: "metrics e2e",
    });
    expect((await walk(telegram.user(SECOND_OPERATOR), script, script.start)).last.text).toContain(
      "Status changed",
    );

    // A dialog left open: its state is stored once the step's answer is out.
    expect((await op.say("/new")).text).toBeTruthy();
    await until("the dialog's state", async () =>
      sampleValue(await scrape(), "repairbot_dialogs_open") === 1 ? true : undefined,
    );

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      (sampleValue(after, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);

    // Requests to the service by use and outcome.
    expect(moved("repairbot_service_requests_total", { use: "read", outcome: "ok" })).toBeGreaterThan(0);
    expect(moved("repairbot_service_requests_total", { use: "write", outcome: "ok" })).toBeGreaterThan(0);
    expect(moved("repairbot_service_requests_total", { use: "sync", outcome: "ok" })).toBeGreaterThan(0);
    // The token came from POST /auth at start (login mode).
    expect(
      sampleValue(after, "repairbot_service_requests_total", { use: "auth", outcome: "ok" }),
    ).toBeGreaterThan(0);
    // Quota left and its reset, as the last answer said (the sandbox's quota is off: a large constant).
    expect(sampleValue(after, "repairbot_service_quota_remaining")).toBeGreaterThan(0);
    expect(sampleValue(after, "repairbot_service_quota_reset_timestamp_seconds")).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
    // The default reserve follows the writes seen (WRITE_RESERVE=auto): its floor 10 up to 50.
    const reserve = sampleValue(after, "repairbot_service_write_reserve") ?? -1;
    expect(reserve).toBeGreaterThanOrEqual(10);
    expect(reserve).toBeLessThanOrEqual(50);
    // Sync lag: the change found a moment ago.
    const lag = sampleValue(after, "repairbot_mirror_sync_lag_seconds");
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(60);
    expect(sampleValue(after, "repairbot_mirror_orders")).toBeGreaterThan(0);
    // The notification's delay, observed once at least.
    expect(moved("repairbot_notification_delay_seconds_count")).toBeGreaterThanOrEqual(1);
    expect(sampleValue(after, "repairbot_notification_delay_seconds_sum")).toBeLessThan(60);
    // No client is linked (CLIENTS=off): the client messages' histogram is there, empty.
    expect(sampleValue(after, "repairbot_client_message_delay_seconds_count")).toBe(0);
    // The write, by its kind and result.
    // The order's change is the write core's kind "change" (writes/kinds/).
    expect(moved("repairbot_writes_total", { result: "sent" })).toBe(1);
    expect(moved("repairbot_writes_total", { kind: "change", result: "sent" })).toBe(1);
    // Telegram's refusal, by method and code.
    expect(moved("repairbot_telegram_api_errors_total", { method: "sendMessage", code: "429" })).toBe(1);
    // The /new dialog, open.
    expect(sampleValue(after, "repairbot_dialogs_open")).toBe(1);
    // Node's defaults.
    expect(sampleValue(after, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(sampleValue(after, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);

    // Leaving the dialog closes it.
    await op.say("/cancel");
    await until("the dialog closed", async () =>
      sampleValue(await scrape(), "repairbot_dialogs_open") === 0 ? true : undefined,
    );
  });
});

describe("/health/live and /health/ready", () => {
  it("live answers; ready checks Telegram, the service, the store and the mirror; /health is as before", async () => {
    const live = await fetch(`${base}/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ ok: true });
    const ready = await fetch(`${base}/health/ready`);
    const body = (await ready.json()) as { ok: boolean; checks: Record<string, { ok: boolean }> };
    expect({ status: ready.status, body }).toMatchObject({
      status: 200,
      body: {
        ok: true,
        checks: { telegram: { ok: true }, service: { ok: true }, store: { ok: true }, mirror: { ok: true } },
      },
    });
    const health = (await (await fetch(`${base}/health`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ ok: true, mode: "polling" });
    expect(health).not.toHaveProperty("checks");
  });

  it("ready fails once the service stops answering, live still answers", async () => {
    const { sandbox } = stack();
    const requestsBefore = sampleValue(await scrape(), "repairbot_service_requests_total");
    await sandbox.stop();
    // The mirror's next sync (every second) meets the service down; readiness spends nothing itself.
    const body = await until("ready to fail", async () => {
      const ready = await fetch(`${base}/health/ready`);
      return ready.status === 503
        ? ((await ready.json()) as { checks: Record<string, { ok: boolean }> })
        : undefined;
    });
    expect(body.checks.service?.ok).toBe(false);
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    const failed = await scrape();
    expect(
      sampleValue(failed, "repairbot_service_requests_total", { outcome: "unavailable" }),
    ).toBeGreaterThan(0);
    expect(sampleValue(failed, "repairbot_service_requests_total")).toBeGreaterThan(requestsBefore ?? 0);
  });
});
