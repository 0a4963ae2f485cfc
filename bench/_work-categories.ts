/**
 * Developer tool (not a bench section): WORKING-part category failures only (decision 0018).
 * `node bench/_work-categories.ts [dataDir]`. Never lists validation rows.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { explainCategory } from "../core/categorise/categorise.ts";
import { splitByName } from "./holdout.ts";

const dataDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "..", "..", "shared", "data"));
const rows = readFileSync(path.join(dataDir, "categories", "dev.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { name: string; categories: string[]; source: string });
const { working } = splitByName(rows);
let ok = 0;
for (const r of working) {
  const e = explainCategory(r.name);
  if (r.categories.includes(e.category)) ok++;
  else console.log(`${r.name}\t${r.categories.join(" / ")}\t-> ${e.category} (${e.phrase ?? "fallback"})`);
}
console.log(`working: ${ok}/${working.length} (${((ok / working.length) * 100).toFixed(1)}%)`);
