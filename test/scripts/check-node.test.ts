/** scripts/check-node.cjs: one clear line and exit 1 on a Node older than package.json's engines. */
import { execFileSync, spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const SCRIPT = "scripts/check-node.cjs";
/** Makes the script see another Node version than the one running it. */
const pretend = (version: string) =>
  `Object.defineProperty(process,"versions",{value:{...process.versions,node:"${version}"}});` +
  `Object.defineProperty(process,"version",{value:"v${version}"});`;

function run(version?: string) {
  const args = version ? ["--eval", `${pretend(version)}require("./${SCRIPT}")`] : [SCRIPT];
  return spawnSync(process.execPath, args, { encoding: "utf8" });
}

/** The machine's own `node` (Node 20 here) when it is older than the project needs. */
function systemNodeIfOld(): string | undefined {
  try {
    const version = execFileSync("/usr/bin/node", ["--version"], { encoding: "utf8" }).trim();
    return Number(version.slice(1).split(".")[0]) < 22 ? "/usr/bin/node" : undefined;
  } catch {
    return undefined;
  }
}

describe("the Node version check", () => {
  it("passes silently on this Node", () => {
    const result = run();
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("");
  });

  it.each(["20.19.0", "22.11.0", "22.17.1", "18.0.0"])(
    "stops Node %s with one line naming the need and the fix",
    (v) => {
      const result = run(v);
      expect(result.status).toBe(1);
      const lines = result.stderr.trimEnd().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("needs Node.js >=22.18");
      expect(lines[0]).toContain(`v${v}`);
      expect(lines[0]).toContain("source scripts/node.sh");
    },
  );

  // 22.12-22.17 would pass a weaker check and then fail with "Unknown file extension .ts".
  it("lets 22.18 and later through", () => {
    expect(run("22.18.0").status).toBe(0);
    expect(run("23.0.0").status).toBe(0);
  });

  it.runIf(systemNodeIfOld())("runs on the machine's old Node itself", () => {
    const result = spawnSync(systemNodeIfOld() ?? "", [SCRIPT], { encoding: "utf8" });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^This project needs Node\.js >=22\.18 \(this shell has v\d+/);
  });
});
