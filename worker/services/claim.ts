/**
 * The claim (decision 0082): on sign-in or registration the recipes and lists this browser made
 * while signed out become the user's. The browser proves it made them with their edit tokens; a
 * thing is claimed only while it has no owner and its stored edit-token hash matches. Once owned,
 * the edit token is cleared (the owner's session is the right from then on).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Claim } from "../../core/api/auth.ts";
import type { Db } from "../db/client.ts";
import { recipes, shoppingLists } from "../db/schema.ts";
import { sha256Hex } from "../lib/crypto.ts";

export interface ClaimResult {
  recipes: number;
  lists: number;
}

export async function claimVisitorData(db: Db, userId: string, claim: Claim): Promise<ClaimResult> {
  const recipeWrites = await Promise.all(
    dedupe(claim.recipes).map(async ({ id, editToken }) =>
      db
        .update(recipes)
        .set({ userId, editTokenHash: null })
        .where(and(eq(recipes.id, id), isNull(recipes.userId), eq(recipes.editTokenHash, await sha256Hex(editToken))))
        .returning({ id: recipes.id }),
    ),
  );
  const listWrites = await Promise.all(
    dedupe(claim.lists).map(async ({ id, editToken }) =>
      db
        .update(shoppingLists)
        .set({ userId, editTokenHash: null })
        .where(and(eq(shoppingLists.id, id), isNull(shoppingLists.userId), eq(shoppingLists.editTokenHash, await sha256Hex(editToken))))
        .returning({ id: shoppingLists.id }),
    ),
  );
  if (recipeWrites.length + listWrites.length === 0) return { recipes: 0, lists: 0 };
  const results = await db.batch([...recipeWrites, ...listWrites] as unknown as Parameters<Db["batch"]>[0]);
  const n = (from: number, to: number) => results.slice(from, to).reduce((sum, r) => sum + (r as unknown[]).length, 0);
  return { recipes: n(0, recipeWrites.length), lists: n(recipeWrites.length, recipeWrites.length + listWrites.length) };
}

function dedupe<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((i) => (seen.has(i.id) ? false : (seen.add(i.id), true)));
}
