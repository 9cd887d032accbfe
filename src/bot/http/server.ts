/**
 * The bot's own HTTP server (webhook and GET /health), built for a hostile
 * internet: Telegram sends small updates at once, so anyone slow or large is
 * not Telegram and is dropped within seconds instead of holding a file
 * descriptor that the bot needs for its calls to Telegram and the service.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

export interface HttpLimits {
  /** Time for a connection to deliver its request headers (a silent connection counts too). */
  headersTimeoutMs: number;
  /** Time for the whole request, body included. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveTimeoutMs: number;
  /** How often Node checks the two timeouts above (its default, 30 s, would let them slip). */
  checkIntervalMs: number;
  /** Open connections at most; see `capConnections`. */
  maxConnections: number;
}

export const DEFAULT_LIMITS: HttpLimits = {
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
  // Telegram opens at most 100 webhook connections (setWebhook max_connections, 40 by default).
  maxConnections: 100,
};

export interface HealthAnswer {
  ok: boolean;
  body: Record<string, unknown>;
}

/** Handles the request and returns true, or returns false to let the server answer 404. */
export type Route = (req: IncomingMessage, res: ServerResponse) => boolean;

interface HttpServerOptions {
  port: number;
  health: () => HealthAnswer;
  routes?: Route[];
  limits?: Partial<HttpLimits>;
}

interface ConnectionCounts {
  /** Connections open now. */
  open: number;
  /** Idle or silent connections closed to make room for a new one. */
  evicted: number;
  /** New connections refused because every open one had a request in progress. */
  refused: number;
}

export interface BotHttpServer {
  server: Server;
  port: number;
  counts(): ConnectionCounts;
  /** Stops accepting, drops idle and silent connections, waits for requests in progress. */
  close(): Promise<void>;
}

/** How long a refused connection may stay before it is closed for good. */
const LINGER_MS = 1_000;

/**
 * Answers `status` and ends the connection without reading any more of the body:
 * the answer and a FIN go out at once, reading stops, and the socket is destroyed
 * LINGER_MS later. Destroying it at once, with body bytes still unread, makes the
 * kernel send a reset that can reach the client before it has read the answer.
 */
export function refuse(req: IncomingMessage, res: ServerResponse, status: number): void {
  const socket = req.socket;
  if (res.headersSent) {
    socket.destroy();
    return;
  }
  // Runs after Node's own "finish" handler, which would otherwise read the rest of the body.
  res.once("finish", () => {
    socket.pause();
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
  res.writeHead(status).end();
}

export async function startHttpServer(options: HttpServerOptions): Promise<BotHttpServer> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const routes = options.routes ?? [];
  const connections = connectionCap(limits.maxConnections);
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    (req, res) => {
      connections.busy.add(req.socket);
      res.once("close", () => connections.busy.delete(req.socket));
      const path = req.url?.split("?")[0];
      if ((req.method === "GET" || req.method === "HEAD") && path === "/health") {
        const answer = options.health();
        res
          .writeHead(answer.ok ? 200 : 503, { "content-type": "application/json", connection: "close" })
          .end(JSON.stringify(answer.body));
        return;
      }
      if (!routes.some((route) => route(req, res))) refuse(req, res, 404);
    },
  );
  server.on("connection", connections.admit);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    server,
    port: typeof address === "object" && address ? address.port : options.port,
    counts: () => ({ open: connections.sockets.size, ...connections.counts }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle, silent and slow connections carry no request in progress: they are not waited for.
        for (const socket of connections.sockets) if (!connections.busy.has(socket)) socket.destroy();
      }),
  };
}

/**
 * At most `max` open connections. At the cap, a new connection takes the place of
 * the oldest one without a request in progress (silent, still sending headers, or
 * idle between keep-alive requests): slow connections cannot lock out Telegram or
 * the health check. Only when every open connection is busy is the new one refused.
 */
function connectionCap(max: number) {
  const sockets = new Set<Socket>(); // insertion order: oldest first
  const busy = new Set<Socket>();
  const counts = { evicted: 0, refused: 0 };
  const forget = (socket: Socket) => {
    sockets.delete(socket);
    busy.delete(socket);
  };
  const admit = (socket: Socket) => {
    if (sockets.size >= max) {
      const idle = [...sockets].find((open) => !busy.has(open));
      if (idle === undefined) {
        counts.refused++;
        socket.destroy();
        return;
      }
      counts.evicted++;
      forget(idle);
      idle.destroy();
    }
    sockets.add(socket);
    socket.once("close", () => forget(socket));
  };
  return { sockets, busy, counts, admit };
}
