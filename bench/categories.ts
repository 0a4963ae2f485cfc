/**
 * Category benchmark: runs the shared scorer on <dataDir>/categories/dev.jsonl against
 * `recipecart categorize` and prints its summary, then measures in-process speed of categorise().
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { categorise, lexiconSize } from "../core/categorise/categorise.ts";

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
  for (const n of names) categorise(n); // warm-up
  const rounds = 200;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let sink = 0;
  for (let r = 0; r < rounds; r++) for (const n of names) sink += categorise(n).length;
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const total = rounds * names.length;
  const perS = Math.round(total / (ms / 1000));
  const perCpuS = Math.round(total / (cpuMs / 1000));
  // CPU time is the steadier figure on a shared machine (wall time includes other processes' turns).
  console.log(
    `in-process: ${perS.toLocaleString("en-US")} names/s wall, ${perCpuS.toLocaleString("en-US")} names per CPU-second ` +
      `(${rounds} x ${names.length} names, lexicon ${lexiconSize()} phrases)${sink < 0 ? "" : ""}`,
  );
}
