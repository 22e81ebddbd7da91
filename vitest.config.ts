import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
const define = { __APP_VERSION__: JSON.stringify("test") };

export default defineConfig({
  define,
  resolve: { alias },
  test: {
    projects: [
      {
        define,
        resolve: { alias },
        test: {
          name: "unit",
          globalSetup: ["tests/database-templates.ts"],
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // vitest's default is one worker fewer than the cores: one, on the two-core CI machines
          maxWorkers: 2,
          pool: "forks",
        },
      },
      {
        define,
        resolve: { alias },
        test: {
          name: "e2e",
          globalSetup: ["tests/database-templates.ts", "tests/e2e/axe-seen.ts"],
          include: ["tests/e2e/**/*.e2e.ts"],
          environment: "node",
          // a hang detector, not a speed target (no test sets a lower one): on a slow CI machine a first test took 59 s of
          // 60, and the staff walks over 120 s while the machine also ran a benchmark
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // expect.poll waits for a page state the shop's answer brings (a line no longer busy, a total): vitest's
          // default of 1 s is less than one answer takes on a slow CI machine running two files and PostgreSQL
          // (basket.e2e.ts failed there waiting for aria-busy to clear); a state that never comes still fails
          expect: { poll: { timeout: 15_000 } },
          // two files at a time: a file spends much of its time waiting on the browser and the shop process
          fileParallelism: true,
          maxWorkers: 2,
          pool: "forks",
        },
      },
    ],
  },
});
