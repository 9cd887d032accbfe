/**
 * The dependency rule `npm run lint` checks (.dependency-cruiser.cjs, generated from the floors
 * of layers.cjs): run on small trees of files laid out like src/, it refuses every upward import
 * (type-only ones too), and src/ as it is passes.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type IFlattenedRuleSet, type IViolation } from "dependency-cruiser";
import { afterEach, describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const config = require("../../.dependency-cruiser.cjs") as {
  forbidden: IFlattenedRuleSet["forbidden"];
  options: Record<string, unknown>;
};

const trees: string[] = [];
afterEach(async () => {
  for (const dir of trees.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** The rule names the tree's imports break, with the files that break them. */
async function violations(files: Record<string, string>, baseDir?: string): Promise<string[]> {
  let root = baseDir;
  if (!root) {
    root = await mkdtemp(join(tmpdir(), "depcruise-"));
    trees.push(root);
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    }
  }
  const { output } = await cruise(["src"], {
    ...config.options,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  if (typeof output === "string") throw new Error("expected a cruise result");
  return output.summary.violations.map(
    (v: IViolation) => `${v.rule.name}: ${v.from}${v.from === v.to ? "" : ` -> ${v.to}`}`,
  );
}

const { BOT_LAYERS } = require("../../layers.cjs") as { BOT_LAYERS: { floor: string; members: string[] }[] };

/** A one-file module of `path` importing `target` (a path relative to src/bot/). */
function importing(path: string, target: string, typeOnly = false): Record<string, string> {
  const depth = path.split("/").length - 3;
  const rel = `${depth === 0 ? "./" : "../".repeat(depth)}${target}`;
  return {
    [`src/bot/${target}`]: "export const x = 1;\n",
    [path]: `import ${typeOnly ? "type " : ""}{ x } from "${rel}";\nexport const y = ${typeOnly ? "1" : "x"};\n`,
  };
}

describe("the dependency rule", () => {
  // The upward imports a reader tried in a clone (issue 35), each refused by its floor's rule.
  it.each([
    ["policy -> clients", "src/bot/policy/access.ts", "clients/reader.ts", "bot-base-imports-nothing-above"],
    [
      "http -> dialog-kit",
      "src/bot/http/server.ts",
      "dialog-kit/ask.ts",
      "bot-channels-imports-nothing-above",
    ],
    ["desk -> writes", "src/bot/desk/money.ts", "writes/once.ts", "bot-formatting-imports-nothing-above"],
    ["paper -> notify", "src/bot/paper/draw.ts", "notify/send.ts", "bot-formatting-imports-nothing-above"],
    ["ui -> index", "src/bot/ui/card.ts", "index.ts", "bot-formatting-imports-nothing-above"],
    ["store -> context", "src/bot/store/storage.ts", "context.ts", "bot-base-imports-nothing-above"],
    [
      "orders -> dialog-kit",
      "src/bot/orders/reader.ts",
      "dialog-kit/ask.ts",
      "bot-readers-imports-nothing-above",
    ],
    ["writes -> notify", "src/bot/writes/once.ts", "notify/send.ts", "bot-writes-imports-nothing-above"],
    [
      "scheduler -> features",
      "src/bot/scheduler/jobs.ts",
      "features/photos/index.ts",
      "bot-channels-imports-nothing-above",
    ],
    [
      "ui -> features",
      "src/bot/ui/card.ts",
      "features/photos/index.ts",
      "bot-formatting-imports-nothing-above",
    ],
  ])("refuses %s, a type-only import too", async (_probe, from, target, rule) => {
    for (const typeOnly of [false, true]) {
      const found = await violations(importing(from, target, typeOnly));
      expect(found).toContain(`${rule}: ${from} -> src/bot/${target}`);
    }
  });

  it("refuses the service's client in paper/ (its types are fine), and grammY in the write core", async () => {
    const found = await violations({
      "src/service/index.ts": "export const client = 1;\nexport type Order = { id: string };\n",
      "src/bot/paper/draw.ts": 'import { client } from "../../service/index.ts";\nexport const d = client;\n',
      "src/bot/paper/document.ts":
        'import type { Order } from "../../service/index.ts";\nexport type D = Order;\n',
    });
    expect(found).toEqual([
      "paper-takes-only-types-of-the-service: src/bot/paper/draw.ts -> src/service/index.ts",
    ]);
  });

  it("lets a floor import its own floor and those below, and the composition root import all", async () => {
    const found = await violations({
      "src/bot/ui/card.ts": "export const card = 1;\n",
      "src/bot/desk/money.ts": 'import { card } from "../ui/card.ts";\nexport const money = card;\n',
      "src/bot/features/photos/index.ts":
        'import { card } from "../../ui/card.ts";\nexport const photos = card;\n',
      "src/bot/index.ts":
        'import { photos } from "./features/photos/index.ts";\nimport { card } from "./ui/card.ts";\nexport const bot = [photos, card];\n',
      "src/bot/jobs.ts":
        'import { photos } from "./features/photos/index.ts";\nexport const jobs = [photos];\n',
    });
    expect(found).toEqual([]);
  });

  it("refuses a folder of src/bot that no floor places", async () => {
    const found = await violations({
      "src/bot/ui/card.ts": "export const card = 1;\n",
      "src/bot/payments/offer.ts": 'import { card } from "../ui/card.ts";\nexport const offer = card;\n',
    });
    expect(found).toContain("bot-places-every-module: src/bot/payments/offer.ts -> src/bot/ui/card.ts");
  });

  it("places every folder and root file of src/bot as it is on a floor", async () => {
    const placed = new Set(BOT_LAYERS.flatMap((layer) => layer.members));
    const entries = await readdir(join(import.meta.dirname, "../../src/bot"));
    expect(entries.filter((entry) => !placed.has(entry))).toEqual([]);
  });

  it("refuses a cycle between folders of one floor, also through a third one", async () => {
    const found = await violations({
      "src/bot/notify/send.ts": 'import { claim } from "../scheduler/runs.ts";\nexport const send = claim;\n',
      "src/bot/scheduler/runs.ts": 'import { rule } from "../http/rules.ts";\nexport const claim = rule;\n',
      "src/bot/http/rules.ts": 'import { send } from "../notify/send.ts";\nexport const rule = () => send;\n',
    });
    expect(found.filter((v) => v.startsWith("no-folder-cycle:")).length).toBeGreaterThan(0);
  });

  it("keeps the sandbox alone and the client below the bot", async () => {
    const found = await violations({
      "src/service/index.ts": "export const client = 1;\n",
      "src/sandbox/server.ts":
        'import { client } from "../service/index.ts";\nexport const server = client;\n',
      "src/bot/index.ts": "export const bot = 1;\n",
      "src/service/orders.ts": 'import { bot } from "../bot/index.ts";\nexport const orders = bot;\n',
      "src/bot/features/start.ts":
        'import { server } from "../../sandbox/server.ts";\nexport const s = server;\n',
    });
    expect(found).toContain("sandbox-stands-alone: src/sandbox/server.ts -> src/service/index.ts");
    expect(found).toContain("src-service-imports-nothing-above: src/service/orders.ts -> src/bot/index.ts");
    expect(found).toContain(
      "only-start-up-imports-the-sandbox: src/bot/features/start.ts -> src/sandbox/server.ts",
    );
  });

  it("finds nothing to refuse in src/ as it is", async () => {
    expect(await violations({}, join(import.meta.dirname, "../.."))).toEqual([]);
  });
});
