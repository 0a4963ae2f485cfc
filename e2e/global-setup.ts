/**
 * Starts the built app in the real runtime for the end-to-end tests: `wrangler dev` (workerd)
 * on a fresh local D1 with every migration applied, on a free loopback port. Builds first when
 * build/ is missing (npm test builds before it runs the tests).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { bin, freePort, root, toolEnv } from "../scripts/lib/tooling.ts";

const env = toolEnv;

async function waitFor(url: string, current: () => ChildProcess, log: () => string, ms = 45_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (current().exitCode !== null) {
      // (a restart may be under way: the exit handler replaces the process)
      await new Promise((r) => setTimeout(r, 2500));
      if (current().exitCode !== null) throw new Error(`wrangler dev exited early:\n${log()}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`wrangler dev did not answer ${url} in ${ms} ms:\n${log()}`);
}

function killGroup(c: ChildProcess, signal: NodeJS.Signals = "SIGKILL"): void {
  try {
    if (c.pid) process.kill(-c.pid, signal);
  } catch {
    // already gone
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, "build", "server", "wrangler.json"))) {
    execFileSync(bin("vite"), ["build"], { cwd: root, env, stdio: "inherit" });
  }
  const state = mkdtempSync(path.join(root, ".e2e-out", "state-"));
  execFileSync(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], {
    cwd: root,
    env,
    stdio: "pipe",
  });
  const port = await freePort();
  const args = [
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--persist-to",
    state,
    "--var",
    "RECIPECART_ALLOW_LOOPBACK_FETCH:1",
    "--show-interactive-dev-session=false",
  ];
  let output = "";
  let stopping = false;
  let restarts = 0;
  const baseURL = `http://127.0.0.1:${port}`;
  // wrangler dev occasionally exits on its own under load ("Network connection lost",
  // workers-sdk#15451). Start it again on the same port and state so the remaining tests run
  // against the same database; the tests in flight at that moment fail on their own.
  const start = (): ChildProcess => {
    // Own process group, so that a dead wrangler's workerd can be killed with it.
    const c = spawn(bin("wrangler"), args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    c.stdout!.on("data", (d: Buffer) => (output += d.toString()));
    c.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    c.once("exit", (code, signal) => {
      if (stopping || restarts >= 3) return;
      restarts++;
      console.warn(`e2e: wrangler dev exited (${code ?? signal}); restarting (${restarts}/3)\n${output.slice(-2000)}`);
      output = "";
      killGroup(c);
      setTimeout(() => {
        if (!stopping) child = start();
      }, 1000);
    });
    return c;
  };
  let child = start();
  await waitFor(`${baseURL}/api/health`, () => child, () => output);
  project.provide("baseURL", baseURL);

  // A proxy crash can also leave wrangler running with nothing answering on the port (seen in CI:
  // every later navigation refused). Three failed health checks in a row (~6 s) kill the process
  // group, and the exit handler above starts it again.
  let failures = 0;
  const watchdog = setInterval(async () => {
    if (stopping || child.exitCode !== null) return;
    try {
      const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2000) });
      failures = res.ok ? 0 : failures + 1;
    } catch {
      failures++;
    }
    if (failures >= 3 && !stopping && child.exitCode === null) {
      failures = 0;
      console.warn("e2e: wrangler dev stopped answering /api/health; killing it for a restart");
      killGroup(child);
    }
  }, 2000);
  watchdog.unref();

  return async () => {
    clearInterval(watchdog);
    stopping = true;
    killGroup(child, "SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    killGroup(child);
    rmSync(state, { recursive: true, force: true });
  };
}
