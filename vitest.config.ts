import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Tests start HTTP servers on loopback and bots in-process; two cores here.
    pool: "forks",
    unstubEnvs: true,
  },
});
