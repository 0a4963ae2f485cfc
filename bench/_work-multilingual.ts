/**
 * Developer tool (not a bench section): WORKING-part failures of the multilingual lines and aisles
 * (decision 0005), in process. `node bench/_work-multilingual.ts [dataDir] [lines|aisles]`.
 * Never lists validation rows.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { explainCategory } from "../core/categorise/categorise.ts";
import { languageOfLines, languageScores } from "../core/ingredient/language.ts";
import { parseIngredient } from "../core/ingredient/parse.ts";
import { splitCategoriesByPage, splitLinesByPage } from "./holdout.ts";

const dataDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "..", "..", "shared", "data"));
const what = process.argv[3] ?? "lines";
const read = <T>(f: string): T[] =>
  readFileSync(path.join(dataDir, "multilingual", f), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
type LineRow = {
  id: string;
  source: string;
  input: string;
  language: string;
  gold: { amounts: { quantity: number | null; quantityMax: number | null; unit: string | null }[]; name: string };
};
const lines = read<LineRow>("lines-dev.jsonl");
const { working } = splitLinesByPage(lines);
if (what === "lines") {
  const { scoreLine } = (await import(pathToFileURL(path.join(dataDir, "..", "bench", "score-ingredients.mjs")).href)) as {
    scoreLine: (row: unknown, pred: unknown) => { q: boolean; u: boolean; n: boolean; line: boolean };
  };
  let ok = 0;
  // as the CLI reads them: a line with no evidence of its own takes its neighbours' language
  const scores = working.map((r) => languageScores(r.input));
  for (const [i, r] of working.entries()) {
    const p = parseIngredient(r.input, { fallbackLanguage: languageOfLines(scores.slice(Math.max(0, i - 5), i + 6)) });
    const s = scoreLine(r, { ...p, name: p.fullName ?? p.name });
    if (s.line) ok++;
    else {
      const g = r.gold.amounts[0];
      console.log(
        `${r.language}\t${r.input}\n\tgold ${g?.quantity ?? null}/${g?.quantityMax ?? null} ${g?.unit ?? null} "${r.gold.name}"\n\tgot  ${p.quantity}/${p.quantityMax} ${p.unit} "${p.fullName ?? p.name}"  ${s.q ? "" : "Q"}${s.u ? "" : "U"}${s.n ? "" : "N"}`,
      );
    }
  }
  console.log(`working lines: ${ok}/${working.length}`);
} else {
  const cats = read<{ name: string; categories: string[]; source: string }>("categories-dev.jsonl");
  const w = splitCategoriesByPage(cats, lines).working;
  let ok = 0;
  for (const r of w) {
    const e = explainCategory(r.name, { guess: true });
    if (r.categories.includes(e.category)) ok++;
    else console.log(`${r.source}\t${r.name}\t${r.categories.join(" / ")}\t-> ${e.category} (${e.phrase ?? "fallback"})`);
  }
  console.log(`working aisles: ${ok}/${w.length}`);
}
