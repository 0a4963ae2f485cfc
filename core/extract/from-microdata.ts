/**
 * Microdata and RDFa (itemprop / property recipeIngredient, ingredients, name, ...) to a
 * candidate recipe.
 */
import type { MicroProp } from "./collect.ts";
import { durationMinutes, emptyCandidate, groupLines, type Candidate } from "./from-json-ld.ts";
import { cleanLine, cleanText } from "./text.ts";

const INGREDIENT_PROPS = new Set(["recipeIngredient", "ingredients", "ingredient"]);

/** Builds a candidate from the microdata properties, or null when there are no ingredients. */
export function candidateFromMicrodata(props: MicroProp[]): Candidate | null {
  const ingr = props.filter((p) => INGREDIENT_PROPS.has(p.prop));
  if (!ingr.length) return null;
  // the first Recipe scope that has ingredients; props outside any Recipe scope when none has
  const scoped = ingr.filter((p) => p.inRecipe);
  const scope = scoped[0]?.recipeScope ?? 0;
  const mine = (p: MicroProp) => (scope ? p.recipeScope === scope : true);
  const c = emptyCandidate();
  let lines = ingr
    .filter(mine)
    .map((p) => cleanLine(p.value))
    .filter(Boolean);
  // a wrapper element (or a summary meta) that holds the whole list besides the per-line props
  if (lines.length > 2) {
    lines = lines.filter((l, i) => lines.filter((o, j) => j !== i && o.length < l.length && l.includes(o)).length < 2);
  }
  const g = groupLines(lines);
  c.ingredients = g.ingredients;
  c.groups = g.groups;
  const first = (name: string, direct = true) =>
    props.find((p) => p.prop === name && mine(p) && (!scope || !direct || p.direct) && cleanText(p.value));
  c.title = cleanText(first("name")?.value ?? "");
  c.image = first("image", false)?.value || null;
  c.yields = cleanText(first("recipeYield")?.value ?? "") || null;
  c.times = {
    prepMinutes: durationMinutes(first("prepTime")?.value ?? null),
    cookMinutes: durationMinutes(first("cookTime")?.value ?? null),
    totalMinutes: durationMinutes(first("totalTime")?.value ?? null),
  };
  c.instructions = props
    .filter((p) => p.prop === "recipeInstructions" && mine(p))
    .map((p) => cleanText(p.value))
    .filter(Boolean);
  const author = props.find((p) => p.prop === "author" && mine(p)) ?? props.find((p) => p.prop === "name" && mine(p) && !p.direct);
  c.author = author ? cleanText(author.value) || null : null;
  return c;
}
