/**
 * `npm start`: the embedded default. Builds when needed, applies pending migrations to the
 * local D1 (a SQLite file under .wrangler/state), then serves the built app with wrangler dev
 * (workerd) on http://localhost:8787 or $PORT. No prompt, no account, no network. APP_ORIGIN (the base of
 * every link the server hands out, worker/http/app-origin.ts) is this address unless the environment names another.
 * Variables it passes on and the extension origins it allows: scripts/lib/start-plan.ts.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { buildSummary, devVars, localExtensionOrigins } from "./lib/start-plan.ts";
import { bin, root, toolEnv } from "./lib/tooling.ts";

const env = toolEnv;
const port = process.env.PORT ?? "8787";

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const marker = path.join(root, "build", "server", "wrangler.json");
const sources = ["web", "worker", "core", "public"].filter((d) => existsSync(path.join(root, d)));
const stale = !existsSync(marker) || Math.max(...sources.map((d) => newestMtime(path.join(root, d)))) > statSync(marker).mtimeMs;
if (stale) {
  console.log("Building the app…");
  const started = Date.now();
  // Warnings and errors only: a summary line instead of Vite's table of every file it wrote.
  run(bin("vite"), ["build", "--logLevel", "warn"]);
  console.log(buildSummary(path.join(root, "build"), (Date.now() - started) / 1000));
}
// RECIPECART_STATE_DIR: keep the local D1 (and the other local state) there instead of .wrangler/state
const persist = process.env.RECIPECART_STATE_DIR ? ["--persist-to", path.resolve(process.env.RECIPECART_STATE_DIR)] : [];
console.log("Applying database migrations to the local D1…");
run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...persist]);

const appOrigin = process.env.APP_ORIGIN?.trim() || `http://localhost:${port}`;
const extensionOrigins = localExtensionOrigins(root);
const vars = devVars({ ...process.env, APP_ORIGIN: appOrigin }, extensionOrigins);
const args = ["dev", "--port", port, "--show-interactive-dev-session=false", ...persist, ...vars];
console.log(`\nrecipecart is starting on http://localhost:${port}`);
if (process.env.EXTENSION_ORIGINS) console.log(`The browser extension may call it from ${process.env.EXTENSION_ORIGINS}.`);
else if (extensionOrigins.length) console.log("The unpacked Chrome builds in dist/extension may call it (EXTENSION_ORIGINS names others).");
console.log("");
const child = spawn(bin("wrangler"), args, { cwd: root, env, stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
