/**
 * Combine benchmark: time to combine 10 recipes x 15 lines into one list (parse + key + sum +
 * categorise + format). Recipe lines come from <dataDir>/ingredients/dev.jsonl when present,
 * otherwise from a small built-in set.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { combineRecipes, type RecipeInput } from "../core/combine/combine.ts";

const FALLBACK = [
  "2 onions, diced",
  "3 tbsp olive oil",
  "2 cloves garlic, minced",
  "1 (14 oz) can diced tomatoes",
  "1 tsp salt",
  "1/2 tsp black pepper",
  "2 cups chicken stock",
  "1 lb ground beef",
  "1 cup grated parmesan",
  "2 eggs",
  "1 1/2 cups all-purpose flour",
  "1 bunch cilantro",
  "200g caster sugar",
  "4 spring onions, sliced",
  "salt to taste",
];

export async function run(dataDir: string): Promise<void> {
  const file = path.join(dataDir, "ingredients", "dev.jsonl");
  let lines = FALLBACK;
  if (existsSync(file)) {
    lines = readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => (JSON.parse(l) as { input: string }).input)
      .slice(0, 600);
  }
  const makeRecipes = (offset: number): RecipeInput[] =>
    Array.from({ length: 10 }, (_, r) => ({
      title: `Recipe ${r + 1}`,
      lines: Array.from({ length: 15 }, (_, i) => lines[(offset + r * 15 + i) % lines.length]!),
    }));
  combineRecipes(makeRecipes(0)); // warm-up
  const rounds = 40;
  const t0 = performance.now();
  let items = 0;
  for (let k = 0; k < rounds; k++) {
    const list = combineRecipes(makeRecipes(k * 150));
    items += list.categories.reduce((n, c) => n + c.items.length, 0);
  }
  const ms = (performance.now() - t0) / rounds;
  console.log(
    `combine: 10 recipes x 15 lines in ${ms.toFixed(2)} ms on average (${rounds} lists, ${(items / rounds).toFixed(0)} items per list; lines from ${existsSync(file) ? "ingredients/dev.jsonl" : "built-in set"})`,
  );
}
