/**
 * The unpacked Chrome test build the extension e2e tests load (extension/manifest.ts: host
 * permissions for loopback pages, since automation cannot grant activeTab), and its extension id.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, realpathSync } from "node:fs";
import path from "node:path";
import { buildIsStale, defaultAppOrigin } from "../../extension/source-key.ts";
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
 * Chromium's id for an unpacked extension without a key: SHA-256 of its absolute path, first
 * 16 bytes in hex with the digits 0-f written as the letters a-p. The server's EXTENSION_ORIGINS
 * must name it before the browser starts; the test checks it against the id Chromium reports.
 */
export function extensionIdForPath(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const hex = createHash("sha256").update(realpathSync(dir)).digest("hex").slice(0, 32);
  return [...hex].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join("");
}
