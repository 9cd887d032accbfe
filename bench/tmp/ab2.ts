// Alternating rounds in one process: bot/bare × HTTP/in-process; CPU µs per update and wall per update.
import { Bot } from "grammy";
import { leanTelegramFetch } from "../lean-telegram.ts";
import { remoteBot, tellCalls, warmMirror } from "../remote-bot.ts";
import { startSandboxProcess } from "../sandbox-process.ts";
import { startTelegramServer } from "../telegram-server.ts";
import { BOT_INFO } from "../../test/helpers/fake-telegram.ts";

const USERS = Array.from({ length: 8 }, (_, i) => 5_000 + i);
const sandbox = await startSandboxProcess();
const [telegram, mirror] = await Promise.all([startTelegramServer(), warmMirror(sandbox)]);
const held = mirror.list({ pageSize: 1 }).items[0];
const num = Number(held?.order.number?.replace(/\D/g, ""));
const botHttp = remoteBot(sandbox, { operators: USERS, mirror, apiRoot: telegram.apiRoot, onTelegramCall: () => {} });
let captured: Record<string, unknown> = {};
const botLocal = remoteBot(sandbox, { operators: USERS, mirror, onTelegramCall: (m, p) => { if (m === "sendMessage") captured = p; } });
await botLocal.handleUpdate(botLocal.lookupUpdate(USERS[0]!, num));
const { chat_id: _c, text: cardText, ...cardOther } = captured as any;
console.log("payload bytes", JSON.stringify(captured).length);
const botLean = remoteBot(sandbox, { operators: USERS, mirror, apiRoot: telegram.apiRoot, onTelegramCall: () => {} });
const bare = (client: any) => { const b = new Bot("1:bench", { botInfo: BOT_INFO, client }); b.on("message:text", (ctx) => ctx.reply("Order А001042: in work")); b.api.config.use(tellCalls(() => {})); return b; };
const bareCard = (client: any) => { const b = new Bot("1:bench", { botInfo: BOT_INFO, client }); b.on("message:text", (ctx) => ctx.reply(cardText, cardOther)); b.api.config.use(tellCalls(() => {})); return b; };
const cardHttp = bareCard({ apiRoot: telegram.apiRoot });
const bareHttp = bare({ apiRoot: telegram.apiRoot });
const bareLocal = bare({ fetch: leanTelegramFetch(() => {}) });
const runners: Record<string, (u: number) => Promise<void>> = {
  botHttp: (u) => botHttp.handleUpdate(botHttp.lookupUpdate(u, num)),
  botLean: (u) => botLean.handleUpdate(botHttp.lookupUpdate(u, num)),
  bareHttp: (u) => bareHttp.handleUpdate(botHttp.lookupUpdate(u, num)),
  cardHttp: (u) => cardHttp.handleUpdate(botHttp.lookupUpdate(u, num)),
  botLocal: (u) => botLocal.handleUpdate(botHttp.lookupUpdate(u, num)),
  bareLocal: (u) => bareLocal.handleUpdate(botHttp.lookupUpdate(u, num)),
};
const only = (process.env.ONLY ?? "").split(",").filter(Boolean);
const names = Object.keys(runners).filter((n) => only.length === 0 || only.includes(n));
async function round(run: (u: number) => Promise<void>, n: number) {
  const c0 = process.cpuUsage(); const t0 = performance.now();
  await Promise.all(USERS.map(async (u) => { for (let i = 0; i < n / 8; i++) await run(u); }));
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / n, wall: ((performance.now() - t0) * 1000) / n };
}
const N = Number(process.env.N ?? 800);
for (const n of names) await round(runners[n]!, N);
const { Session } = await import("node:inspector/promises");
const session = new Session(); session.connect();
if (process.env.PROF) { await session.post("Profiler.enable"); await session.post("Profiler.setSamplingInterval", { interval: 50 }); await session.post("Profiler.start"); }
const res: Record<string, { cpu: number[]; wall: number[] }> = {};
for (let i = 0; i < Number(process.env.ROUNDS ?? 8); i++)
  for (const n of names) { const r = await round(runners[n]!, N); (res[n] ??= { cpu: [], wall: [] }).cpu.push(r.cpu); res[n].wall.push(r.wall); }
if (process.env.PROF) { const { profile } = await session.post("Profiler.stop"); (await import("node:fs")).writeFileSync(`/tmp/${process.env.PROF}.cpuprofile`, JSON.stringify(profile)); console.log("ops", Number(process.env.ROUNDS ?? 8) * N); }
const med = (x: number[]) => [...x].sort((p, q) => p - q)[x.length >> 1] ?? 0;
for (const n of names) console.log(n.padEnd(10), "cpu µs", med(res[n]!.cpu).toFixed(0).padStart(5), "wall µs", med(res[n]!.wall).toFixed(0).padStart(5));
if (res.botHttp && res.bareHttp) console.log("anchor (wall)", (med(res.bareHttp.wall) / med(res.botHttp.wall)).toFixed(3));
await mirror.stop(); await telegram.stop(); await sandbox.close(); process.exit(0);
