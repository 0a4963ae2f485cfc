/**
 * `npm test`: everything, in order — typecheck (app and the platform-free core), lint and format
 * check (Biome), import boundaries and references outside the repository (scripts/check-boundaries.ts), build (app, and the browser
 * extension with web-ext lint on its Firefox build), then
 * every Vitest project (unit, integration in workerd, e2e in Chromium). Prints a final
 * `N passed, N failed` line and writes it to .e2e-out/summary.json for .ci/run.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bin, root, toolEnv } from "./lib/tooling.ts";

const out = path.join(root, ".e2e-out");
mkdirSync(out, { recursive: true });
const env = toolEnv;

let passed = 0;
let failed = 0;

type Run = { name: string; report: string; args: string[]; capture: boolean; nice?: boolean };

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

// The unit and integration tests need neither the generated types nor the build: they start first and
// run beside the checks and the build (those are one process at a time and leave the second core
// idle), then beside the end-to-end tests, at a lower priority (nice 10) so a browser test waiting on
// timers and animations is never starved. Each project runs its files in one worker (isolate: false in
// the Vitest configs, decision 0004): a fresh worker and database per file cost more than the tests.
const fast: Run = {
  name: "unit + integration",
  report: path.join(out, "vitest-fast.json"),
  args: ["--project", "unit", "--project", "integration"],
  capture: true,
  nice: true,
};
const fastRun = runVitest(fast);

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

// The end-to-end files run in one Vitest process with one server, database and browser
// (e2e/global-setup.ts), beside the unit and integration run. Measured on CI's 2-core machine (decision
// 0004): one e2e run alone uses about two thirds of a core and its files took ~1,000 s; split into two or
// three shards side by side, every page load waited on the others' browsers and each shard took
// ~1,250-1,300 s, with tests timing out. E2E_SHARDS=n splits the files into n shards anyway (each its own
// server, database and browser); a shard's output is printed when all are done.
const runs: Run[] = [fast];

/** The e2e spec files, split into `n` shards of about equal size (bytes stand in for running time). */
function e2eShards(n: number): string[][] {
  const files = readdirSync(path.join(root, "e2e"), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".spec.ts"))
    .map((f) => ({ file: path.join("e2e", f), size: statSync(path.join(root, "e2e", f)).size }))
    .sort((a, b) => b.size - a.size || a.file.localeCompare(b.file));
  const shards = Array.from({ length: n }, () => ({ files: [] as string[], size: 0 }));
  for (const f of files) {
    const lightest = shards.reduce((a, b) => (b.size < a.size ? b : a));
    lightest.files.push(f.file);
    lightest.size += f.size;
  }
  return shards.map((s) => s.files).filter((s) => s.length > 0);
}

const shardCount = Math.max(1, Number(process.env.E2E_SHARDS ?? 1) || 1);
if (built) {
  // With a file filter (`npm test -- e2e/x.spec.ts`) one e2e run takes the filter as it is.
  const shards = extra.length > 0 || shardCount === 1 ? [[]] : e2eShards(shardCount);
  for (const [i, files] of shards.entries()) {
    const one = shards.length === 1;
    runs.push({
      name: one ? "e2e" : `e2e ${i + 1}/${shards.length}`,
      report: path.join(out, one ? "vitest.json" : `vitest-e2e-${i + 1}.json`),
      args: ["--project", "e2e", ...files],
      // Only one run writes to the terminal as it goes; the others are printed at the end.
      capture: i > 0,
    });
  }
}

function runVitest(r: Run): Promise<string> {
  // A report left by an earlier run must not stand in for this one.
  rmSync(r.report, { force: true });
  return new Promise((resolve) => {
    const args = ["run", "--reporter=default", "--reporter=json", `--outputFile=${r.report}`, ...r.args, ...extra];
    // The unit and integration tests take what CPU the end-to-end run leaves (nice 10): a browser test
    // waits on timers and animations and must not be starved.
    const [cmd, cmdArgs] = r.nice && process.platform === "linux" ? ["nice", ["-n", "10", bin("vitest"), ...args]] : [bin("vitest"), args];
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

console.log(`\n▶ vitest (${runs.map((r) => r.name).join(" | ")}, side by side; ${fast.name} started before the checks)`);
const logs = await Promise.all([fastRun, ...runs.slice(1).map(runVitest)]);
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
