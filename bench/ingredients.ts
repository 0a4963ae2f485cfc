/**
 * Ingredient parser figures: the shared scorer through the CLI, accuracy on the fixed validation
 * slice (never trained on), in-process speed, module load time and memory.
 * Run: npm run bench -- [DATA_DIR] --only ingredients
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");

interface Row {
  id: string;
  input: string;
  gold: { amounts: unknown[]; name: string };
}
type ScoreLine = (row: Row, pred: unknown) => { q: boolean; u: boolean; n: boolean; line: boolean };

export async function run(dataDir: string): Promise<void> {
  const dataFile = path.join(dataDir, "ingredients", "dev.jsonl");
  const scorerFile = path.join(dataDir, "..", "bench", "score-ingredients.mjs");
  if (!fs.existsSync(dataFile) || !fs.existsSync(scorerFile)) {
    console.log(`no data: need ${dataFile} and ${scorerFile}`);
    return;
  }

  // 1. the shared scorer through the CLI (exactly what the benchmark runs)
  const scored = spawnSync(
    process.execPath,
    [scorerFile, "--data", dataFile, "--cmd", `"${process.execPath}" "${path.join(root, "cli", "recipecart.ts")}" parse-ingredients`],
    { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const out = (scored.stdout ?? "").trim().split("\n");
  console.log(out.filter((l) => !l.startsWith("{")).join("\n"));

  // 2. in process: validation slice accuracy and speed
  const { scoreLine } = (await import(pathToFileURL(scorerFile).href)) as { scoreLine: ScoreLine };
  const t0 = performance.now();
  const { parseIngredient } = await import("../core/ingredient/parse.ts");
  const importMs = performance.now() - t0;
  const { isValidationRow } = await import("../core/ingredient/validation-slice.ts");
  const rows = fs.readFileSync(dataFile, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as Row);
  const val = rows.filter((r) => isValidationRow(r.id));
  const t = { q: 0, u: 0, n: 0, line: 0 };
  for (const r of val) {
    const p = parseIngredient(r.input);
    const s = scoreLine(r, { ...p, name: p.fullName ?? p.name });
    t.q += +s.q;
    t.u += +s.u;
    t.n += +s.n;
    t.line += +s.line;
  }
  const pct = (x: number) => ((100 * x) / val.length).toFixed(2);
  console.log(
    `validation slice (${val.length} lines, never trained on): quantity ${pct(t.q)}%  unit ${pct(t.u)}%  name ${pct(t.n)}%  line ${pct(t.line)}%`,
  );

  const lines = rows.map((r) => r.input);
  const rates: number[] = [];
  for (let pass = 0; pass < 5; pass++) {
    const start = performance.now();
    for (const l of lines) parseIngredient(l);
    rates.push(lines.length / ((performance.now() - start) / 1000));
  }
  rates.sort((a, b) => b - a);
  console.log(
    `in-process parse speed: best ${Math.round(rates[0]!)} lines/s, median ${Math.round(rates[2]!)} lines/s (${lines.length} lines x 5 passes, one core)`,
  );

  // 3. fresh-process module load time (import of parse.ts incl. weights)
  const loadTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const r = spawnSync(
      process.execPath,
      ["--input-type=module", "-e", `const t=performance.now();await import(${JSON.stringify(pathToFileURL(path.join(root, "core/ingredient/parse.ts")).href)});console.log(performance.now()-t)`],
      { encoding: "utf8" },
    );
    loadTimes.push(Number(r.stdout.trim()));
  }
  loadTimes.sort((a, b) => a - b);
  console.log(`module load (fresh node, import parse.ts + weights): best ${loadTimes[0]!.toFixed(1)} ms, median ${loadTimes[1]!.toFixed(1)} ms (in this process: ${importMs.toFixed(1)} ms)`);

  // 4. memory
  globalThis.gc?.();
  const mem = process.memoryUsage();
  const weightsBytes = fs.statSync(path.join(root, "core/ingredient/model/weights.json")).size;
  console.log(`memory: heap used ${(mem.heapUsed / 1048576).toFixed(1)} MB, rss ${(mem.rss / 1048576).toFixed(1)} MB; weights file ${(weightsBytes / 1024).toFixed(0)} KB`);
}
