/** Loopback ports for servers a test starts itself (the sandbox, a bot process, a redis-server). */
import { createServer } from "node:net";

/** A loopback port free right now (the OS picks it; a server is started on it next). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
    server.once("error", reject);
  });
}

/** Whether nothing listens on `port` (a server that should be gone is). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
      .once("error", () => resolve(false))
      .listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}
