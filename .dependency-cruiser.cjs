/**
 * Which folder may import which (`npm run lint` runs `depcruise src`; a violating import fails it).
 *
 * Between the top folders: bot -> mirror -> service -> contract; the sandbox stands alone
 * (it shares only src/contract with the client); nothing imports main.ts.
 *
 * Inside src/bot, from the bottom up:
 *   money                                        the one money model of an order (pure)
 *   store, policy, clock.ts, i18n.ts             the store and plain helpers
 *   state                                        bot state kept in the store (settings, links, photos, learned)
 *   ui, desk, paper                              formatting, keyboards, callback codecs, the owner's figures,
 *                                                receipts and acts as PDFs
 *   orders                                       the order reader, saved searches, the inline gate
 *   crm                                          the service call wrapper, the reference cache, pressed orders
 *   writes                                       the exactly-once write core and its kinds
 *   scheduler, notify, middleware, telegram, http
 *   dialog-kit                                   the steps dialogs are built from
 *   features                                     one Composer per capability; they register
 *                                                their card buttons, dialogs and jobs with the root
 *   index.ts, jobs.ts                            the composition root (exempt: it wires everything)
 * The rules below state the lines the team relies on; `no-folder-cycle` keeps the rest one-way.
 */

module.exports = {
  forbidden: [
    {
      name: "ui-imports-no-feature",
      comment:
        "ui/ formats and encodes; a feature contributes to it by registering (card actions), never the reverse.",
      severity: "error",
      from: { path: "^src/bot/ui/" },
      to: { path: "^src/bot/features/" },
    },
    {
      name: "orders-and-writes-import-no-dialog-or-feature",
      comment:
        "Reading and writing orders happens below the dialogs: a dialog calls them, they never call a dialog step or a feature.",
      severity: "error",
      from: { path: "^src/bot/(orders|writes)/" },
      to: { path: "^src/bot/(dialog-kit|features)/" },
    },
    {
      name: "scheduler-imports-no-feature",
      comment:
        "Features hand their jobs to the composition root (src/bot/jobs.ts); the scheduler only runs them.",
      severity: "error",
      from: { path: "^src/bot/scheduler/" },
      to: { path: "^src/bot/features/" },
    },
    {
      name: "lower-layers-import-no-feature",
      comment: "Only the composition root (src/bot/index.ts, src/bot/jobs.ts) and features import features.",
      severity: "error",
      from: { path: "^src/bot/", pathNot: "^src/bot/(features/|index\\.ts$|jobs\\.ts$)" },
      to: { path: "^src/bot/features/" },
    },
    {
      name: "paper-draws-without-grammy",
      comment:
        "src/bot/paper/ turns an order into a PDF and nothing else: no grammY, no Telegram, no request (the feature reads and sends).",
      severity: "error",
      from: { path: "^src/bot/paper/" },
      to: {
        path: "node_modules/(grammy|@grammyjs)/|^src/bot/(features|dialog-kit|crm|orders|writes|telegram)/",
      },
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
      name: "service-stands-below-the-bot",
      comment: "The typed client knows no bot, mirror, sandbox or configuration of the bot.",
      severity: "error",
      from: { path: "^src/service/" },
      to: { path: "^src/(bot|mirror|sandbox|config)/|^src/main\\.ts$" },
    },
    {
      name: "mirror-imports-no-bot-or-sandbox",
      severity: "error",
      from: { path: "^src/mirror/" },
      to: { path: "^src/(bot|sandbox)/|^src/main\\.ts$" },
    },
    {
      name: "sandbox-stands-alone",
      comment: "The local service shares only the interface's facts (src/contract) with the client.",
      severity: "error",
      from: { path: "^src/sandbox/" },
      to: { path: "^src/", pathNot: "^src/(sandbox|contract)/" },
    },
    {
      name: "contract-imports-nothing-of-src",
      severity: "error",
      from: { path: "^src/contract/" },
      to: { path: "^src/", pathNot: "^src/contract/" },
    },
    {
      name: "bot-imports-no-sandbox",
      comment: "The bot reaches the sandbox only as a service over HTTP (main.ts starts it).",
      severity: "error",
      from: { path: "^src/bot/" },
      to: { path: "^src/sandbox/|^src/main\\.ts$|^src/embedded-sandbox\\.ts$" },
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
