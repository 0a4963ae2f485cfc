/**
 * The built app in workerd for bench sections: `wrangler dev` on the build, on a free loopback
 * port, with a fresh local D1 (every migration applied). Files starting with "_" are not sections.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bin, freePort, root, toolEnv } from "../scripts/lib/tooling.ts";

const env = toolEnv;

/** Builds unless BENCH_NO_BUILD=1 and a build exists (so figures describe the current sources). */
export function buildUnlessReused(): void {
  if (process.env.BENCH_NO_BUILD !== "1" || !existsSync(path.join(root, "build", "server", "wrangler.json"))) {
    execFileSync(bin("vite"), ["build"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  }
}

/**
 * `wrangler dev ARGS` on a free loopback port; resolves once `readyPath` answers OK (60 s at most,
 * with wrangler's output in the error). `stop` ends it (SIGTERM, then SIGKILL).
 */
export async function startWranglerDev(
  args: string[],
  readyPath: string,
  what = "wrangler dev",
): Promise<{ baseURL: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  let output = "";
  const child: ChildProcess = spawn(
    bin("wrangler"),
    [
      "dev",
      ...args,
      // Links the server hands out (share links, mails) come from APP_ORIGIN only (worker/http/app-origin.ts).
      ...(args.some((a) => a.startsWith("APP_ORIGIN:")) ? [] : ["--var", `APP_ORIGIN:http://127.0.0.1:${port}`]),
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--show-interactive-dev-session=false",
    ],
    { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  // 60 s, or BENCH_START_TIMEOUT_MS on a machine busy enough that wrangler takes longer to come up.
  const deadline = Date.now() + (Number(process.env.BENCH_START_TIMEOUT_MS) || 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${what} did not start:\n${output}`);
    }
    try {
      if ((await fetch(`${baseURL}${readyPath}`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 300));
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

/**
 * The built app: `seed` runs after the migrations, before the server starts, with the local D1's
 * persist folder. `vars` are passed to the Worker as `--var NAME:value`.
 */
export async function startServer(
  seed?: (state: string) => void,
  vars: Record<string, string> = {},
  extraArgs: string[] = [],
): Promise<{ baseURL: string; pid: number; state: string; stop: () => Promise<void> }> {
  mkdirSync(path.join(root, ".e2e-out"), { recursive: true });
  const state = mkdtempSync(path.join(root, ".e2e-out", "bench-"));
  execFileSync(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], { cwd: root, env, stdio: "pipe" });
  seed?.(state);
  const server = await startWranglerDev(
    ["--persist-to", state, ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]), ...extraArgs],
    "/api/health",
  );
  return {
    baseURL: server.baseURL,
    pid: server.pid,
    state,
    stop: async () => {
      await server.stop();
      rmSync(state, { recursive: true, force: true });
    },
  };
}

/** The built app on a local D1 seeded with these SQL statements (`wrangler d1 execute`, after the migrations). */
export function startServerWithSql(label: string, sql: string): ReturnType<typeof startServer> {
  const sqlFile = path.join(root, ".e2e-out", `bench-${label}-${process.pid}.sql`);
  return startServer((state) => {
    writeFileSync(sqlFile, sql);
    try {
      execFileSync(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", state, "--file", sqlFile], {
        cwd: root,
        env,
        stdio: "pipe",
        maxBuffer: 64 * 1024 * 1024,
      });
    } finally {
      rmSync(sqlFile, { force: true });
    }
  });
}
