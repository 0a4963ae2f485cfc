/**
 * Recipe extraction benchmark: runs the recipe scorer on <dataDir>/recipes/dev through the CLI
 * and prints its summary, then times the extraction in this process (per page, after warm-up:
 * median and p99) and shows heap/RSS over several passes (they should stay flat).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { PerformanceObserver } from "node:perf_hooks";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { gunzipSync } from "node:zlib";
import { runPlanNode } from "../node/html-rewriter.ts";
import { createExtraction } from "../core/extract/extract.ts";
import { isValidationHost } from "./holdout.ts";
import { LANGUAGE_NAMES, TABLE_LANGUAGES, tableLanguage } from "./_languages.ts";

const root = path.resolve(import.meta.dirname, "..");

interface Entry {
  id: string;
  host: string;
  url: string;
  html: string;
}

/** One page's result in the scorer's --out file (only the fields the per-language rows need). */
interface PageResult {
  language: string | null;
  both_ok: boolean;
}

/** The scorer's last line: the figures the summary compares. */
interface ScorerSummary {
  pages: number;
  both_count: number;
  crashes: number;
  both_acc: number;
  title_acc: number;
  ingredients_exact_acc: number;
  ingredients_f1_mean: number;
}

function pct(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const mb = (n: number) => (n / 1048576).toFixed(1) + " MB";

/**
 * Pages with title and ingredients both right, per language of the page (the expected output's
 * language), working and validation side by side: English, all non-English pages, then each language.
 */
function printLanguageRows(working: PageResult[], validation: PageResult[]): void {
  const cell = (rs: PageResult[]) => {
    if (!rs.length) return "-".padStart(17);
    const ok = rs.filter((r) => r.both_ok).length;
    return `${((ok / rs.length) * 100).toFixed(1)}% ${`(${ok}/${rs.length})`.padStart(9)}`.padStart(17);
  };
  const rows: Array<[string, (r: PageResult) => boolean]> = [
    [LANGUAGE_NAMES.en ?? "en", (r) => tableLanguage(r.language) === "en"],
    ["non-English", (r) => tableLanguage(r.language) !== "en"],
    ...[...TABLE_LANGUAGES.slice(1), "other"].map(
      (l) => [`  ${LANGUAGE_NAMES[l] ?? l}`, (r: PageResult) => tableLanguage(r.language) === l] as [string, (r: PageResult) => boolean],
    ),
  ];
  console.log(`pages both right by language   ${"working".padStart(17)}   ${"validation".padStart(17)}`);
  for (const [label, keep] of rows) {
    console.log(`  ${label.padEnd(28)} ${cell(working.filter(keep))}   ${cell(validation.filter(keep))}`);
  }
}

/**
 * The scorer, through the CLI exactly as it will be judged, once per part (decision 0018): the
 * working part with the scorer's full report, the validation part as figures only; then the
 * per-language rows. (`node bench/_work-recipes.ts --figures` runs only this.)
 */
export function accuracy(dataDir: string): void {
  const dev = path.join(dataDir, "recipes", "dev");
  const scorer = path.join(dataDir, "..", "bench", "score-recipes.mjs");
  const manifest = JSON.parse(readFileSync(path.join(dev, "manifest.json"), "utf8")) as { entries: Entry[] };
  if (existsSync(scorer)) {
    const hosts = [...new Set(manifest.entries.map((e) => e.host))];
    const esc = (h: string) => h.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const tmp = mkdtempSync(path.join(tmpdir(), "recipecart-bench-"));
    const perPage: Record<"working" | "validation", PageResult[]> = { working: [], validation: [] };
    const score = (label: "working" | "validation") => {
      const mine = hosts.filter((h) => isValidationHost(h) === (label === "validation"));
      const out = path.join(tmp, `${label}.jsonl`);
      const args = [
        scorer,
        "--data",
        dev,
        "--cmd",
        "npx --no-install recipecart extract",
        "--hosts",
        `^(${mine.map(esc).join("|")})$`,
        "--out",
        out,
      ];
      if (label === "validation") args.push("--quiet");
      const res = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, timeout: 15 * 60 * 1000 });
      const lines = (res.stdout ?? "").trim().split("\n");
      if (label === "working") for (const l of lines.slice(0, -1)) console.log(l);
      // per page only as counts per language: validation pages are never listed one by one
      if (existsSync(out))
        perPage[label] = readFileSync(out, "utf8")
          .split("\n")
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l) as PageResult);
      try {
        return JSON.parse(lines.at(-1) ?? "") as ScorerSummary;
      } catch {
        console.log(`scorer gave no summary (${label}):`, (res.stderr ?? "").slice(0, 500));
        return null;
      }
    };
    const w = score("working");
    const v = score("validation");
    const pc = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
    if (w && v) {
      console.log(`summary               working (${w.pages} pages)   validation (${v.pages} pages)   gap`);
      for (const [k, label] of [
        ["both_acc", "both right"],
        ["title_acc", "title"],
        ["ingredients_exact_acc", "ingredients exact"],
        ["ingredients_f1_mean", "line F1"],
      ] as const) {
        console.log(`  ${label.padEnd(18)} ${pc(w[k])}               ${pc(v[k])}                ${((w[k] - v[k]) * 100).toFixed(1)} pt`);
      }
      const all = (w.both_count + v.both_count) / (w.pages + v.pages);
      console.log(`  whole dev set: both right ${pc(all).trim()}; crashes ${w.crashes + v.crashes}`);
      printLanguageRows(perPage.working, perPage.validation);
    }
    rmSync(tmp, { recursive: true, force: true });
  } else {
    console.log(`scorer not found at ${scorer}; skipped`);
  }
}

