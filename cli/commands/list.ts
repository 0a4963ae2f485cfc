/**
 * `recipecart list [--json] FILE...`: combine recipe files into one shopping list grouped by
 * store category. Each FILE is a JSON recipe {"title", "ingredients": [...]} or a plain text file
 * with one ingredient line per line (its title is the file name). --json prints the bench shape
 * (the shape the lists benchmark scores, scripts/bench.ts); without it a readable list.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { combineRecipes, type CombinedList, type RecipeInput } from "../../core/combine/combine.ts";

const USAGE = `Usage: recipecart list [--json] [--sources] FILE...
Combine recipes into one shopping list grouped by store aisle.
  FILE       a JSON recipe {"title": "...", "ingredients": ["1 cup flour", ...]}
             or a text file with one ingredient line per line (title = file name)
  --json     print {"categories":[{"category","items":[{"name","text","amounts","recipes"}]}]}
  --sources  (text output) show the original lines under each item
`;

/** Read one recipe file: JSON with title + ingredients, or plain text lines. */
export async function readRecipeFile(file: string): Promise<RecipeInput> {
  const raw = await readFile(file, "utf8");
  const fallbackTitle = path.basename(file).replace(/\.[^.]+$/, "");
  const trimmed = raw.trim();
  if (trimmed.startsWith("{")) {
    const data = JSON.parse(trimmed) as { title?: unknown; name?: unknown; ingredients?: unknown; recipeIngredient?: unknown };
    const list = Array.isArray(data.ingredients) ? data.ingredients : Array.isArray(data.recipeIngredient) ? data.recipeIngredient : null;
    if (!list) throw new Error(`${file}: JSON recipe has no "ingredients" array`);
    const title =
      typeof data.title === "string" && data.title.trim() ? data.title.trim() : typeof data.name === "string" ? data.name : fallbackTitle;
    return { title, lines: list.filter((l): l is string => typeof l === "string") };
  }
  return { title: fallbackTitle, lines: raw.split(/\r?\n/).filter((l) => l.trim()) };
}

/** The bench's JSON shape: exactly name, text, amounts [{quantity, unit}] and recipes per item. */
export function toBenchJson(list: CombinedList): unknown {
  return {
    categories: list.categories.map((c) => ({
      category: c.category,
      items: c.items.map((i) => ({
        name: i.name,
        text: i.text,
        amounts: i.amounts.map((a) => ({ quantity: a.quantity, unit: a.unit })),
        recipes: i.recipes,
      })),
    })),
  };
}

/** A readable grouped list. */
export function formatList(list: CombinedList, recipes: RecipeInput[], withSources = false): string {
  const out: string[] = [];
  const titles = recipes.map((r) => r.title);
  out.push(`Shopping list for ${titles.length} recipe${titles.length === 1 ? "" : "s"}: ${titles.join(", ")}`);
  const many = titles.length > 1;
  for (const c of list.categories) {
    out.push("", c.category);
    for (const i of c.items) {
      const amount = i.text ? `  ${i.text}` : "";
      const extra = i.notes.filter((n) => n !== i.text && !i.text.endsWith(n));
      const notes = extra.length ? `  (${extra.join("; ")})` : "";
      const from = many ? `  [${i.recipes.join(", ")}]` : "";
      out.push(`  [ ] ${i.name}${amount}${notes}${from}`);
      if (withSources) for (const s of i.sources) out.push(`        ${s.recipe}: ${s.line}`);
    }
  }
  if (list.skipped.some((s) => s.reason === "unparsed")) {
    out.push("", "Not understood:");
    for (const s of list.skipped.filter((x) => x.reason === "unparsed")) out.push(`  ${s.recipe}: ${s.line}`);
  }
  return out.join("\n") + "\n";
}

/** `recipecart list`: returns the exit code (0 ok, 1 unreadable file, 2 usage). */
export async function run(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(USAGE);
    return 0;
  }
  const json = args.includes("--json");
  const withSources = args.includes("--sources");
  const files = args.filter((a) => !a.startsWith("--"));
  if (files.length === 0) {
    process.stderr.write(USAGE);
    return 2;
  }
  const recipes: RecipeInput[] = [];
  for (const f of files) {
    try {
      recipes.push(await readRecipeFile(f));
    } catch (err) {
      process.stderr.write(`recipecart list: ${err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }
  }
  const list = combineRecipes(recipes);
  process.stdout.write(json ? JSON.stringify(toBenchJson(list)) + "\n" : formatList(list, recipes, withSources));
  return 0;
}
