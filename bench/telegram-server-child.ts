/**
 * A lean fake Bot API in a process of its own (started by telegram-server.ts):
 * every method answers at once, sendMessage with a message object, the rest
 * with `true`; it records nothing. Its CPU is not the bot's: a bot under bench
 * pays what a real bot pays for Telegram, one HTTP request per call over
 * keep-alive. Prints `{"port":N}` on stdout when listening.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

let messageId = 0;

function answer(method: string, body: string, res: ServerResponse): void {
  let result: unknown = true;
  if (method === "sendMessage") {
    const payload = (body === "" ? {} : JSON.parse(body)) as { chat_id?: unknown; text?: unknown };
    result = {
      message_id: ++messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: Number(payload.chat_id), type: "private", first_name: "User" },
      text: String(payload.text ?? ""),
    };
  }
  const json = JSON.stringify({ ok: true, result });
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
  res.end(json);
}

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const url = req.url ?? "";
  const method = url.slice(url.lastIndexOf("/") + 1).split("?")[0] ?? "";
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => answer(method, Buffer.concat(chunks).toString("utf8"), res));
});
// Keep-alive well past a bench round, so that no round pays for new connections.
server.keepAliveTimeout = 120_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});
process.on("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
