import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "core/**/*.test.ts",
            "cli/**/*.test.ts",
            "node/**/*.test.ts",
            "scripts/**/*.test.ts",
            "web/**/*.test.{ts,tsx}",
            "extension/**/*.test.{ts,tsx}",
          ],
          // A feature's server tests run in workerd (the integration project).
          exclude: [...configDefaults.exclude, "web/features/*/server/**"],
          environment: "node",
          // One worker runs every file (decision 0004): a fresh process per file cost more than the tests.
          isolate: false,
        },
      },
      "./vitest.integration.config.ts",
      "./vitest.e2e.config.ts",
    ],
  },
});
