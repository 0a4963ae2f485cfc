/**
 * Queries for read-only share links (list_shares; decision 0031). Rules (who may share or revoke)
 * live in web/features/share/server/service.ts.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../../../worker/db/client.ts";
import { listShares } from "../../../../worker/db/schema.ts";

export interface ShareRow {
  id: string;
  listId: string;
  createdAt: Date;
}

/**
 * Adds share `id` to list `listId` unless the list already has a live one, in ONE statement (SQLite
 * runs it alone, so two requests at once cannot both add one). True when this call added it.
 */
export async function insertShareUnlessLive(db: Db, id: string, listId: string, now: Date): Promise<boolean> {
  const { results } = await db.$client
    .prepare(
      `insert into list_shares (id, list_id, created_at)
       select ?1, ?2, ?3 where not exists (select 1 from list_shares where list_id = ?2 and revoked_at is null)
       returning id`,
    )
    .bind(id, listId, now.getTime())
    .all();
  return results.length > 0;
}

/** The list's live (not revoked) shares, oldest first. */
export function findLiveShares(db: Db, listId: string): Promise<ShareRow[]> {
  return db
    .select({ id: listShares.id, listId: listShares.listId, createdAt: listShares.createdAt })
    .from(listShares)
    .where(and(eq(listShares.listId, listId), isNull(listShares.revokedAt)))
    .orderBy(asc(listShares.createdAt));
}

/** The live share with this id, or null (revoked and unknown alike). */
export async function findLiveShare(db: Db, id: string): Promise<ShareRow | null> {
  const rows = await db
    .select({ id: listShares.id, listId: listShares.listId, createdAt: listShares.createdAt })
    .from(listShares)
    .where(and(eq(listShares.id, id), isNull(listShares.revokedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Revokes share `id` of list `listId`: "revoked" when this call did, "already" when it was revoked
 * before, "unknown" when the list has no share with this id.
 */
export async function revokeShareRow(db: Db, listId: string, id: string, now: Date): Promise<"revoked" | "already" | "unknown"> {
  const gone = await db
    .update(listShares)
    .set({ revokedAt: now })
    .where(and(eq(listShares.id, id), eq(listShares.listId, listId), isNull(listShares.revokedAt)))
    .returning({ id: listShares.id });
  if (gone.length) return "revoked";
  const known = await db
    .select({ id: listShares.id })
    .from(listShares)
    .where(and(eq(listShares.id, id), eq(listShares.listId, listId)))
    .limit(1);
  return known.length ? "already" : "unknown";
}
