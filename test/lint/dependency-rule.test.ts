/**
 * The dependency rule `npm run lint` checks (.dependency-cruiser.cjs): run on small trees
 * of files laid out like src/, it refuses each import the team agreed never to make, and
 * src/ as it is passes.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
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

const feature = { "src/bot/features/photos/index.ts": "export const photos = 1;\n" };

describe("the dependency rule", () => {
  it("refuses an import from ui/ into a feature, a type-only one too", async () => {
    const found = await violations({
      ...feature,
      "src/bot/ui/card.ts":
        'import { photos } from "../features/photos/index.ts";\nexport const card = photos;\n',
      "src/bot/ui/keyboard.ts":
        'import type { photos } from "../features/photos/index.ts";\nexport type K = typeof photos;\n',
    });
    expect(found).toContain("ui-imports-no-feature: src/bot/ui/card.ts -> src/bot/features/photos/index.ts");
    expect(found).toContain(
      "ui-imports-no-feature: src/bot/ui/keyboard.ts -> src/bot/features/photos/index.ts",
    );
  });

  it("lets a feature import ui/, and the composition root import both", async () => {
    const found = await violations({
      "src/bot/ui/card.ts": "export const card = 1;\n",
      "src/bot/features/photos/index.ts":
        'import { card } from "../../ui/card.ts";\nexport const photos = card;\n',
      "src/bot/index.ts":
        'import { photos } from "./features/photos/index.ts";\nimport { card } from "./ui/card.ts";\nexport const bot = [photos, card];\n',
      "src/bot/jobs.ts":
        'import { photos } from "./features/photos/index.ts";\nexport const jobs = [photos];\n',
    });
    expect(found).toEqual([]);
  });

  it("refuses dialog steps and features in orders/ and in the write core", async () => {
    const found = await violations({
      ...feature,
      "src/bot/dialog-kit/ask.ts": "export const ask = 1;\n",
      "src/bot/orders/reader.ts": 'import { ask } from "../dialog-kit/ask.ts";\nexport const reader = ask;\n',
      "src/bot/writes/core.ts":
        'import { photos } from "../features/photos/index.ts";\nexport const core = photos;\n',
    });
    expect(found).toContain(
      "orders-and-writes-import-no-dialog-or-feature: src/bot/orders/reader.ts -> src/bot/dialog-kit/ask.ts",
    );
    expect(found).toContain(
      "orders-and-writes-import-no-dialog-or-feature: src/bot/writes/core.ts -> src/bot/features/photos/index.ts",
    );
  });

  it("refuses a feature's job imported by the scheduler", async () => {
    const found = await violations({
      ...feature,
      "src/bot/scheduler/jobs.ts":
        'import { photos } from "../features/photos/index.ts";\nexport const jobs = [photos];\n',
    });
    expect(found).toContain(
      "scheduler-imports-no-feature: src/bot/scheduler/jobs.ts -> src/bot/features/photos/index.ts",
    );
  });

  it("refuses a cycle between folders of src/bot, also through a third one", async () => {
    const found = await violations({
      "src/bot/notify/send.ts": 'import { claim } from "../scheduler/runs.ts";\nexport const send = claim;\n',
      "src/bot/scheduler/runs.ts": 'import { rule } from "../orders/rules.ts";\nexport const claim = rule;\n',
      "src/bot/orders/rules.ts":
        'import { send } from "../notify/send.ts";\nexport const rule = () => send;\n',
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
    });
    expect(found).toContain("sandbox-stands-alone: src/sandbox/server.ts -> src/service/index.ts");
    expect(found).toContain("service-stands-below-the-bot: src/service/orders.ts -> src/bot/index.ts");
  });

  it("finds nothing to refuse in src/ as it is", async () => {
    expect(await violations({}, join(import.meta.dirname, "../.."))).toEqual([]);
  });
});
