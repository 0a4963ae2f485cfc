/**
 * Queries for the recipe aggregate: recipes rows, the per-domain parse counter and the 24 h
 * cache of parsed pages. Rules (ownership, limits) live in web/features/recipes/server/service.ts.
 */
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { defined } from "../../../../core/lib/invariant.ts";
import type { Db } from "../../../../worker/db/client.ts";
import { parsedPages, recipeDomains, recipes, type StoredIngredient } from "../../../../worker/db/schema.ts";

export type RecipeRow = typeof recipes.$inferSelect;

export interface NewRecipe {
  id: string;
  title: string;
  url: string | null;
  source: string;
  ingredients: StoredIngredient[];
  details: Record<string, unknown> | null;
  userId: string | null;
  /** SHA-256 of the signed-out creator's edit token (decision 0013); null for an owned recipe. */
  editTokenHash?: string | null;
}

/** One recipe by id, or null. */
export async function findRecipe(db: Db, id: string): Promise<RecipeRow | null> {
  const rows = await db.select().from(recipes).where(eq(recipes.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The user's own recipe from one of these page addresses (the newest), or null: a re-import offers it. */
export async function findOwnRecipeByUrl(db: Db, userId: string, urls: readonly string[]): Promise<RecipeRow | null> {
  const rows = await db
    .select()
    .from(recipes)
    .where(and(eq(recipes.userId, userId), inArray(recipes.url, [...new Set(urls)])))
    .orderBy(desc(recipes.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/** Saves a recipe typed in by hand. */
export async function insertRecipe(db: Db, recipe: NewRecipe): Promise<RecipeRow> {
  const [row] = await db.insert(recipes).values(recipe).returning();
  return defined(row, "the inserted recipe row");
}

export interface ParsedRecipeWrite {
  recipe: NewRecipe;
  /** Domain whose parse counter goes up by one. */
  domain: string;
  /** When set, the page's extraction is (re)cached under this URL. */
  cache?: { url: string; data: Record<string, unknown>; fetchedAt: Date };
  /** Cache rows fetched before this are pruned in the same batch. */
  pruneBefore?: Date;
}

/**
 * Saves an imported recipe and counts the parse for its domain in one D1 batch (atomic: both
 * or neither). The counter is an upsert, so concurrent parses of one domain never lose a count:
 * INSERT ... ON CONFLICT(domain) DO UPDATE SET parse_count = parse_count + 1.
 */
export async function insertParsedRecipe(db: Db, write: ParsedRecipeWrite): Promise<RecipeRow> {
  const insert = db.insert(recipes).values(write.recipe).returning();
  const count = db
    .insert(recipeDomains)
    .values({ domain: write.domain, parseCount: 1 })
    .onConflictDoUpdate({
      target: recipeDomains.domain,
      set: { parseCount: sql`${recipeDomains.parseCount} + 1`, updatedAt: new Date() },
    });
  if (write.cache) {
    const { url, data, fetchedAt } = write.cache;
    const cache = db
      .insert(parsedPages)
      .values({ url, recipe: data, fetchedAt })
      .onConflictDoUpdate({ target: parsedPages.url, set: { recipe: data, fetchedAt } });
    if (write.pruneBefore) {
      const prune = db.delete(parsedPages).where(lt(parsedPages.fetchedAt, write.pruneBefore));
      const [rows] = await db.batch([insert, count, cache, prune]);
      return defined(rows[0], "the inserted recipe row");
    }
    const [rows] = await db.batch([insert, count, cache]);
    return defined(rows[0], "the inserted recipe row");
  }
  const [rows] = await db.batch([insert, count]);
  return defined(rows[0], "the inserted recipe row");
}

/** What a refresh from the site changes in an imported recipe. */
export interface RefreshedRecipe {
  title: string;
  url: string;
  source: string;
  ingredients: StoredIngredient[];
  details: Record<string, unknown> | null;
}

/**
 * Replaces an imported recipe's content with a fresh extraction of its page and re-caches the page,
 * in one D1 batch (cache rows past their age pruned in it too). Null when the recipe is gone.
 */
export async function refreshParsedRecipe(
  db: Db,
  id: string,
  content: RefreshedRecipe,
  cache: { url: string; data: Record<string, unknown>; fetchedAt: Date },
  pruneBefore: Date,
): Promise<RecipeRow | null> {
  const [rows] = await db.batch([
    db
      .update(recipes)
      .set({ ...content, updatedAt: new Date() })
      .where(eq(recipes.id, id))
      .returning(),
    db
      .insert(parsedPages)
      .values({ url: cache.url, recipe: cache.data, fetchedAt: cache.fetchedAt })
      .onConflictDoUpdate({ target: parsedPages.url, set: { recipe: cache.data, fetchedAt: cache.fetchedAt } }),
    db.delete(parsedPages).where(lt(parsedPages.fetchedAt, pruneBefore)),
  ]);
  return rows[0] ?? null;
}

/**
 * Keeps the parsed-page cache at most `cap` rows: the oldest beyond it are deleted (the scheduled job;
 * writes prune by age). Answers how many rows went.
 */
export async function pruneParsedPagesOverCap(db: Db, cap: number): Promise<number> {
  const keepFrom = db
    .select({ fetchedAt: parsedPages.fetchedAt })
    .from(parsedPages)
    .orderBy(desc(parsedPages.fetchedAt))
    .limit(1)
    .offset(cap - 1);
  const [edge] = await keepFrom;
  if (!edge) return 0;
  const gone = await db.delete(parsedPages).where(lt(parsedPages.fetchedAt, edge.fetchedAt)).returning({ url: parsedPages.url });
  return gone.length;
}

/** Deletes cache rows fetched before `before`; answers how many went. */
export async function deleteParsedPagesBefore(db: Db, before: Date): Promise<number> {
  const gone = await db.delete(parsedPages).where(lt(parsedPages.fetchedAt, before)).returning({ url: parsedPages.url });
  return gone.length;
}

/** A cached extraction for `url` fetched at or after `since`, or null. */
export async function findParsedPage(db: Db, url: string, since: Date): Promise<{ data: Record<string, unknown>; fetchedAt: Date } | null> {
  const rows = await db.select().from(parsedPages).where(eq(parsedPages.url, url)).limit(1);
  const row = rows[0];
  if (!row || row.fetchedAt.getTime() < since.getTime()) return null;
  return { data: row.recipe, fetchedAt: row.fetchedAt };
}

/** Replaces a recipe's title and lines; returns the updated row (null when it is gone). */
export async function updateRecipe(
  db: Db,
  id: string,
  changes: { title: string; ingredients: StoredIngredient[] },
): Promise<RecipeRow | null> {
  const rows = await db
    .update(recipes)
    .set({ title: changes.title, ingredients: changes.ingredients, updatedAt: new Date() })
    .where(eq(recipes.id, id))
    .returning();
  return rows[0] ?? null;
}

/** Deletes a recipe; true when a row went. */
export async function deleteRecipe(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(recipes).where(eq(recipes.id, id)).returning({ id: recipes.id });
  return rows.length > 0;
}

/** The parse counter of one domain (0 when never parsed). */
export async function findDomainParseCount(db: Db, domain: string): Promise<number> {
  const rows = await db
    .select({ parseCount: recipeDomains.parseCount })
    .from(recipeDomains)
    .where(eq(recipeDomains.domain, domain))
    .limit(1);
  return rows[0]?.parseCount ?? 0;
}
