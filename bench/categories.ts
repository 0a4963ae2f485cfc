/**
 * Category benchmark: runs the shared scorer on <dataDir>/categories/dev.jsonl against
 * `recipecart categorize`, separately on the working and the validation part (decision 0018),
 * and prints both figures, then measures in-process speed of categorise().
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { splitByName } from "./holdout.ts";
import { explainCategory, lexiconSize } from "../core/categorise/categorise.ts";

const root = path.resolve(import.meta.dirname, "..");

export async function run(dataDir: string): Promise<void> {
  const data = path.join(dataDir, "categories", "dev.jsonl");
  const scorer = path.join(dataDir, "..", "bench", "score-categories.mjs");
  if (!existsSync(data) || !existsSync(scorer)) {
    console.log(`categories: skipped (missing ${existsSync(data) ? scorer : data})`);
    return;
  }
  // Working and validation parts (decision 0018): the working part's summary and confusions are
  // printed (rules are written from them); of the validation part only the figure.
  const rows = readFileSync(data, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { name: string; source?: string });
  const parts = splitByName(rows);
  const tmp = mkdtempSync(path.join(tmpdir(), "rc-cat-"));
  const score = (label: "working" | "validation", list: typeof rows) => {
    const file = path.join(tmp, `${label}.jsonl`);
    writeFileSync(file, list.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const args = [scorer, "--data", file, "--cmd", `"${process.execPath}" "${path.join(root, "cli", "recipecart.ts")}" categorize`];
    args.push(...(label === "working" ? ["--top", "10"] : ["--quiet"]));
    const res = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const lines = res.stdout.trim().split("\n");
    if (label === "working") for (const l of lines.slice(0, 5)) console.log(l);
    try {
      return JSON.parse(lines.at(-1) ?? "") as {
        accuracy: number;
        strict_accuracy: number;
        names_per_s: number;
        n: number;
        by_part: Record<string, { n: number; accuracy: number }>;
      };
    } catch {
      console.log(`scorer output not understood (exit ${res.status}): ${res.stderr.slice(0, 500)}`);
      return null;
    }
  };
  const w = score("working", parts.working);
  const v = score("validation", parts.validation);
  rmSync(tmp, { recursive: true, force: true });
  const pc = (x: number | undefined) => (x === undefined ? "  -  " : `${(x * 100).toFixed(1)}%`);
  if (w && v) {
    const partNames = [...new Set([...Object.keys(w.by_part), ...Object.keys(v.by_part)])];
    console.log(`summary            working (${w.n})   validation (${v.n})   gap`);
    console.log(
      `  accuracy         ${pc(w.accuracy).padStart(7)}          ${pc(v.accuracy).padStart(7)}          ${((w.accuracy - v.accuracy) * 100).toFixed(1)} pt`,
    );
    console.log(`  strict           ${pc(w.strict_accuracy).padStart(7)}          ${pc(v.strict_accuracy).padStart(7)}`);
    for (const p of partNames) {
      console.log(`  part ${p.padEnd(11)} ${pc(w.by_part[p]?.accuracy).padStart(7)}          ${pc(v.by_part[p]?.accuracy).padStart(7)}`);
    }
    const all = (w.accuracy * w.n + v.accuracy * v.n) / (w.n + v.n);
    console.log(`  whole dev set ${pc(all)}; CLI ${w.names_per_s} names/s`);
  }

  const names = rows.map((r) => r.name);
  // Timed through explainCategory, which categorise() wraps with a 1,024-name memo (decision 0005):
  // these 1,246 names would mostly fit in it, and the figure would measure the memo, not the classifier.
  const categorise = (n: string) => explainCategory(n).category;
  for (const n of names) categorise(n); // warm-up
  // Ten batches of 40 passes; the best batch is the machine's speed, the median shows the noise
  // of a shared machine. CPU time is reported too (wall time includes other processes' turns).
  const batches: number[] = [];
  const cpuRates: number[] = [];
  let sink = 0;
  for (let k = 0; k < 10; k++) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (let r = 0; r < 40; r++) for (const n of names) sink += categorise(n).length;
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    batches.push((40 * names.length) / (ms / 1000));
    cpuRates.push((40 * names.length) / ((cpu.user + cpu.system) / 1e6));
  }
  const sorted = [...batches].sort((a, b) => a - b);
  const fmt = (x: number) => Math.round(x).toLocaleString("en-US");
  console.log(
    `in-process: best ${fmt(sorted.at(-1)!)} names/s, median ${fmt(sorted[5]!)} names/s wall; ` +
      `best ${fmt(Math.max(...cpuRates))} names per CPU-second (uncached; 10 x 40 x ${names.length} names, ` +
      `lexicon ${lexiconSize()} phrases)${sink < 0 ? "" : ""}`,
  );
}
