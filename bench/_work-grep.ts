/** Developer tool: WORKING-part category rows whose name matches a regex (decision 0018). */
import { readFileSync } from "node:fs";
import path from "node:path";
import { explainCategory } from "../core/categorise/categorise.ts";
import { splitByName } from "./holdout.ts";

const re = new RegExp(process.argv[2] ?? ".", "i");
const dataDir = path.join(import.meta.dirname, "..", "..", "shared", "data");
const rows = readFileSync(path.join(dataDir, "categories", "dev.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { name: string; categories: string[] });
for (const r of splitByName(rows).working.filter((r) => re.test(r.name))) {
  const e = explainCategory(r.name);
  console.log(
    `${r.categories.includes(e.category) ? "ok " : "BAD"} ${r.name}\t${r.categories.join(" / ")}\t-> ${e.category} (${e.phrase ?? "fallback"})`,
  );
}
