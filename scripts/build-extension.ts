/**
 * `npm run build:extension`: builds the browser extension for each browser (extension/vite.config.ts)
 * into dist/extension/<mode>/ and packs each store build as dist/extension/recipecart-<browser>-<version>.zip
 * (web-ext build; the version is package.json's). Options:
 *   --modes chrome,firefox,chrome-test   which builds (default: chrome,firefox)
 *   --no-zip                             build only (npm test)
 * RECIPECART_APP_ORIGIN sets the app address the builds use by default (https://recipecart.app).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { bin, root, toolEnv } from "./lib/tooling.ts";

const args = process.argv.slice(2);
const modesAt = args.indexOf("--modes");
const modesArg = modesAt >= 0 ? args[modesAt + 1] : "chrome,firefox";
if (modesArg === undefined) throw new Error("--modes needs a value, e.g. --modes chrome,firefox");
const modes = modesArg.split(",").filter(Boolean);
const zip = !args.includes("--no-zip");
const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
const outRoot = path.join(root, "dist", "extension");

function run(cmd: string, cmdArgs: string[]): void {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, env: toolEnv, stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`✘ ${path.basename(cmd)} ${cmdArgs.join(" ")} (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
}

for (const mode of modes) {
  console.log(`\n▶ extension: ${mode}`);
  run(bin("vite"), ["build", "--config", "extension/vite.config.ts", "--mode", mode, "--logLevel", "warn"]);
  if (zip && !mode.endsWith("-test")) {
    const filename = `recipecart-${mode}-${version}.zip`;
    run(bin("web-ext"), [
      "build",
      "--source-dir",
      path.join(outRoot, mode),
      "--artifacts-dir",
      outRoot,
      "--filename",
      filename,
      "--overwrite-dest",
    ]);
    console.log(`✔ ${path.relative(root, path.join(outRoot, filename))}`);
  }
}
