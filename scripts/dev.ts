/** `npm run dev`: migrations applied, then Vite with hot reload (the Worker runs in workerd via the Cloudflare plugin). */
import { spawn, spawnSync } from "node:child_process";
import { bin, root, toolEnv } from "./lib/tooling.ts";

const env = toolEnv;
spawnSync(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local"], { cwd: root, env, stdio: "inherit" });
const child = spawn(bin("vite"), ["dev", "--port", process.env.PORT ?? "5173"], { cwd: root, env, stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
