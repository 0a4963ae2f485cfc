/**
 * zod schemas for the combined shopping list (core/combine/combine.ts), for API responses and
 * stored lists. `CombinedListSchema.parse(x)` accepts exactly what `combineRecipes` returns.
 */
import { z } from "zod";
import { CATEGORIES } from "../categorise/categories.ts";

export const CategoryNameSchema = z.enum(CATEGORIES);

export const ListAmountSchema = z.object({
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  text: z.string(),
});

export const ListSourceSchema = z.object({
  recipe: z.string(),
  recipeId: z.string().optional(),
  line: z.string(),
});

export const ListItemSchema = z.object({
  key: z.string().min(1),
  name: z.string().min(1),
  category: CategoryNameSchema,
  text: z.string(),
  amounts: z.array(ListAmountSchema).min(1),
  notes: z.array(z.string()),
  optional: z.boolean(),
  staple: z.boolean(),
  recipes: z.array(z.string()),
  sources: z.array(ListSourceSchema).min(1),
});

export const ListCategorySchema = z.object({
  category: CategoryNameSchema,
  items: z.array(ListItemSchema),
});

export const SkippedLineSchema = z.object({
  recipe: z.string(),
  line: z.string(),
  reason: z.enum(["header", "empty", "unparsed", "not-bought"]),
});

export const CombinedListSchema = z.object({
  categories: z.array(ListCategorySchema),
  skipped: z.array(SkippedLineSchema),
});

/** Input of `combineRecipes`, e.g. for an API request body. */
export const RecipeInputSchema = z.object({
  id: z.string().optional(),
  title: z.string(),
  lines: z.array(z.string()),
  scale: z.number().positive().max(100).optional(),
});
