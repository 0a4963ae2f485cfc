/**
 * The unpacked Chrome test build the extension e2e tests load (extension/manifest.ts: host
 * permissions for loopback pages, since automation cannot grant activeTab), and its extension id.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { buildIsStale, defaultAppOrigin } from "../../extension/source-key.ts";
import { extensionIdForPath as idForPath } from "../../scripts/lib/start-plan.ts";
import { bin, root, toolEnv } from "../../scripts/lib/tooling.ts";

export const TEST_BUILD_DIR = path.join(root, "dist", "extension", "chrome-test");

/**
 * Builds the test build when it is missing or was made from other sources than the ones checked out
 * now (extension/source-key.ts; npm test builds it before the e2e run, and then it is fresh).
 */
export function ensureTestBuild(): string {
  if (buildIsStale(root, TEST_BUILD_DIR, defaultAppOrigin(toolEnv))) {
    execFileSync(bin("vite"), ["build", "--config", "extension/vite.config.ts", "--mode", "chrome-test"], {
      cwd: root,
      env: toolEnv,
      stdio: "inherit",
    });
  }
  return TEST_BUILD_DIR;
}

/**
 * Chromium's id for the unpacked build in `dir` (scripts/lib/start-plan.ts, which npm start uses too).
 * The server's EXTENSION_ORIGINS must name it before the browser starts; the test checks it against the
 * id Chromium reports.
 */
export function extensionIdForPath(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return idForPath(dir);
}
