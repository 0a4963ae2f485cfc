import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineProject } from "vitest/config";

export default defineProject(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            RECIPECART_ALLOW_LOOPBACK_FETCH: "1",
            TRUST_CF_CONNECTING_IP: "1",
            // The base of every link the server hands out (worker/http/app-origin.ts); tests call other hosts to prove it.
            APP_ORIGIN: "https://recipecart.test",
            // worker/api/contact.test.ts: contact messages are mailed here (through the outbox).
            SUPPORT_EMAIL: "support@recipecart.test",
            // worker/api/extension.test.ts: one Chrome build id, and any Firefox install.
            EXTENSION_ORIGINS: "chrome-extension://abcdefghijklmnopabcdefghijklmnop, moz-extension://*",
          },
        },
      }),
    ],
    test: {
      name: "integration",
      // One workerd and one database for every file (decision 0004): a test never counts on an empty
      // table or on rows it did not make (its rows carry their own ids and tags).
      isolate: false,
      // Several accounts a test, each password hashed with scrypt at OWASP's cost: on a busy 2-core
      // machine a test can pass 5 s without anything being wrong (speed is measured by the bench).
      testTimeout: 20_000,
      include: ["worker/**/*.test.ts", "web/features/*/server/**/*.test.ts"],
      setupFiles: ["./worker/test/apply-migrations.ts"],
      // Fixture pages for recipe import, a fake Instacart API and fake OAuth providers, on loopback (worker/test/).
      globalSetup: ["./worker/test/fixture-server.ts", "./worker/test/fake-instacart.ts", "./worker/test/fake-oauth.ts"],
    },
  };
});
