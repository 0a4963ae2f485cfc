import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "e2e",
    include: ["e2e/**/*.spec.ts"],
    environment: "node",
    globalSetup: ["./e2e/global-setup.ts"],
    // A walk that takes 10 s alone can take three times that on a busy 2-core CI machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One browser, one server: files run one after another on this 2-core machine.
    fileParallelism: false,
  },
});
