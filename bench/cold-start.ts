/**
 * Cold start figures, printed, never asserted (decision 0018):
 * - the Worker bundle's size as uploaded (every module of build/server), raw and gzipped, and the
 *   tagger weights' share of it;
 * - the Worker's start-up: CPU of evaluating the built bundle's modules in a fresh workerd;
 * - 'cold parse': CPU of the first parseIngredient after a start (target <= 5 ms), next to 'warm
 *   parse' (the same call once everything is warm). Printed twice: after the start-up warm-up the
 *   app runs at its global scope (what a request sees), and with none (the first use's own cost).
 * CPU is that of the workerd thread running the isolate (bench/_cpu.ts, bench/_workerd.ts: a bare
 * workerd, no inspector or dev proxy), minus a no-op request's. Each cold figure needs a fresh workerd: RUNS starts, the
 * median printed with every run's figure (BENCH_COLD_RUNS, default 5).
 * Builds first unless BENCH_NO_BUILD=1 (bench/_server.ts).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "../scripts/lib/tooling.ts";
import { cpuClockAvailable, cpuOf, median } from "./_cpu.ts";
import { hostReferenceLine } from "./_host.ts";
import { buildUnlessReused } from "./_server.ts";
import { bundleWorker, type RunningWorkerd, startWorkerd } from "./_workerd.ts";

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
const BASELINE = 12;
const WARM = 30;

/** Typical lines of one imported recipe (not the warm-up's lines). */
export const RECIPE = [
  "2 cups semi-sweet chocolate chips",
  "1 teaspoon baking soda",
  "1/2 teaspoon fine sea salt",
  "1 cup (2 sticks) unsalted butter, at room temperature",
  "3/4 cup granulated sugar",
  "3/4 cup packed light brown sugar",
  "1 teaspoon pure vanilla extract",
  "2 large eggs",
  "2 1/4 cups plain flour",
  "1 cup chopped walnuts (optional)",
  "400g tin chickpeas, drained and rinsed",
  "a pinch of chilli flakes",
];

function filesUnder(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(p, base));
    else if (/\.(m?js|wasm|bin)$/.test(entry.name)) out.push(path.relative(base, p));
  }
  return out.sort();
}

const kb = (n: number) => `${(n / 1024).toLocaleString("en-US", { maximumFractionDigits: 0 })} KB`;
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : "n/a");
const list = (xs: number[]) => xs.map((x) => ms(x)).join(", ");

/** A fresh workerd with its no-op CPU measured; `cpu(path)` is a request's CPU minus that. */
async function measured(files: Map<string, string>, main: string) {
  const w: RunningWorkerd = await startWorkerd(files, main, "/noop");
  let last = "";
  const get = async (p: string) => {
    const res = await fetch(`${w.baseURL}${p}`);
    last = await res.text();
    if (!res.ok) throw new Error(`${p}: ${res.status} ${last.slice(0, 300)}`);
  };
  for (let i = 0; i < 10; i++) await get("/noop");
  const base: number[] = [];
  // the thread that runs the isolate (V8's helper threads compile and collect beside it)
  const opts = { mainThread: true };
  for (let i = 0; i < BASELINE; i++) base.push(await cpuOf([w.pid], () => get("/noop"), opts));
  const noop = median(base);
  return { w, noop, cpu: async (p: string) => (await cpuOf([w.pid], () => get(p), opts)) - noop, text: () => last };
}

const parsePath = (lines: string[], categorise = false) =>
  `/parse?${new URLSearchParams([...lines.map((l) => ["line", l]), ...(categorise ? [["categorise", "1"]] : [])]).toString()}`;

