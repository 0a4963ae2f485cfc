import type { AddedRecipe } from "../../lib/recipes-store.ts";

/**
 * The recipe answer of the API as the client keeps it. The client reads ingredients as a list
 * of strings (SPEC §3); lines that arrive as objects ({text}) are read by their text.
 */
export function toAddedRecipe(value: unknown): AddedRecipe {
  const outer = value as Record<string, unknown> | null;
  // Accept both the bare recipe and an envelope {recipe}.
  const r = (outer && typeof outer.recipe === "object" && outer.recipe ? outer.recipe : outer) as Record<string, unknown>;
  if (!r || typeof r.id !== "string" || typeof r.title !== "string") {
    throw new Error("The server answered without a recipe.");
  }
  const raw = Array.isArray(r.ingredients) ? r.ingredients : [];
  const ingredients = raw
    .map((line) => (typeof line === "string" ? line : typeof line?.text === "string" ? (line.text as string) : ""))
    .filter((line) => line.trim() !== "");
  return {
    id: r.id,
    title: r.title,
    url: typeof r.url === "string" ? r.url : null,
    source: typeof r.source === "string" ? r.source : "",
    ingredients,
  };
}
