/**
 * THE list of the architecture, from the bottom up: each floor may import its own floor and the
 * floors below it, never one above (type imports count). .dependency-cruiser.cjs generates the lint
 * rule from it (`npm run lint`), README and docs/DEVELOPMENT.md point here: placing a new folder or
 * root file is one line.
 */

/** src/, from the bottom up. The sandbox stands apart: it shares only src/contract with the client. */
const SRC_LAYERS = [
  { floor: "contract", members: ["contract", "types"], what: "facts of the interface both sides enforce" },
  { floor: "service", members: ["service"], what: "the typed HTTP client of the service (knows no bot)" },
  { floor: "setup", members: ["config", "logger.ts"], what: "the settings' schema, the logger" },
  { floor: "mirror", members: ["mirror"], what: "the local copy of orders and clients, its sync" },
  { floor: "bot", members: ["bot"], what: "the grammY bot (its own floors below)" },
  { floor: "start", members: ["embedded-sandbox.ts", "main.ts"], what: "start-up (nothing imports it)" },
];

/** src/bot, from the bottom up. */
const BOT_LAYERS = [
  {
    floor: "base",
    members: ["metrics", "store", "policy", "money", "clock.ts", "i18n.ts", "core-services.ts"],
    what: "the operator's figures, the store and its registry, roles and the gate, the one money model of an order, time, languages, the services from below the bot",
  },
  {
    floor: "state",
    members: ["state"],
    what: "the bot's own state in the store: settings, links, photos, learned",
  },
  {
    floor: "formatting",
    members: ["ui", "desk", "paper"],
    what: "cards, keyboards, callback codecs, the owner's figures, receipts and acts as PDFs",
  },
  {
    floor: "readers",
    members: ["orders", "clients"],
    what: "the one order reader and the one client reader (the mirror or the service)",
  },
  { floor: "crm", members: ["crm"], what: "the service call wrapper, the reference cache" },
  { floor: "context", members: ["context.ts"], what: "BotServices and the update's context types" },
  { floor: "writes", members: ["writes"], what: "the exactly-once write core for any actor, and its kinds" },
  {
    floor: "channels",
    members: ["notify", "scheduler", "middleware", "telegram", "http"],
    what: "what reaches people and what comes in: notifications, timed jobs, update middleware, Telegram, HTTP",
  },
  { floor: "dialog-kit", members: ["dialog-kit"], what: "the steps dialogs are built from" },
  {
    floor: "features",
    members: ["features", "mini-app"],
    what: "one Composer per capability; they register with the root; the Mini App's page and API over them",
  },
  { floor: "composition", members: ["index.ts", "jobs.ts"], what: "the composition root: wires everything" },
];

module.exports = { SRC_LAYERS, BOT_LAYERS };
