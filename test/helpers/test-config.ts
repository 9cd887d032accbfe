/**
 * A valid Config for tests and bench bots. Its own module (no sandbox import), so that
 * a process that only needs a config, like the bench's RSS child, does not load the sandbox.
 */
import type { Config } from "../../src/config/index.ts";

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    botToken: "123456:TEST-token",
    service: { kind: "sandbox" },
    ownerIds: [],
    operatorIds: [],
    viewerIds: [],
    shopIds: [],
    defaultLocale: "ru",
    // scripts/clock-matrix.sh runs the suite in other zones too (a test that needs one sets it).
    timezone: process.env.TEST_TIMEZONE || "Europe/Moscow",
    closingTime: { hours: 19, minutes: 0 },
    groupPhones: false,
    digestTime: { hours: 9, minutes: 0 },
    reportTime: { hours: 20, minutes: 0 },
    photoComment: false,
    stuckDays: 3,
    phoneCountry: "RU",
    storage: { kind: "file", dataDir: "./data" },
    mode: { kind: "polling" },
    logLevel: "silent",
    serviceTimeoutMs: 5000,
    mirror: {
      enabled: false,
      syncSeconds: 60,
      backfillDays: 30,
      budget: 40,
      reserve: 20,
      clients: true,
      dataDir: "./data",
    },
    // Tests drive one user through many lookups: the share is off unless a test sets it.
    lookupShare: 100,
    // No write reserve unless a test sets one (most tests run with the sandbox's quota off).
    writeReserve: 0,
    writeReserveFloor: 10,
    sandboxOthersSeconds: 0,
    returnStatuses: [],
    paper: {
      format: "a4",
      locale: "ru",
      terms: { ru: {}, en: {} },
      warrantyDays: 30,
      warrantyByType: {},
    },
    ...overrides,
  };
}
