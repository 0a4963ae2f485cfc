/**
 * What an extension build was made from, as one hash (decision 0004): every file under extension/
 * except tests, every repository file those import (core/, followed import by import), package.json
 * and package-lock.json (the version in the manifest, the bundled packages), and the app address
 * baked into the build. extension/vite.config.ts writes it beside the build it made
 * (dist/extension/<mode>.source-key); the e2e tests rebuild the Chrome test build when the key they
 * compute differs from the one written, so a build older than its sources is never tested.
 * Node-side only (the build and the tests), like manifest.ts.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { importsOf } from "../scripts/check-boundaries.ts";

const SKIP_DIRS = new Set(["node_modules", "dist"]);
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const CODE = /\.(?:ts|tsx|mts|js|mjs)$/;

function filesUnder(root: string, dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) out.push(...filesUnder(root, rel));
    } else if (!isTest(entry.name)) {
      out.push(rel);
    }
  }
  return out;
}

/** The repository file a relative specifier names (with or without its .ts/.tsx ending), or null. */
function resolveRelative(root: string, from: string, specifier: string): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  if (base.startsWith("..")) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    const abs = path.join(root, candidate);
    if (existsSync(abs) && statSync(abs).isFile()) return candidate;
  }
  return null;
}

/** The files (paths relative to `root`, / separators, sorted) an extension build is made from. */
export function extensionSources(root: string): string[] {
  const files = new Set(filesUnder(root, "extension"));
  for (const extra of ["package.json", "package-lock.json"]) if (existsSync(path.join(root, extra))) files.add(extra);
  const queue = [...files].filter((f) => CODE.test(f));
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const { specifier } of importsOf(readFileSync(path.join(root, file), "utf8"))) {
      if (!specifier.startsWith(".")) continue;
      const target = resolveRelative(root, file, specifier);
      if (target === null || files.has(target) || isTest(target)) continue;
      files.add(target);
      if (CODE.test(target)) queue.push(target);
    }
  }
  return [...files].sort();
}

/** SHA-256 over the sources' names and contents and the app address a build bakes in. */
export function extensionSourceKey(root: string, appOrigin: string): string {
  const hash = createHash("sha256").update(`app-origin\0${appOrigin}\0`);
  for (const file of extensionSources(root))
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update("\0");
  return hash.digest("hex");
}

/** The app address a build uses until the user sets another (RECIPECART_APP_ORIGIN, else the production one). */
export function defaultAppOrigin(env: Record<string, string | undefined> = process.env): string {
  return new URL(env.RECIPECART_APP_ORIGIN || "https://recipecart.app").origin;
}

/** Where a build's key is written: beside its folder, so it never ends up in a store zip. */
export const sourceKeyFile = (buildDir: string): string => `${buildDir}.source-key`;

/** True when the build is missing or was made from other sources than those in `root` now. */
export function buildIsStale(root: string, buildDir: string, appOrigin: string): boolean {
  const keyFile = sourceKeyFile(buildDir);
  if (!existsSync(path.join(buildDir, "manifest.json")) || !existsSync(keyFile)) return true;
  return readFileSync(keyFile, "utf8").trim() !== extensionSourceKey(root, appOrigin);
}
