/**
 * Which module may import which (`npm run lint` runs `depcruise src`; a violating import fails it).
 * The floors are layers.cjs's lists: one rule per floor is generated from them; the rest below
 * are the lines a list cannot say (grammY kept out of the write core and the paper, cycles).
 */

const { SRC_LAYERS, BOT_LAYERS } = require("./layers.cjs");

const escapeDots = (name) => name.replace(/[.]/g, "\\.");
/** A path regex matching the members of `floors` under `root` (a folder, or a file of the root). */
const pathsOf = (root, floors) =>
  `^${root}(${floors
    .flatMap((f) => f.members)
    .map((m) => (m.endsWith(".ts") ? `${escapeDots(m)}$` : `${escapeDots(m)}/`))
    .join("|")})`;

/** One rule per floor: nothing of it imports a floor above. */
const upward = (root, layers) =>
  layers.slice(0, -1).map((layer, i) => ({
    name: `${root === "src/bot/" ? "bot" : "src"}-${layer.floor}-imports-nothing-above`,
    comment: `${layer.what}: may import ${layers
      .slice(0, i + 1)
      .map((l) => l.floor)
      .join(", ")}; not ${layers
      .slice(i + 1)
      .map((l) => l.floor)
      .join(", ")}.`,
    severity: "error",
    from: { path: pathsOf(root, [layer]) },
    to: { path: pathsOf(root, layers.slice(i + 1)) },
  }));

module.exports = {
  forbidden: [
    ...upward("src/", SRC_LAYERS),
    ...upward("src/bot/", BOT_LAYERS),
    {
      name: "bot-places-every-module",
      comment: "Every folder and root file of src/bot is on a floor of BOT_LAYERS (layers.cjs).",
      severity: "error",
      from: { path: "^src/bot/", pathNot: pathsOf("src/bot/", BOT_LAYERS) },
      to: {},
    },
    {
      name: "writes-know-no-grammy",
      comment: "The write core serves any actor (a chat, a web page, a job): grammY stays in telegram/.",
      severity: "error",
      from: { path: "^src/bot/writes/" },
      to: { path: "node_modules/(grammy|@grammyjs)/" },
    },
    {
      name: "paper-draws-without-grammy",
      comment:
        "src/bot/paper/ turns an order into a PDF and nothing else: no grammY, no Telegram, no request (the feature reads and sends).",
      severity: "error",
      from: { path: "^src/bot/paper/" },
      to: { path: "node_modules/(grammy|@grammyjs)/" },
    },
    {
      name: "paper-takes-only-types-of-the-service",
      comment: "A document is drawn from a record it is handed: the service's types, never its client.",
      severity: "error",
      from: { path: "^src/bot/paper/" },
      to: { path: "^src/service/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-folder-cycle",
      comment:
        "Folders of src/bot depend one way (type imports included). src/bot's own files (index.ts, the composition) are exempt.",
      severity: "error",
      scope: "folder",
      from: { path: "^src/bot/" },
      to: { circular: true },
    },
    {
      name: "sandbox-stands-alone",
      comment: "The local service shares only the interface's facts (src/contract) with the client.",
      severity: "error",
      from: { path: "^src/sandbox/" },
      to: { path: "^src/", pathNot: "^src/(sandbox|contract)/" },
    },
    {
      name: "only-start-up-imports-the-sandbox",
      comment: "The bot reaches the sandbox only as a service over HTTP (main.ts starts it).",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/(sandbox/|main\\.ts$|embedded-sandbox\\.ts$)" },
      to: { path: "^src/sandbox/" },
    },
    {
      name: "no-unresolvable-import",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API yet: @swc/core parses the sources (type-only imports are seen as such).
    parser: "swc",
    doNotFollow: { path: "node_modules" },
    moduleSystems: ["es6"],
    enhancedResolveOptions: {
      conditionNames: ["import", "types", "node", "default"],
      exportsFields: ["exports"],
    },
  },
};
