/**
 * Runs Worker modules in a bare workerd (the runtime `wrangler dev` and Cloudflare use), for the
 * bench's CPU figures: one process, no inspector, no dev proxy, so the process's CPU is the
 * Worker's plus workerd's own HTTP handling (measured by a no-op request). The workerd binary is
 * the one wrangler runs; `bundleWorker` bundles an entry the way `wrangler deploy` does.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { bin, freePort, root, toolEnv } from "../scripts/lib/tooling.ts";

/** The workerd binary wrangler itself starts. */
export function workerdBinary(): string {
  const fromWrangler = createRequire(path.join(root, "node_modules", "wrangler", "package.json"));
  const mod = fromWrangler("workerd") as { default: string };
  return mod.default;
}

/** compatibility_date and compatibility_flags of wrangler.toml. */
export function compatibility(): { date: string; flags: string[] } {
  const toml = readFileSync(path.join(root, "wrangler.toml"), "utf8");
  const date = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(toml)?.[1] ?? "2026-10-01";
  const flags = /^compatibility_flags\s*=\s*\[([^\]]*)\]/m.exec(toml)?.[1] ?? "";
  return { date, flags: [...flags.matchAll(/"([^"]+)"/g)].map((m) => m[1]!) };
}

/** Bundles `entry` (a Worker module) with wrangler's bundler into `outDir`; returns the bundle's file name. */
export function bundleWorker(entry: string, outDir: string): string {
  const { date, flags } = compatibility();
  const config = path.join(outDir, "bundle-wrangler.json");
  writeFileSync(config, JSON.stringify({ name: "bench", main: entry, compatibility_date: date, compatibility_flags: flags }));
  execFileSync(bin("wrangler"), ["deploy", "--dry-run", "--config", config, "--outdir", path.join(outDir, "bundle")], {
    cwd: root,
    env: toolEnv,
    stdio: "pipe",
  });
  const out = readdirSync(path.join(outDir, "bundle")).find((f) => f.endsWith(".js"));
  if (!out) throw new Error("wrangler produced no bundle");
  return path.join(outDir, "bundle", out);
}

export interface RunningWorkerd {
  baseURL: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Starts workerd serving ES modules (`main` first) copied from `files` (module name -> file).
 * Resolves once `readyPath` answers.
 */
export async function startWorkerd(files: Map<string, string>, main: string, readyPath = "/"): Promise<RunningWorkerd> {
  const dir = mkdtempSync(path.join(tmpdir(), "recipecart-workerd-"));
  const names = [main, ...[...files.keys()].filter((n) => n !== main)];
  for (const name of names) {
    const target = path.join(dir, "modules", name);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(files.get(name)!, target);
  }
  const port = await freePort();
  const { date, flags } = compatibility();
  const modules = names.map((n) => `(name = ${JSON.stringify(n)}, esModule = embed ${JSON.stringify(`modules/${n}`)})`).join(",\n    ");
  writeFileSync(
    path.join(dir, "config.capnp"),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const worker :Workerd.Worker = (
  modules = [
    ${modules}
  ],
  compatibilityDate = ${JSON.stringify(date)},
  compatibilityFlags = [${flags.map((f) => JSON.stringify(f)).join(", ")}],
);
`,
  );
  let output = "";
  const child: ChildProcess = spawn(workerdBinary(), ["serve", "config.capnp"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 200));
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`workerd exited:\n${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`workerd did not start:\n${output}`);
    }
    try {
      if ((await fetch(`${baseURL}${readyPath}`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseURL, pid: child.pid ?? 0, stop };
}
