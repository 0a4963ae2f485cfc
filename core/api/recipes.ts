/**
 * Wire schemas of the recipes API (docs/product/api.md), shared by the Worker, the web client and the
 * browser extension. Requests are validated with these on the server (field errors come back
 * in the problem body's `errors`), answers can be checked with RecipeSchema on the client.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import type { ParsedIngredient } from "../ingredient/types.ts";

/** Longest recipe title, in characters (after trimming). */
export const RECIPE_TITLE_MAX = 200;
/** Most ingredient lines in one recipe (after blank lines are dropped). */
export const INGREDIENT_LINES_MAX = 200;
/** Longest ingredient line, in characters. */
export const INGREDIENT_LINE_MAX = 500;
/** Longest recipe URL, in characters. */
export const RECIPE_URL_MAX = 2048;
/** Largest page HTML the browser extension may send, in UTF-8 bytes (same as a server fetch). */
export const RECIPE_HTML_MAX_BYTES = 5 * 1024 * 1024;
/** The source of every recipe typed in by hand (docs/product/data.md). */
export const MANUAL_SOURCE = "manually added";

const titleField = z
  .string({ error: "Please enter a recipe title." })
  .trim()
  .min(1, "Please enter a recipe title.")
  .max(RECIPE_TITLE_MAX, `The title can be at most ${RECIPE_TITLE_MAX} characters.`);

/**
 * Ingredient lines as typed: a line holding newlines is split, every line trimmed, blank
 * lines dropped; then 1..200 lines of at most 500 characters each.
 */
const ingredientLinesField = z
  .array(z.string({ error: "Each ingredient must be text." }), { error: "Please enter at least one ingredient." })
  .transform((lines) =>
    lines
      .flatMap((l) => l.split(/\r\n|\r|\n/))
      .map((l) => l.trim())
      .filter((l) => l !== ""),
  )
  .pipe(
    z
      .array(z.string().max(INGREDIENT_LINE_MAX, `An ingredient line can be at most ${INGREDIENT_LINE_MAX} characters.`))
      .min(1, "Please enter at least one ingredient.")
      .max(INGREDIENT_LINES_MAX, `A recipe can have at most ${INGREDIENT_LINES_MAX} ingredient lines.`),
  );

const urlField = z
  .string({ error: "Please enter a recipe URL." })
  .trim()
  .min(1, "Please enter a recipe URL.")
  .max(RECIPE_URL_MAX, `The URL can be at most ${RECIPE_URL_MAX} characters.`);

/**
 * POST /api/recipes/parse. With `html` (page captured by the browser extension) the server
 * extracts from it without fetching; the URL then only names the page.
 */
export const ParseRecipeRequestSchema = z.object({
  url: urlField,
  html: z.string().min(1, "The page HTML is empty.").optional(),
  /** true: fetch the page again even when a parse from the last 24 h is cached (the cache is then refreshed). */
  fresh: z.boolean().optional(),
});
export type ParseRecipeRequest = z.infer<typeof ParseRecipeRequestSchema>;

/** POST /api/recipes/manual. `source` is accepted for compatibility and always stored as 'manually added'. */
export const ManualRecipeRequestSchema = z.object({
  title: titleField,
  ingredients: ingredientLinesField,
  source: z.string().max(RECIPE_TITLE_MAX).optional(),
});
export type ManualRecipeRequest = z.infer<typeof ManualRecipeRequestSchema>;

/** PUT /api/recipes/{id}. */
export const UpdateRecipeRequestSchema = z.object({
  title: titleField,
  ingredients: ingredientLinesField,
});
export type UpdateRecipeRequest = z.infer<typeof UpdateRecipeRequestSchema>;

const AmountSchema = z.object({
  quantity: z.number().nullable(),
  quantityMax: z.number().nullable(),
  unit: z.string().nullable(),
  text: z.string(),
});

