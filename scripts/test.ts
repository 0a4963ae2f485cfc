/**
 * `npm test`: everything, in order — typecheck (app and the platform-free core), lint and format
 * check (Biome), import boundaries and references outside the repository (scripts/check-boundaries.ts), build (app, and the browser
 * extension with web-ext lint on its Firefox build), then
 * every Vitest project (unit, integration in workerd, e2e in Chromium). Prints a final
 * `N passed, N failed` line and writes it to .e2e-out/summary.json for .ci/run.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bin, root, toolEnv } from "./lib/tooling.ts";

const out = path.join(root, ".e2e-out");
mkdirSync(out, { recursive: true });
const env = toolEnv;

let passed = 0;
let failed = 0;

function step(name: string, cmd: string, args: string[]): boolean {
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  const ok = r.status === 0;
  if (ok) passed++;
  else failed++;
  console.log(ok ? `✔ ${name}` : `✘ ${name} (exit ${r.status ?? r.signal})`);
  return ok;
}

const extra = process.argv.slice(2);
step("generate types", bin("wrangler"), ["types"]) && step("react-router typegen", bin("react-router"), ["typegen"]);
step("typecheck", bin("tsc"), ["--noEmit"]);
step("typecheck core (no platform APIs)", bin("tsc"), ["--noEmit", "-p", "tsconfig.core.json"]);
step("lint and format check (biome ci)", bin("biome"), ["ci", "."]);
step("import boundaries and outside references", process.execPath, [path.join(root, "scripts", "check-boundaries.ts")]);
const built = step("build", bin("vite"), ["build"]);
// The browser extension: the Chrome test build the e2e tests load, and the Firefox build, which
// must pass Mozilla's linter (web-ext lint: errors fail, warnings are printed).
const extensionBuilt = step("build extension (Chrome test build, Firefox)", process.execPath, [
  path.join(root, "scripts", "build-extension.ts"),
  "--modes",
  "chrome-test,firefox",
  "--no-zip",
]);
if (extensionBuilt) {
  step("web-ext lint (Firefox build)", bin("web-ext"), [
    "lint",
    "--source-dir",
    path.join(root, "dist", "extension", "firefox"),
    "--no-input",
  ]);
}

const report = path.join(out, "vitest.json");
const projects = built ? [] : ["--project", "unit", "--project", "integration"];
console.log("\n▶ vitest");
spawnSync(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile=${report}`, ...projects, ...extra], {
  cwd: root,
  env,
  stdio: "inherit",
});
try {
  const r = JSON.parse(readFileSync(report, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTests: number;
    testResults: { status: string; message?: string; name: string }[];
  };
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  // A file that failed to load (syntax error, failing setup) has no failed test of its own.
  for (const f of r.testResults) {
    if (f.status === "failed" && f.message) {
      failed++;
      console.log(`✘ ${path.relative(root, f.name)}: ${f.message.split("\n")[0]}`);
    }
  }
  if (r.numTotalTests === 0) failed++;
} catch (err) {
  failed++;
  console.log(`✘ vitest wrote no report: ${String(err)}`);
}

writeFileSync(path.join(out, "summary.json"), JSON.stringify({ passed, failed }));
console.log(`\n${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
