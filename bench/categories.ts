/**
 * Category benchmark: runs the shared scorer on <dataDir>/categories/dev.jsonl against
 * `recipecart categorize` and prints its summary, then measures in-process speed of categorise().
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { explainCategory, lexiconSize } from "../core/categorise/categorise.ts";

const root = path.resolve(import.meta.dirname, "..");

export async function run(dataDir: string): Promise<void> {
  const data = path.join(dataDir, "categories", "dev.jsonl");
  const scorer = path.join(dataDir, "..", "bench", "score-categories.mjs");
  if (!existsSync(data) || !existsSync(scorer)) {
    console.log(`categories: skipped (missing ${existsSync(data) ? scorer : data})`);
    return;
  }
  const res = spawnSync(
    process.execPath,
    [scorer, "--data", data, "--cmd", `"${process.execPath}" "${path.join(root, "cli", "recipecart.ts")}" categorize`, "--top", "10"],
    { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const lines = res.stdout.trim().split("\n");
  // Print the human-readable part (header, accuracy, per part) and the JSON summary's key figures.
  for (const l of lines.slice(0, 5)) console.log(l);
  const last = lines.at(-1) ?? "";
  try {
    const s = JSON.parse(last) as { accuracy: number; strict_accuracy: number; names_per_s: number };
    console.log(`summary: accuracy ${(s.accuracy * 100).toFixed(1)}%, strict ${(s.strict_accuracy * 100).toFixed(1)}%, CLI ${s.names_per_s} names/s`);
  } catch {
    console.log(`scorer output not understood (exit ${res.status}): ${res.stderr.slice(0, 500)}`);
  }

  const names = readFileSync(data, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => (JSON.parse(l) as { name: string }).name);
  // Timed through explainCategory, which categorise() wraps with a 1,024-name memo (decision 0011):
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
