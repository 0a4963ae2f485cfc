/**
 * What `npm start` (scripts/start.ts) passes to `wrangler dev`, apart from the script so it can be
 * tested: the variables it takes from the environment, like wrangler.toml's `[vars]` would, and the
 * browser extension's origins. With no EXTENSION_ORIGINS set, the unpacked Chrome builds of this
 * checkout (dist/extension/chrome and chrome-test, whatever their state) may call the API, so the
 * README's local extension steps need nothing but `npm start` (decision 0042).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, realpathSync, statSync } from "node:fs";
import path from "node:path";

/** Variables `npm start` hands to the Worker when they are set. */
export const PASSED_VARS = [
  "RECIPECART_DEV_OUTBOX",
  "APP_ORIGIN",
  "MAIL_FROM",
  "SUPPORT_EMAIL",
  "RECIPECART_TEST_CLIENT_KEYS",
  "EXTENSION_ORIGINS",
  "RECIPECART_ALLOW_LOOPBACK_FETCH",
] as const;

/** The unpacked Chrome builds `npm run build:extension` and `npm test` write. */
export const LOCAL_EXTENSION_BUILDS = ["chrome", "chrome-test"] as const;

/**
 * Chromium's id for an unpacked extension without a key: SHA-256 of its absolute path, first 16 bytes
 * in hex with the digits 0-f written as the letters a-p.
 */
export function extensionIdForPath(dir: string): string {
  const hex = createHash("sha256").update(realpathSync(dir)).digest("hex").slice(0, 32);
  return [...hex].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join("");
}

/** The `chrome-extension://` origins of this checkout's unpacked Chrome builds that exist. */
export function localExtensionOrigins(root: string): string[] {
  return LOCAL_EXTENSION_BUILDS.map((b) => path.join(root, "dist", "extension", b))
    .filter((dir) => existsSync(dir))
    .map((dir) => `chrome-extension://${extensionIdForPath(dir)}`);
}

/** `--var NAME:value` arguments for `wrangler dev`. */
export function devVars(env: Readonly<Record<string, string | undefined>>, localOrigins: string[]): string[] {
  const vars: string[] = [];
  for (const name of PASSED_VARS) {
    const value = env[name];
    if (value) vars.push("--var", `${name}:${value}`);
  }
  if (!env.EXTENSION_ORIGINS && localOrigins.length) vars.push("--var", `EXTENSION_ORIGINS:${localOrigins.join(",")}`);
  return vars;
}

function walk(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  if (!existsSync(dir)) return { files, bytes };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const sub = walk(p);
      files += sub.files;
      bytes += sub.bytes;
    } else {
      files++;
      bytes += statSync(p).size;
    }
  }
  return { files, bytes };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One line instead of Vite's table of every file: 'Built in 41 s: the site (170 files, 2.3 MB) and the Worker (1.9 MB).' */
export function buildSummary(buildDir: string, seconds: number): string {
  const client = walk(path.join(buildDir, "client"));
  const server = walk(path.join(buildDir, "server"));
  return `Built in ${Math.round(seconds)} s: the site (${client.files} files, ${mb(client.bytes)}) and the Worker (${mb(server.bytes)}).`;
}
