/**
 * Read-only share links of a shopping list ("Sharing", docs/decisions/0031-share-links.md).
 *
 * - Whoever may change a list (its owner, or the browser holding a signed-out list's edit token)
 *   may share it and revoke the share; nobody else, admins included.
 * - A list has at most one live share link. Sharing again while one is live hands out the same link;
 *   after 'Stop sharing' a new share gets a new id, so a revoked link never works again.
 * - A share id is its own 128-bit random id. Reading through it gives the list without its id, its
 *   recipes' ids or any token: holding the link is the right to read this list and nothing else.
 */
import type { ListShare, SharedList } from "../contract.ts";
import { sharePath } from "../contract.ts";
import type { UnitChoice } from "../../../../core/combine/unit-choice.ts";
import type { Db } from "../../../../worker/db/client.ts";
import { findLiveShare, findLiveShares, insertShareUnlessLive, revokeShareRow, type ShareRow } from "./queries.ts";
import { newId } from "../../../../worker/lib/ids.ts";
import type { Caller } from "../../../../worker/services/caller.ts";
import { DomainError } from "../../../../worker/services/errors.ts";
import { readShoppingList, requireChangeable } from "../../shopping-list/server/service.ts";

/** What a holder of a revoked or unknown link is told (docs/product/messages.md). */
export const SHARE_GONE_MESSAGE = "This shared list is no longer available.";

function toShare(row: ShareRow, origin: string): ListShare {
  return { id: row.id, url: origin + sharePath(row.id), createdAt: row.createdAt.toISOString() };
}

/** The list's live share link: made now (`created`) unless it had one. 404/403 as for any change. */
export async function shareList(
  db: Db,
  caller: Caller,
  listId: string,
  editToken: string | null,
  origin: string,
): Promise<{ share: ListShare; created: boolean }> {
  await requireChangeable(db, caller, listId, editToken);
  // Revoked between the two statements (another tab's 'Stop sharing'): the caller asked for a share, so try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = newId();
    const created = await insertShareUnlessLive(db, id, listId, new Date());
    const live = await findLiveShares(db, listId);
    const row = live.find((s) => s.id === id) ?? live[0];
    if (row) return { share: toShare(row, origin), created };
  }
  throw new DomainError("conflict", "share_conflict", "The share link changed while it was being made. Please try again.");
}

/** The list's live share links (none or one). 404/403 as for any change. */
export async function liveShares(db: Db, caller: Caller, listId: string, editToken: string | null, origin: string): Promise<ListShare[]> {
  await requireChangeable(db, caller, listId, editToken);
  return (await findLiveShares(db, listId)).map((row) => toShare(row, origin));
}

/**
 * For the list page's loader: whether the list has a live share link, for whoever reads the page
 * (decision 0014). The server cannot tell a signed-out creator (the edit token stays in their browser)
 * from someone holding only the list's link, so it says it to both; the page shows 'Shared: …' only to
 * whoever may change the list, and keeps its place for the others. It reveals that a link exists, never
 * the link. False for an unknown list.
 */
export async function listHasLiveShare(db: Db, listId: string): Promise<boolean> {
  return (await findLiveShares(db, listId)).length > 0;
}

/** Stops share `shareId` of the list at once; revoking one already revoked is fine. 404 for another list's or an unknown share. */
export async function revokeShare(db: Db, caller: Caller, listId: string, shareId: string, editToken: string | null): Promise<void> {
  await requireChangeable(db, caller, listId, editToken);
  if ((await revokeShareRow(db, listId, shareId, new Date())) === "unknown") {
    throw new DomainError("not_found", "share_not_found", "This list has no share link with that id.");
  }
}

/** The list behind a live share link, as a share holder may see it; null when revoked or unknown. */
export async function readSharedList(db: Db, shareId: string, units: UnitChoice = "as-written"): Promise<SharedList | null> {
  const share = await findLiveShare(db, shareId);
  if (!share) return null;
  const found = await readShoppingList(db, share.listId, units);
  if (!found) return null;
  const { list } = found;
  // Built field by field: whatever the list answer gains later does not reach share holders unasked.
  return {
    name: list.name,
    createdAt: list.createdAt,
    recipes: list.recipes.map((r) => ({ title: r.title })),
    ingredients: Object.fromEntries(
      Object.entries(list.ingredients).map(([category, items]) => [
        category,
        items.map((i) => ({
          id: i.id,
          name: i.name,
          amount: i.amount,
          recipes: i.recipes,
          notes: i.notes ?? null,
          checked: i.checked ?? false,
          checkedAt: i.checkedAt ?? 0,
          staple: i.staple ?? false,
          addedByHand: i.addedByHand ?? false,
        })),
      ]),
    ),
  };
}
