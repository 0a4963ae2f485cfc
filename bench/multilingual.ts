/**
 * Non-English ingredient lines and their aisles (decision 0005): the shared scorers through the CLI on
 * <dataDir>/multilingual/{lines,categories}-dev.jsonl, each split into a working and a validation part
 * by page (bench/holdout.ts), one row per language, with the English figures beside them.
 * Only figures are printed; failures are listed for the WORKING part alone by bench/_work-multilingual.ts.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { LANGUAGE_NAMES, TABLE_LANGUAGES, tableLanguage } from "./_languages.ts";
import { splitByName, splitCategoriesByPage, splitLinesByPage } from "./holdout.ts";

const root = path.resolve(import.meta.dirname, "..");
const cli = `"${process.execPath}" "${path.join(root, "cli", "recipecart.ts")}"`;

interface LineRow {
  id: string;
  source: string;
  input: string;
  language: string;
  gold: { amounts: unknown[]; name: string };
}
interface CategoryRow {
  name: string;
  categories: string[];
  source: string;
}
/** Per-row outcome: the language and whether each figure is right. */
interface Outcome {
  lang: string;
  line?: boolean;
  q?: boolean;
  u?: boolean;
  n?: boolean;
  aisle?: boolean;
}

const readJsonl = <T>(file: string): T[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

/** Runs a scorer on `rows` with a per-row output file and returns that file's rows (never printed). */
function scoreRows(scorer: string, rows: unknown[], cmd: string, outFlag: "--dump" | "--out"): Record<string, unknown>[] {
  const tmp = mkdtempSync(path.join(tmpdir(), "rc-ml-"));
  try {
    const data = path.join(tmp, "data.jsonl");
    const out = path.join(tmp, "out.jsonl");
    writeFileSync(data, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const res = spawnSync(process.execPath, [scorer, "--data", data, "--cmd", cmd, "--quiet", outFlag, out], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (!existsSync(out)) throw new Error(`scorer wrote no results (exit ${res.status}): ${(res.stderr ?? "").slice(0, 300)}`);
    return readJsonl<Record<string, unknown>>(out);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

export async function run(dataDir: string): Promise<void> {
  const dir = path.join(dataDir, "multilingual");
  const lineScorer = path.join(dataDir, "..", "bench", "score-ingredients.mjs");
  const catScorer = path.join(dataDir, "..", "bench", "score-categories.mjs");
  if (!existsSync(path.join(dir, "lines-dev.jsonl")) || !existsSync(lineScorer)) {
    console.log(`multilingual: skipped (no ${path.join(dir, "lines-dev.jsonl")})`);
    return;
  }
  const lines = readJsonl<LineRow>(path.join(dir, "lines-dev.jsonl"));
  const cats = readJsonl<CategoryRow>(path.join(dir, "categories-dev.jsonl"));
  const lineParts = splitLinesByPage(lines);
  const catParts = splitCategoriesByPage(cats, lines);

  const outcomes = { working: [] as Outcome[], validation: [] as Outcome[] };
  for (const part of ["working", "validation"] as const) {
    const rows = lineParts[part];
    const res = scoreRows(lineScorer, rows, `${cli} parse-ingredients`, "--dump");
    rows.forEach((r, i) => {
      const ok = (res[i]?.ok ?? {}) as { q?: boolean; u?: boolean; n?: boolean };
      outcomes[part].push({ lang: tableLanguage(r.language), q: !!ok.q, u: !!ok.u, n: !!ok.n, line: !!(ok.q && ok.u && ok.n) });
    });
    const crows = catParts[part];
    const cres = scoreRows(catScorer, crows, `${cli} categorize`, "--out");
    crows.forEach((r, i) => {
      outcomes[part].push({ lang: tableLanguage(r.source.split(":")[1]), aisle: cres[i]?.correct === true });
    });
  }

  // English beside: the parser's fixed validation slice and the categoriser's validation part (in process).
  const english = await englishFigures(dataDir);

  const seen = new Set(lines.map((r) => tableLanguage(r.language)));
  const langs = [...TABLE_LANGUAGES, "other"].filter((l) => l !== "en" && seen.has(l));
  const figure = (list: Outcome[], key: "line" | "aisle" | "q" | "u" | "n") => {
    const xs = list.filter((o) => o[key] !== undefined);
    if (!xs.length) return "    -         ";
    const ok = xs.filter((o) => o[key]).length;
    return `${((100 * ok) / xs.length).toFixed(1).padStart(5)}% (${String(xs.length).padStart(3)})`.padEnd(14);
  };
  const row = (label: string, w: Outcome[], v: Outcome[]) =>
    `  ${label.padEnd(16)} ${figure(w, "line")} ${figure(v, "line")}   ${figure(w, "aisle")} ${figure(v, "aisle")}`;
  console.log("per language          lines fully right               aisles (names in the right category)");
  console.log("                      working        validation       working        validation");
  for (const l of langs) {
    console.log(
      row(
        LANGUAGE_NAMES[l] ?? l,
        outcomes.working.filter((o) => o.lang === l),
        outcomes.validation.filter((o) => o.lang === l),
      ),
    );
  }
  console.log(row("non-English", outcomes.working, outcomes.validation));
  if (english) {
    const e = (x: number, n: number) => `${((100 * x) / n).toFixed(1).padStart(5)}% (${n})`.padEnd(14);
    console.log(
      `  ${"English".padEnd(16)} ${e(english.lines.working, english.lines.nw)} ${e(english.lines.validation, english.lines.nv)}   ` +
        `${e(english.cats.working, english.cats.nw)} ${e(english.cats.validation, english.cats.nv)}`,
    );
    console.log("  (English lines: the parser's training part and its fixed validation slice; categories: decision 0018's parts)");
  }
  const parts = (list: Outcome[]) =>
    `quantity ${figure(list, "q").trim()}, unit ${figure(list, "u").trim()}, name ${figure(list, "n").trim()}`;
  console.log(`non-English lines, working: ${parts(outcomes.working)}`);
  console.log(`non-English lines, validation: ${parts(outcomes.validation)}`);
}

/** English figures in process (same scorer functions), or null without the English data. */
async function englishFigures(dataDir: string) {
  const linesFile = path.join(dataDir, "ingredients", "dev.jsonl");
  const catsFile = path.join(dataDir, "categories", "dev.jsonl");
  const scorerFile = path.join(dataDir, "..", "bench", "score-ingredients.mjs");
  if (!existsSync(linesFile) || !existsSync(catsFile) || !existsSync(scorerFile)) return null;
  const { scoreLine } = (await import(pathToFileURL(scorerFile).href)) as {
    scoreLine: (row: unknown, pred: unknown) => { line: boolean };
  };
  const { parseIngredient } = await import("../core/ingredient/parse.ts");
  const { isValidationRow } = await import("../core/ingredient/validation-slice.ts");
  const { explainCategory } = await import("../core/categorise/categorise.ts");
  const lines = { working: 0, nw: 0, validation: 0, nv: 0 };
  for (const r of readJsonl<{ id: string; input: string }>(linesFile)) {
    const p = parseIngredient(r.input);
    const ok = scoreLine(r, { ...p, name: p.fullName ?? p.name }).line;
    if (isValidationRow(r.id)) {
      lines.nv++;
      lines.validation += +ok;
    } else {
      lines.nw++;
      lines.working += +ok;
    }
  }
  const catRows = readJsonl<CategoryRow>(catsFile);
  const { working, validation } = splitByName(catRows);
  const right = (list: CategoryRow[]) =>
    list.filter((r) => r.categories.includes(explainCategory(r.name.trim(), { guess: true }).category)).length;
  const cats = { working: right(working), nw: working.length, validation: right(validation), nv: validation.length };
  return { lines, cats };
}
