import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** Runs scripts/require-node.mjs in a Node that reports `version`, then a line saying it went on. */
function runAs(version: string) {
  const code = `Object.defineProperty(process, "versions", { value: { ...process.versions, node: ${JSON.stringify(version)} } });
await import("./scripts/require-node.mjs");
console.log("went on");`;
  return spawnSync(process.execPath, ["--input-type=module", "-e", code], { cwd: root, encoding: "utf8" });
}

describe("the Node version check before npm start/test/dev/bench", () => {
  it("stops an older Node with a message that says what to install", () => {
    for (const version of ["20.20.2", "22.22.0", "23.11.1"]) {
      const run = runAs(version);
      expect(run.status, version).toBe(1);
      expect(run.stdout).not.toContain("went on");
      expect(run.stderr).toContain(`recipecart needs Node.js 24.0.0 or newer; this is Node.js ${version}.`);
      expect(run.stderr).toContain("Install Node.js 24 LTS");
    }
  });

  it("lets 24 and newer through", () => {
    for (const version of ["24.0.0", "24.11.1", "25.2.0"]) {
      const run = runAs(version);
      expect(run.status, version).toBe(0);
      expect(run.stdout).toContain("went on");
    }
  });

  it("runs before the .ts scripts and states the same minimum as package.json engines and the README", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    for (const name of ["start", "test", "dev", "bench"])
      expect(pkg.scripts[name]).toMatch(/^node scripts\/require-node\.mjs && node scripts\/\S+\.ts/);
    expect(pkg.engines.node).toBe(">=24.0.0");
    expect(readFileSync(path.join(root, "README.md"), "utf8")).toContain("Node.js 24 or newer");
  });
});
