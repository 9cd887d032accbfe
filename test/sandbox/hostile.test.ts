import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { call, useSandbox } from "./helpers.ts";

const sandbox = useSandbox({ orders: 20 });

/** One raw HTTP/1.1 request (fetch would normalize the target); the status line of the answer. */
function rawStatusLine(target: string): Promise<string> {
  const { port } = new URL(sandbox().url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1");
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString("utf8");
    });
    socket.on("end", () => resolve(text.split("\r\n")[0] ?? ""));
    socket.on("error", reject);
    socket.write(
      `GET ${target} HTTP/1.1\r\nHost: x\r\nAuthorization: ${sandbox().token}\r\nConnection: close\r\n\r\n`,
    );
  });
}

describe("hostile requests", () => {
  it("a request target that is not a valid URL is answered 400, and the sandbox keeps serving", async () => {
    expect(await rawStatusLine("//[")).toMatch(/^HTTP\/1\.1 400 /);
    expect((await call(sandbox(), "/shops")).status).toBe(200);
  });
});
