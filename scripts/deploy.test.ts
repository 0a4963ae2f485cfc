import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deployOrigin, tomlAppOrigin } from "./deploy.ts";

const root = path.resolve(import.meta.dirname, "..");
const TOML = `name = "recipecart"\n\n[vars]\nRECIPECART_ALLOW_LOOPBACK_FETCH = "0"\nAPP_ORIGIN = ""\nMAIL_FROM = ""\n\n[[d1_databases]]\nbinding = "DB"\n`;

/** `npm run deploy` as the operator runs it (dry run: it prints the commands it would run). */
function deploy(appOrigin: string | undefined) {
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.APP_ORIGIN;
  if (appOrigin !== undefined) env.APP_ORIGIN = appOrigin;
  return spawnSync(process.execPath, ["scripts/deploy.ts", "--dry-run"], { cwd: root, env: env as NodeJS.ProcessEnv, encoding: "utf8" });
}

describe("npm run deploy needs a public APP_ORIGIN", () => {
  it("fails loudly, before building anything, when APP_ORIGIN is empty (wrangler.toml's default)", () => {
    const run = deploy(undefined);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Deploy refused: APP_ORIGIN is not set");
    expect(run.stdout).not.toContain("would run");
  });

  it("refuses plain http, a local address and a non-URL", () => {
    for (const bad of ["http://recipecart.example", "https://localhost:8787", "https://127.0.0.1", "recipecart.example"]) {
      expect(deployOrigin(bad, TOML), bad).toHaveProperty("error");
    }
    const run = deploy("http://recipecart.example");
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("must be an https address");
  });

  it("deploys with the origin (from the environment or wrangler.toml) passed to the Worker", () => {
    const run = deploy("https://recipecart.example/some/path");
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("would run: wrangler deploy --var TRUST_CF_CONNECTING_IP:1 --var APP_ORIGIN:https://recipecart.example");
    const fromToml = TOML.replace('APP_ORIGIN = ""', 'APP_ORIGIN = "https://lists.example.org"');
    expect(tomlAppOrigin(fromToml)).toBe("https://lists.example.org");
    expect(deployOrigin(undefined, fromToml)).toEqual({ origin: "https://lists.example.org" });
    // The environment wins over the file.
    expect(deployOrigin("https://recipecart.example", fromToml)).toEqual({ origin: "https://recipecart.example" });
    // Only [vars] counts.
    expect(tomlAppOrigin('[env.x.vars]\nAPP_ORIGIN = "https://x.example"\n')).toBe("");
  });
});