export async function run(dataDir: string): Promise<void> {
  const dev = path.join(dataDir, "recipes", "dev");
  if (!existsSync(path.join(dev, "manifest.json"))) {
    console.log(`no recipe data at ${dev}; skipped`);
    return;
  }
  accuracy(dataDir);

  const manifest = JSON.parse(readFileSync(path.join(dev, "manifest.json"), "utf8")) as { entries: Entry[] };
  // 2. time per page in Node (bytes already in memory), after a warm-up pass
  const pages = manifest.entries.map((e) => ({ url: e.url, bytes: gunzipSync(readFileSync(path.join(dev, e.html))) }));
  const once = async (p: { url: string; bytes: Uint8Array }) => {
    const ex = createExtraction(p.url);
    await runPlanNode(ex.plan, p.bytes, 0, ex.done);
    const fallback = ex.needsFallbackPass();
    if (fallback) await runPlanNode(ex.fallbackPlan(), p.bytes);
    return { result: ex.finish(), fallback };
  };
  for (const p of pages) await once(p);
  const times: number[] = [];
  const cpu: number[] = [];
  let fallbacks = 0;
  // diagnostics only: V8's GC pauses during the timed pass (reported after it)
  const gcPauses: Array<{ start: number; duration: number }> = [];
  const gcObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcPauses.push({ start: e.startTime, duration: e.duration });
  });
  gcObserver.observe({ entryTypes: ["gc"] });
  const spans: Array<{ start: number; ms: number }> = [];
  for (const p of pages) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const r = await once(p);
    const c = process.cpuUsage(c0);
    const ms = performance.now() - t0;
    times.push(ms);
    spans.push({ start: t0, ms });
    cpu.push((c.user + c.system) / 1000);
    if (r.fallback) fallbacks++;
  }
  // (GC entries reach the observer a little later, from the event loop)
  await new Promise((resolve) => setTimeout(resolve, 100));
  gcObserver.disconnect();
  const gcMs = (s: { start: number; ms: number }) =>
    gcPauses.filter((g) => g.start >= s.start && g.start < s.start + s.ms).reduce((a, g) => a + g.duration, 0);
  const withoutGc = spans.map((s) => s.ms - gcMs(s)).sort((a, b) => a - b);
  const gcTotal = gcPauses.reduce((a, g) => a + g.duration, 0);
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `node extraction time over ${pages.length} pages (after warm-up): median ${pct(times, 0.5).toFixed(2)} ms, p90 ${pct(times, 0.9).toFixed(2)} ms, p99 ${pct(times, 0.99).toFixed(2)} ms, mean ${mean.toFixed(2)} ms (targets: median <= 3 ms, p99 <= 15 ms)`,
  );
  console.log(
    `  CPU time per page (less sensitive to a busy machine): median ${pct(cpu, 0.5).toFixed(2)} ms, p99 ${pct(cpu, 0.99).toFixed(2)} ms; second (fallback) pass on ${fallbacks} pages; load average ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} cores`,
  );
  console.log(
    `  GC during the timed pass: ${gcPauses.length} pauses, ${gcTotal.toFixed(0)} ms in all (${((gcTotal / times.reduce((a, b) => a + b, 0)) * 100).toFixed(0)}% of the pass); per page with its GC pauses taken out: median ${pct(withoutGc, 0.5).toFixed(2)} ms, p99 ${pct(withoutGc, 0.99).toFixed(2)} ms`,
  );

  // 3. memory over several passes
  // A collected heap is what "memory flat across pages" is about: expose V8's gc for this run.
  setFlagsFromString("--expose-gc");
  const gc = ((globalThis as { gc?: () => void }).gc ?? runInNewContext("gc")) as (() => void) | undefined;
  const mem = (label: string) => {
    gc?.();
    const m = process.memoryUsage();
    console.log(
      `memory ${label.padEnd(14)} heapUsed ${mb(m.heapUsed)}  rss ${mb(m.rss)}  external+arrayBuffers ${mb(m.external + m.arrayBuffers)}`,
    );
  };
  mem("before");
  for (let pass = 1; pass <= 4; pass++) {
    for (const p of pages) await once(p);
    mem(`after pass ${pass}`);
  }
  if (!gc) console.log("(run with node --expose-gc for collected heap figures)");
}
