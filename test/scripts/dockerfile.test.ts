import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dockerCacheUsers, ownCacheFolder, startCommand } from "../../bench/start-command.ts";

const dockerfile = readFileSync(new URL("../../Dockerfile", import.meta.url), "utf8");

describe("the image's compile cache", () => {
  it("is filled as the user the bot runs as (Node keys the cache folder by user id)", () => {
    expect(dockerCacheUsers(dockerfile)).toEqual({ fill: "node", run: "node" });
    expect(() => startCommand()).not.toThrow();
  });

  it("a cache filled as root for a bot run as node is caught", () => {
    const rootFill = dockerfile.replace(/^USER node\n/m, "").replace(/^EXPOSE/m, "USER node\nEXPOSE");
    expect(dockerCacheUsers(rootFill)).toEqual({ fill: "root", run: "node" });
  });

  it("the folder read is the one named with the reader's user id", () => {
    const entries = ["v24.21.0-x64-964aae3f-0", "v24.21.0-x64-964aae3f-1000"];
    expect(ownCacheFolder(entries, 1000)).toBe("v24.21.0-x64-964aae3f-1000");
    expect(ownCacheFolder(["v24.21.0-x64-964aae3f-0"], 1000)).toBeUndefined();
  });
});
