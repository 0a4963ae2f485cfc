/**
 * Node-side access to the local D1 that `npm start` and `wrangler dev` use: a plain SQLite file
 * under .wrangler/state/v3/d1 (one .sqlite file per database, beside metadata.sqlite), opened with @libsql/client + drizzle.
 * Migrations are applied by wrangler first, so Node never runs a second migrator on it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "../worker/db/schema.ts";
import { bin, root, toolEnv } from "../scripts/lib/tooling.ts";

export function applyLocalMigrations(persistTo?: string): void {
  const args = ["d1", "migrations", "apply", "DB", "--local", ...(persistTo ? ["--persist-to", persistTo] : [])];
  const r = spawnSync(bin("wrangler"), args, {
    cwd: root,
    env: toolEnv,
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`applying migrations failed:\n${r.stdout}\n${r.stderr}`);
}

/** The SQLite file of the DB binding under a wrangler persist folder (default .wrangler/state). */
export function findLocalD1File(persistTo = path.join(root, ".wrangler", "state")): string {
  const dir = path.join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite") : [];
  const [file] = files;
  if (files.length !== 1 || file === undefined) {
    throw new Error(`expected one local D1 file in ${dir}, found ${files.length}. Run \`npm start\` once first.`);
  }
  return path.join(dir, file);
}

export function openLocalDb(file: string) {
  const client = createClient({ url: `file:${file}` });
  return { db: drizzle(client, { schema, casing: "snake_case" }), close: () => client.close() };
}
