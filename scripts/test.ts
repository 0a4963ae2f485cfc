/**
 * `npm test`: everything, in order — typecheck (app and the platform-free core), lint and format
 * check (Biome), import boundaries and references outside the repository (scripts/check-boundaries.ts), build (app, and the browser
 * extension with web-ext lint on its Firefox build), then
 * every Vitest project (unit, integration in workerd, e2e in Chromium). Prints a final
 * `N passed, N failed` line and writes it to .e2e-out/summary.json for .ci/run.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

// Two Vitest runs at once: unit + integration (CPU-bound, a few minutes) beside the end-to-end tests
// (one browser and one server, mostly waiting). One after the other they took ~19 minutes on CI's
// 2-core machine; side by side the e2e run is the whole wait. The first run's output is printed
// when both are done, so the two logs do not interleave.
type Run = { name: string; report: string; args: string[]; capture: boolean };
const runs: Run[] = [
  {
    name: "unit + integration",
    report: path.join(out, "vitest-fast.json"),
    args: ["--project", "unit", "--project", "integration"],
    capture: true,
  },
];
if (built) runs.push({ name: "e2e", report: path.join(out, "vitest.json"), args: ["--project", "e2e"], capture: false });

function runVitest(r: Run): Promise<string> {
  // A report left by an earlier run must not stand in for this one.
  rmSync(r.report, { force: true });
  return new Promise((resolve) => {
    const args = ["run", "--reporter=default", "--reporter=json", `--outputFile=${r.report}`, ...r.args, ...extra];
    // The unit and integration tests take what CPU the end-to-end run leaves (nice 10): a browser test
    // waits on timers and animations and must not be starved.
    const [cmd, cmdArgs] =
      r.capture && process.platform === "linux" ? ["nice", ["-n", "10", bin("vitest"), ...args]] : [bin("vitest"), args];
    const child = spawn(cmd, cmdArgs, {
      cwd: root,
      env,
      stdio: r.capture ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let log = "";
    child.stdout?.on("data", (d: Buffer) => {
      log += d.toString();
    });
    child.stderr?.on("data", (d: Buffer) => {
      log += d.toString();
    });
    child.on("close", () => resolve(log));
  });
}

console.log(`\n▶ vitest (${runs.map((r) => r.name).join(" | ")}, side by side)`);
const logs = await Promise.all(runs.map(runVitest));
for (const [i, r] of runs.entries()) {
  if (r.capture) console.log(`\n▶ vitest output: ${r.name}\n${logs[i]}`);
}
for (const r of runs) {
  try {
    const res = JSON.parse(readFileSync(r.report, "utf8")) as {
      numPassedTests: number;
      numFailedTests: number;
      numTotalTests: number;
      testResults: { status: string; message?: string; name: string }[];
    };
    passed += res.numPassedTests;
    failed += res.numFailedTests;
    // A file that failed to load (syntax error, failing setup) has no failed test of its own.
    for (const f of res.testResults) {
      if (f.status === "failed" && f.message) {
        failed++;
        console.log(`✘ ${path.relative(root, f.name)}: ${f.message.split("\n")[0]}`);
      }
    }
    if (res.numTotalTests === 0 && extra.length === 0) failed++;
  } catch (err) {
    // With a file filter (`npm test -- e2e/x.spec.ts`) the other run may find nothing to run.
    if (extra.length > 0) continue;
    failed++;
    console.log(`✘ vitest (${r.name}) wrote no report: ${String(err)}`);
  }
}

writeFileSync(path.join(out, "summary.json"), JSON.stringify({ passed, failed }));
console.log(`\n${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