export async function run(_dataDir: string): Promise<void> {
  buildUnlessReused();

  // 1. bundle size: every module wrangler uploads (build/server), concatenated and gzipped as wrangler reports it
  const serverDir = path.join(root, "build", "server");
  const modules = filesUnder(serverDir);
  const raw = modules.reduce((n, f) => n + statSync(path.join(serverDir, f)).size, 0);
  const gz = gzipSync(Buffer.concat(modules.map((f) => readFileSync(path.join(serverDir, f))))).byteLength;
  const weights = readFileSync(path.join(root, "core", "ingredient", "model", "weights.json"));
  console.log(
    `Worker bundle: ${kb(raw)} (gzip ${kb(gz)}) in ${modules.length} modules; the tagger weights in it ${kb(weights.byteLength)} (gzip ${kb(gzipSync(weights).byteLength)})`,
  );
  if (!cpuClockAvailable) {
    console.log("CPU figures need Linux /proc (schedstat): skipped");
    return;
  }

  const work = mkdtempSync(path.join(tmpdir(), "recipecart-cold-"));
  try {
    // the real bundle, with an entry that evaluates it on /load
    const startEntry = path.join(work, "_bench-start.js");
    writeFileSync(
      startEntry,
      `export default { async fetch(request) {
  if (new URL(request.url).pathname === "/load") { await import("./index.js"); return new Response("loaded"); }
  return new Response("noop");
} };\n`,
    );
    const appFiles = new Map<string, string>([
      ["_bench-start.js", startEntry],
      ...modules.map((f) => [f, path.join(serverDir, f)] as [string, string]),
    ]);
    // the parser alone (bench/_parse-worker.ts, bundled as wrangler deploys it)
    const parseBundle = bundleWorker(path.join(root, "bench", "_parse-worker.ts"), work);
    const parseFiles = new Map([["worker.js", parseBundle]]);

    const noops: number[] = [];
    const startup: number[] = [];
    const load: number[] = [];
    const loadWarm: number[] = [];
    const coldWarmed: number[] = [];
    const coldWarmedRecipe: number[] = [];
    const coldBare: number[] = [];
    const coldBareRecipe: number[] = [];
    const warmLine: number[] = [];
    const warmRecipe: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const app = await measured(appFiles, "_bench-start.js");
      try {
        noops.push(app.noop);
        startup.push(await app.cpu("/load"));
      } finally {
        await app.w.stop();
      }
      // as the app starts: modules evaluated and warmed up at start-up, then the first request that parses
      for (const warm of [true, false]) {
        const p = await measured(parseFiles, "worker.js");
        try {
          (warm ? loadWarm : load).push(await p.cpu(warm ? "/load?warm" : "/load"));
          // the first parse: one line in even runs, a whole recipe (parsed and categorised) in odd ones
          if (r % 2 === 0) (warm ? coldWarmed : coldBare).push(await p.cpu(parsePath([RECIPE[0]!])));
          else (warm ? coldWarmedRecipe : coldBareRecipe).push(await p.cpu(parsePath(RECIPE, true)));
          if (warm) {
            for (let i = 0; i < WARM; i++) warmLine.push(await p.cpu(parsePath([RECIPE[i % RECIPE.length]!])));
            for (let i = 0; i < 10; i++) warmRecipe.push(await p.cpu(parsePath(RECIPE, true)));
          }
        } finally {
          await p.w.stop();
        }
      }
    }
    const n = RECIPE.length;
    console.log(
      `(CPU of workerd's isolate thread per request minus a no-op request's, median ${ms(median(noops))} ms; fresh workerd per cold figure, ${RUNS} starts)`,
    );
    console.log(`Worker start-up (evaluating the built bundle's modules): median ${ms(median(startup))} ms CPU (runs: ${list(startup)})`);
    console.log(
      `parser start-up: modules ${ms(median(load))} ms, modules + warm-up (the app's global scope) ${ms(median(loadWarm))} ms CPU (runs: ${list(loadWarm)})`,
    );
    console.log(
      `cold parse (first parseIngredient of a request after a start, one line): median ${ms(median(coldWarmed))} ms CPU (runs: ${list(coldWarmed)}; target <= 5 ms)`,
    );
    console.log(
      `  first request of a ${n}-line recipe, parsed + categorised: median ${ms(median(coldWarmedRecipe))} ms (runs: ${list(coldWarmedRecipe)})`,
    );
    console.log(
      `  without the start-up warm-up (the first use's own cost): one line ${ms(median(coldBare))} ms (runs: ${list(coldBare)}), the recipe ${ms(median(coldBareRecipe))} ms (runs: ${list(coldBareRecipe)})`,
    );
    console.log(
      `warm parse: median ${ms(median(warmLine))} ms CPU per one-line request; ${n}-line recipe parsed + categorised ${ms(median(warmRecipe))} ms (${warmLine.length} and ${warmRecipe.length} requests)`,
    );
    console.log(hostReferenceLine());
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
