/**
 * RecipeDraft: what extraction (page HTML + URL) produces and what the API stores before a
 * person confirms it. Ingredient lines are kept as the author wrote them.
 */
import { z } from "zod";

/** A named (or unnamed) block of ingredient lines, e.g. "For the sauce". */
export const IngredientGroupSchema = z.object({
  /** Heading as written, null for lines before any heading. */
  name: z.string().nullable(),
  ingredients: z.array(z.string()),
});

/** Preparation / cooking / total time in minutes (null when the page does not say). */
export const RecipeTimesSchema = z.object({
  prepMinutes: z.number().nonnegative().nullable(),
  cookMinutes: z.number().nonnegative().nullable(),
  totalMinutes: z.number().nonnegative().nullable(),
});

/** Where a recipe was read from, in order of trust. */
export const RecipeSourceSchema = z.enum(["json-ld", "microdata", "plugin", "heading", "social"]);

export const RecipeDraftSchema = z.object({
  title: z.string().min(1),
  /** Every ingredient line in page order (group headings are not lines). */
  ingredients: z.array(z.string()),
  /** The same lines grouped under their headings; one unnamed group when there are none. */
  ingredientGroups: z.array(IngredientGroupSchema),
  image: z.string().nullable(),
  yields: z.string().nullable(),
  times: RecipeTimesSchema,
  instructions: z.array(z.string()),
  author: z.string().nullable(),
  siteName: z.string().nullable(),
  canonicalUrl: z.string().nullable(),
  language: z.string().nullable(),
  source: RecipeSourceSchema,
});

export type IngredientGroup = z.infer<typeof IngredientGroupSchema>;
export type RecipeTimes = z.infer<typeof RecipeTimesSchema>;
export type RecipeSource = z.infer<typeof RecipeSourceSchema>;
export type RecipeDraft = z.infer<typeof RecipeDraftSchema>;

/** Result of extracting one page. */
export type ExtractResult =
  | { ok: true; recipe: RecipeDraft }
  | {
      ok: false;
      /** no_recipe_in_post: a social post whose caption holds no ingredient list (see `post`). */
      reason: "no_recipe_found" | "no_recipe_in_post";
      message: string;
      /** The page's title when one was found (lets a person start a manual entry from it). */
      title?: string | null;
      /** Social posts: the caption as plain text and the recipe page it links to, if any. */
      post?: { caption: string; recipeUrl: string | null };
    };
