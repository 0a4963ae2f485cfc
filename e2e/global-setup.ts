/**
 * Starts the built app in the real runtime for the end-to-end tests: `wrangler dev` (workerd)
 * on a fresh local D1 with every migration applied, on a free loopback port. Builds first when
 * build/ is missing (npm test builds before it runs the tests).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { run as adminCommand } from "../cli/commands/admin.ts";
import { bin, freePort, root, toolEnv } from "../scripts/lib/tooling.ts";
import { fakeOAuthEnv, startFakeOAuth } from "../worker/test/fake-oauth.ts";
import { extensionIdForPath, TEST_BUILD_DIR } from "./extension/build.ts";
import { expectDefined } from "../core/lib/expect-defined.ts";

const env = toolEnv;

async function waitFor(url: string, child: ChildProcess, log: () => string, ms = 45_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${log()}`);
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
    /** An admin account made in the fresh database with `recipecart admin create` (the admin desk specs). */
    admin: { email: string; password: string };
  }
}

const ADMIN = { email: "e2e-admin@example.com", password: "admin desk password" };

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, "build", "server", "wrangler.json"))) {
    execFileSync(bin("vite"), ["build"], { cwd: root, env, stdio: "inherit" });
  }
  mkdirSync(path.join(root, ".e2e-out"), { recursive: true });
  const state = mkdtempSync(path.join(root, ".e2e-out", "state-"));
  execFileSync(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], {
    cwd: root,
    env,
    stdio: "pipe",
  });
  // The admin desk needs an admin: made the way an operator makes one (README), before the server starts.
  const made = await adminCommand([
    "create",
    "--email",
    ADMIN.email,
    "--password",
    ADMIN.password,
    "--first-name",
    "Grace",
    "--last-name",
    "Admin",
    "--persist-to",
    state,
  ]);
  if (made !== 0) throw new Error("recipecart admin create failed for the e2e admin");
  const port = await freePort();
  // Google and GitHub sign-in against a fake provider on loopback (worker/test/fake-oauth.ts).
  const oauth = await startFakeOAuth();
  const args = [
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    // Its own devtools port: wrangler's default 9229 may be held by another server on the machine.
    "--inspector-port",
    String(await freePort()),
    "--persist-to",
    state,
    "--var",
    "RECIPECART_ALLOW_LOOPBACK_FETCH:1",
    // Every link the server hands out (mails, share links, checkout, OAuth) is built on this, never on a Host header.
    "--var",
    `APP_ORIGIN:http://127.0.0.1:${port}`,
    // The extension's unpacked test build (e2e/extension) calls the API cross-origin.
    "--var",
    `EXTENSION_ORIGINS:chrome-extension://${extensionIdForPath(TEST_BUILD_DIR)}`,
    // GET /api/dev/outbox lets the tests follow the links of mails (password reset).
    "--var",
    "RECIPECART_DEV_OUTBOX:1",
    // A spec that exhausts a rate limit does it as a client of its own (x-test-client), not as
    // every later spec (worker/http/rate-limit.ts).
    "--var",
    "RECIPECART_TEST_CLIENT_KEYS:1",
    // Contact-form messages are mailed here (through the outbox; the tests read it above).
    "--var",
    "SUPPORT_EMAIL:support@example.test",
    ...Object.entries(fakeOAuthEnv(oauth.baseUrl)).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
    "--show-interactive-dev-session=false",
  ];
  let output = "";
  const baseURL = `http://127.0.0.1:${port}`;
  // Own process group, so that wrangler's workerd is killed with it.
  const child = spawn(bin("wrangler"), args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  expectDefined(child.stdout).on("data", (d: Buffer) => (output += d.toString()));
  expectDefined(child.stderr).on("data", (d: Buffer) => (output += d.toString()));
  await waitFor(`${baseURL}/api/health`, child, () => output).catch(async (err: unknown) => {
    killGroup(child);
    await oauth.close();
    throw err;
  });
  project.provide("baseURL", baseURL);
  project.provide("oauthBaseUrl", oauth.baseUrl);
  project.provide("admin", ADMIN);

  return async () => {
    killGroup(child, "SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    killGroup(child);
    await oauth.close();
    rmSync(state, { recursive: true, force: true });
  };
}