/** core/ingredient's ParsedIngredient on the wire. */
export const ParsedIngredientSchema = z.object({
  input: z.string(),
  quantity: z.number().nullable(),
  quantityMax: z.number().nullable(),
  unit: z.string().nullable(),
  amounts: z.array(AmountSchema),
  size: z.string().nullable(),
  name: z.string().nullable(),
  preparation: z.string().nullable(),
  comment: z.string().nullable(),
  optional: z.boolean(),
  alternatives: z.array(z.string()),
  isHeader: z.boolean(),
});

// Fails to type-check when core/ingredient/types.ts and this schema drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const parsedShapeMatches: Same<z.infer<typeof ParsedIngredientSchema>, ParsedIngredient> = true;
void parsedShapeMatches;

/** One saved line, structured: the parse plus the group heading it sits under on the page. */
export const ParsedLineSchema = ParsedIngredientSchema.extend({
  /** Group heading ("For the sauce"), null when the page had none. */
  group: z.string().nullable(),
});
export type ParsedLine = z.infer<typeof ParsedLineSchema>;

/** A recipe as every recipes endpoint answers it. */
export const RecipeSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The page it came from; null for recipes typed in by hand. */
  url: z.string().nullable(),
  /** The site's name, its domain, or 'manually added'. */
  source: z.string(),
  /** The lines as written (what the client shows and edits). */
  ingredients: z.array(z.string()),
  /** The same lines parsed, index for index. */
  parsedIngredients: z.array(ParsedLineSchema),
  image: z.string().nullable().optional(),
  /**
   * The page's yield as written ("4 servings", "Makes 12 cookies"); null for recipes typed in by hand
   * and pages that give none. core/recipe/servings.ts reads it for the servings control.
   */
  yields: z.string().nullable().optional(),
  /** Owner; null when made while signed out (then only the edit token's holder may change it). */
  userId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Only in the answer that creates a recipe while signed out: the right to change or delete it and
   * to claim it on sign-in (decision 0013). Keep it; it is never sent again.
   */
  editToken: z.string().optional(),
  /**
   * Only in the answer to an import of a page the signed-in caller already has a recipe from: this is
   * that recipe (with their edits), not a new copy (decision 0042).
   */
  existing: z.boolean().optional(),
});
export type Recipe = z.infer<typeof RecipeSchema>;

/** Problem codes of POST /api/recipes/parse, beyond the generic ones (invalid_body, ...). */
export const PARSE_PROBLEM_CODES = [
  "invalid_url",
  "blocked_address",
  "fetch_failed",
  "site_blocked",
  "timeout",
  "too_large",
  "not_html",
  "no_recipe_found",
  "no_recipe_in_post",
] as const;
export type ParseProblemCode = (typeof PARSE_PROBLEM_CODES)[number];

/**
 * Extra fields of a no_recipe_in_post problem (a social post whose caption holds no ingredient
 * list): the caption as plain text and the post's title, to prefill a manual entry, and the
 * recipe page the caption links to (null when none), to offer importing that page instead.
 */
export interface NoRecipeInPostDetails {
  caption: string;
  title: string | null;
  recipeUrl: string | null;
}

/** Recipes: import from a page or captured HTML, manual entry, read, edit, refresh from the site, delete. */
export const recipeEndpoints = {
  parse: endpoint("POST", "/api/recipes/parse", { request: ParseRecipeRequestSchema, answer: RecipeSchema }),
  manual: endpoint("POST", "/api/recipes/manual", { request: ManualRecipeRequestSchema, answer: RecipeSchema }),
  get: endpoint("GET", "/api/recipes/:id", { answer: RecipeSchema }),
  update: endpoint("PUT", "/api/recipes/:id", { request: UpdateRecipeRequestSchema, answer: RecipeSchema }),
  refresh: endpoint("POST", "/api/recipes/:id/refresh", { answer: RecipeSchema }),
  remove: endpoint("DELETE", "/api/recipes/:id"),
};
