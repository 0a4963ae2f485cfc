/**
 * The claim (decision 0013): on sign-in or registration the recipes and lists this browser made
 * while signed out become the user's. The browser proves it made them with their edit tokens; a
 * thing is claimed only while it has no owner and its stored edit-token hash matches. Once owned,
 * the edit token is cleared (the owner's session is the right from then on).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Claim } from "../../../../core/api/auth.ts";
import type { Db } from "../../../../worker/db/client.ts";
import { recipes, shoppingLists } from "../../../../worker/db/schema.ts";
import { sha256Hex } from "../../../../worker/lib/crypto.ts";

export interface ClaimResult {
  recipes: number;
  lists: number;
}

export async function claimVisitorData(db: Db, userId: string, claim: Claim): Promise<ClaimResult> {
  // Hash first: a drizzle query returned from an async function would be awaited (run) on its own.
  const hashed = async (items: { id: string; editToken: string }[]) =>
    Promise.all(dedupe(items).map(async (i) => ({ id: i.id, hash: await sha256Hex(i.editToken) })));
  const [recipeProofs, listProofs] = await Promise.all([hashed(claim.recipes), hashed(claim.lists)]);
  const recipeWrites = recipeProofs.map(({ id, hash }) =>
    db
      .update(recipes)
      .set({ userId, editTokenHash: null })
      .where(and(eq(recipes.id, id), isNull(recipes.userId), eq(recipes.editTokenHash, hash)))
      .returning({ id: recipes.id }),
  );
  const listWrites = listProofs.map(({ id, hash }) =>
    db
      .update(shoppingLists)
      .set({ userId, editTokenHash: null })
      .where(and(eq(shoppingLists.id, id), isNull(shoppingLists.userId), eq(shoppingLists.editTokenHash, hash)))
      .returning({ id: shoppingLists.id }),
  );
  const writes = [...recipeWrites, ...listWrites];
  if (writes.length === 0) return { recipes: 0, lists: 0 };
  // One batch: all claims land together.
  const results = (await db.batch(writes as unknown as Parameters<Db["batch"]>[0])) as unknown as unknown[][];
  const n = (from: number, to: number) => results.slice(from, to).reduce((sum, r) => sum + r.length, 0);
  return { recipes: n(0, recipeWrites.length), lists: n(recipeWrites.length, writes.length) };
}

function dedupe<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((i) => (seen.has(i.id) ? false : (seen.add(i.id), true)));
}
