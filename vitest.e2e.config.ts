import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "e2e",
    include: ["e2e/**/*.spec.ts"],
    environment: "node",
    globalSetup: ["./e2e/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One browser, one server: files run one after another on this 2-core machine.
    fileParallelism: false,
  },
});
