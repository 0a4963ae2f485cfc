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
  const t1 = performance.now();
  parseIngredient("2 cups flour"); // the first parse decodes the weights (lazily, see label.ts)
  const firstParseMs = performance.now() - t1;
  const { isValidationRow } = await import("../core/ingredient/validation-slice.ts");
  const rows = fs
    .readFileSync(dataFile, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Row);
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
  const { categorise } = await import("../core/categorise/categorise.ts");
  const PASSES = 7;
  // Speed over all dev lines, PASSES passes each; wall time is noisy on a shared machine, CPU time
  // (process.cpuUsage) less so. The first pass runs with cold word caches (see decision 0005).
  const timePasses = (fn: () => void) => {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let pass = 0; pass < PASSES; pass++) {
      const cpu0 = process.cpuUsage();
      const start = performance.now();
      fn();
      wall.push(lines.length / ((performance.now() - start) / 1000));
      const c = process.cpuUsage(cpu0);
      cpu.push(lines.length / ((c.user + c.system) / 1e6));
    }
    const first = cpu[0]!;
    wall.sort((a, b) => b - a);
    cpu.sort((a, b) => b - a);
    const mid = PASSES >> 1;
    const f = (x: number) => Math.round(x).toLocaleString("en-US");
    return `best ${f(wall[0]!)}, median ${f(wall[mid]!)} lines/s wall; best ${f(cpu[0]!)}, median ${f(cpu[mid]!)} lines per CPU-second (first pass ${f(first)}; ${lines.length} lines x ${PASSES} passes, one core)`;
  };
  let sink = 0;
  console.log(
    `in-process parse speed: ${timePasses(() => {
      for (const l of lines) sink += parseIngredient(l).amounts.length;
    })}`,
  );
  console.log(
    `in-process parse + categorise speed (each line parsed, its name categorised): ${timePasses(() => {
      for (const l of lines) {
        const p = parseIngredient(l);
        if (p.name !== null) sink += categorise(p.name).length;
      }
    })}${sink < 0 ? "" : ""}`,
  );

  for (const [label, line] of [
    ["10,000-character line", "1 cup flour, ".repeat(770)],
    ["10,000 digits", "1".repeat(10_000)],
    ["10,000 brackets", "(".repeat(10_000)],
    ["10,000 unicode characters", "é½–".repeat(3_333)],
    // number-heavy lines: the constrained decode was quadratic in their length; 500
    // characters should cost about twice 250, not four times
    ["250 characters of '1 1 1 ...'", "1 ".repeat(125).trim()],
    ["500 characters of '1 1 1 ...'", "1 ".repeat(250).trim()],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      parseIngredient(line);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(`${label}: best ${times[0]!.toFixed(2)} ms, median ${times[2]!.toFixed(2)} ms (5 runs)`);
  }

  // 3. fresh-process module load time (import of parse.ts incl. weights). Node's own type
  // stripping costs the same for any .ts import, so a trivial .ts module is timed as a baseline.
  const trivial = path.join(root, "core", "ingredient", "validation-slice.ts");
  const timeImport = (file: string) => {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = spawnSync(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `const t=performance.now();await import(${JSON.stringify(pathToFileURL(file).href)});console.log(performance.now()-t)`,
        ],
        { encoding: "utf8" },
      );
      times.push(Number(r.stdout.trim()));
    }
    return times.sort((a, b) => a - b);
  };
  const parseLoad = timeImport(path.join(root, "core", "ingredient", "parse.ts"));
  const baseLoad = timeImport(trivial);
  console.log(
    `module load (fresh node, import parse.ts + weights): best ${parseLoad[0]!.toFixed(1)} ms, median ${parseLoad[1]!.toFixed(1)} ms; ` +
      `baseline import of a small .ts module ${baseLoad[0]!.toFixed(1)} ms -> parser's own cost ~${(parseLoad[0]! - baseLoad[0]!).toFixed(1)} ms ` +
      `(in this process: import ${importMs.toFixed(1)} ms, first parse incl. weight decoding ${firstParseMs.toFixed(1)} ms)`,
  );

  // 4. memory
  globalThis.gc?.();
  const mem = process.memoryUsage();
  const weightsBytes = fs.statSync(path.join(root, "core/ingredient/model/weights.json")).size;
  console.log(
    `memory: heap used ${(mem.heapUsed / 1048576).toFixed(1)} MB, rss ${(mem.rss / 1048576).toFixed(1)} MB; weights file ${(weightsBytes / 1024).toFixed(0)} KB`,
  );
}
