import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // A Redis for the Redis tests when none is given (REDIS_TEST_URL) and redis-server is installed.
    globalSetup: ["test/redis-server.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Tests start HTTP servers on loopback and bots in-process; two cores here.
    pool: "forks",
    unstubEnvs: true,
  },
});
