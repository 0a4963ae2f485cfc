/** `npm run dev`: migrations applied, then Vite with hot reload (the Worker runs in workerd via the Cloudflare plugin). */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const env = {
  ...process.env,
  CI: "true",
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
spawnSync(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local"], { cwd: root, env, stdio: "inherit" });
const child = spawn(bin("vite"), ["dev", "--port", process.env.PORT ?? "5173"], { cwd: root, env, stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
