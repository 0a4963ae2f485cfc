import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Each test file starts with an empty D1: migrate it from nothing, exactly as production does.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
