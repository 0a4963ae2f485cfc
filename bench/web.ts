/**
 * Web figures, printed, never asserted:
 * - JavaScript shipped to / on first load, gzipped: every script the server-rendered HTML of /
 *   names (module scripts, modulepreload links, inline import()s) plus their static imports,
 *   read from build/client (target <= 165 KB, the owner's budget);
 * - server render time of / and of a list page (N sequential requests to `wrangler dev` on the
 *   build, as the e2e tests run it);
 * - POST /api/shopping-lists for 10 recipes of 15 lines each: the handler's own time from its
 *   `Server-Timing: app;dur=X` header (target <= 20 ms) and the wall time seen by the client.
 * Builds first (always, so the figures describe the current sources; set BENCH_NO_BUILD=1 to reuse build/). Ingredient lines come from DATA_DIR/ingredients/dev.jsonl
 * when present, else from a small built-in set.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "../scripts/lib/tooling.ts";
import { EVERYDAY_LINES } from "./_lines.ts";
import { buildUnlessReused, startServer } from "./_server.ts";

const RUNS = 40;
const POST_RUNS = 20;
const JS_BUDGET_KB = 165;
const POST_BUDGET_MS = 20;

/** Scripts the HTML loads on first view, then their static imports, as /assets/... paths. */
export function scriptsOfPage(html: string, readAsset: (p: string) => string | null): Map<string, string> {
  const found = new Map<string, string>();
  const queue: string[] = [];
  const add = (p: string) => {
    const clean = p.split(/[?#]/)[0]!;
    if (!clean.endsWith(".js") || found.has(clean)) return;
    const code = readAsset(clean);
    if (code === null) return;
    found.set(clean, code);
    queue.push(clean);
  };
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"|<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g))
    add((m[1] ?? m[2])!);
  // React Router's inline bootstrap: import("/assets/entry.client-x.js"), import * as route0 from "/assets/..."
  for (const m of html.matchAll(/(?:import\(|from\s*)["'](\/assets\/[^"']+\.js)["']/g)) add(m[1]!);
  while (queue.length) {
    const file = queue.shift()!;
    const dir = path.posix.dirname(file);
    for (const m of found.get(file)!.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      add(path.posix.join(dir, m[1]!));
    }
  }
  return found;
}

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return `median ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms, min ${s[0]!.toFixed(1)} ms (n=${s.length})`;
}

async function timeGet(url: string, runs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const t = performance.now();
    const res = await fetch(url);
    await res.text();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    if (i >= 3) out.push(performance.now() - t); // the first few warm the isolate
  }
  return out;
}

const FALLBACK_LINES = EVERYDAY_LINES;

function recipeLines(dataDir: string, count: number): string[][] {
  let pool = FALLBACK_LINES;
  const file = path.join(dataDir, "ingredients", "dev.jsonl");
  if (existsSync(file)) {
    pool = readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .slice(0, 2000)
      .map((l) => (JSON.parse(l) as { input: string }).input)
      .filter((l) => l && l.length < 200);
  }
  // Deterministic spread over the pool: recipe r takes every count-th line from offset r.
  return Array.from({ length: count }, (_, r) => Array.from({ length: 15 }, (_, i) => pool[(r + i * count * 7) % pool.length]!));
}

export async function run(dataDir: string): Promise<void> {
  buildUnlessReused();
  const server = await startServer();
  try {
    const base = server.baseURL;
    const html = await (await fetch(`${base}/`)).text();
    const clientDir = path.join(root, "build", "client");
    const scripts = scriptsOfPage(html, (p) => {
      const file = path.join(clientDir, p);
      return existsSync(file) ? readFileSync(file, "utf8") : null;
    });
    let raw = 0;
    let gz = 0;
    for (const code of scripts.values()) {
      raw += Buffer.byteLength(code);
      gz += gzipSync(code, { level: 9 }).length;
    }
    console.log(
      `home first-load JS: ${scripts.size} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzipped (target <= ${JS_BUDGET_KB} KB)`,
    );

    console.log(`server render /: ${stats(await timeGet(`${base}/`, RUNS))}`);

    const lines = recipeLines(dataDir, 10);
    const ids: string[] = [];
    for (const [i, ingredients] of lines.entries()) {
      const res = await fetch(`${base}/api/recipes/manual`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title: `Bench recipe ${i + 1}`, ingredients, source: "manually added" }),
      });
      if (!res.ok) throw new Error(`manual recipe: ${res.status} ${await res.text()}`);
      ids.push(((await res.json()) as { id: string }).id);
    }
    const appMs: number[] = [];
    const phaseMs = new Map<string, number[]>();
    const wallMs: number[] = [];
    let listId = "";
    let items = 0;
    for (let i = 0; i < POST_RUNS + 3; i++) {
      const t = performance.now();
      const res = await fetch(`${base}/api/shopping-lists`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Bench list", recipeIds: ids }),
      });
      const body = (await res.json()) as { id: string; ingredients: Record<string, unknown[]> };
      const wall = performance.now() - t;
      if (res.status !== 201) throw new Error(`POST /api/shopping-lists answered ${res.status}: ${JSON.stringify(body)}`);
      const dur = /app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1];
      listId = body.id;
      items = Object.values(body.ingredients).flat().length;
      if (i < 3) continue;
      wallMs.push(wall);
      if (dur !== undefined) appMs.push(Number(dur));
      for (const m of (res.headers.get("server-timing") ?? "").matchAll(/(\w+);dur=([\d.]+)/g)) {
        if (m[1] !== "app") phaseMs.set(m[1]!, [...(phaseMs.get(m[1]!) ?? []), Number(m[2])]);
      }
    }
    console.log(`POST /api/shopping-lists (10 recipes x 15 lines -> ${items} items):`);
    console.log(
      `  server (Server-Timing app): ${appMs.length ? stats(appMs) : "no Server-Timing header"} (target <= ${POST_BUDGET_MS} ms)`,
    );
    for (const [phase, samples] of phaseMs) console.log(`    ${phase.padEnd(8)} ${stats(samples)}`);
    console.log(`  client wall time:           ${stats(wallMs)}`);

    console.log(`server render /shopping-list/{id}: ${stats(await timeGet(`${base}/shopping-list/${listId}`, RUNS))}`);
    console.log(`GET /api/shopping-lists/{id}: ${stats(await timeGet(`${base}/api/shopping-lists/${listId}`, RUNS))}`);
  } finally {
    await server.stop();
  }
}
