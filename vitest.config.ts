// Unit and API tests. Kept apart from vite.config.ts so vitest never loads
// the React Router plugin (STACK-NOTES pitfall 4).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["core/**/*.test.ts", "server/**/*.test.ts", "web/**/*.test.ts", "scripts/**/*.test.ts"],
    globalSetup: ["tests/api/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
