/**
 * The admin desk (docs/product/api.md, decision 0033). Routes are `admin`, so the router has already
 * refused everyone else (401 signed out, 403 non-admin); these rules are the ones on top:
 * an admin cannot delete themselves or another admin.
 */
import { ADMIN_TOP_DOMAINS, type AdminStats, type AdminUsersResponse } from "../contract.ts";
import { deleteUserWithAudit, findSiteStats, findUserForAdmin, findUsersPage } from "./queries.ts";
import type { Db } from "../../../../worker/db/client.ts";
import { isWellFormedId, newId } from "../../../../worker/lib/ids.ts";
import type { CallerUser } from "../../../../worker/services/caller.ts";
import { DomainError } from "../../../../worker/services/errors.ts";

export async function siteStats(db: Db): Promise<AdminStats> {
  const { totals, topDomains } = await findSiteStats(db, ADMIN_TOP_DOMAINS);
  return {
    totalUsers: totals.totalUsers ?? 0,
    totalRecipes: totals.totalRecipes ?? 0,
    totalShoppingLists: totals.totalShoppingLists ?? 0,
    totalFavoriteRecipes: totals.totalFavoriteRecipes ?? 0,
    totalFavoriteLists: totals.totalFavoriteLists ?? 0,
    topDomains,
  };
}

export async function listUsers(
  db: Db,
  query: { search?: string | undefined; page: number; pageSize: number },
): Promise<AdminUsersResponse> {
  const { rows, total } = await findUsersPage(db, query.search ?? null, query.page, query.pageSize);
  return {
    users: rows.map((r) => ({
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      isAdmin: r.isAdmin === 1,
      createdAt: new Date(r.createdAt).toISOString(),
      counts: { recipes: r.recipes, shoppingLists: r.shoppingLists, favoriteRecipes: r.favoriteRecipes },
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** DELETE /api/admin/users/{id}: the user and everything of theirs, with an audit line, in one batch. */
export async function deleteUser(db: Db, admin: CallerUser, id: string): Promise<void> {
  if (id === admin.id) throw new DomainError("forbidden", "cannot_delete_self", "You cannot delete your own account here.");
  const target = isWellFormedId(id) ? await findUserForAdmin(db, id) : null;
  if (!target) throw new DomainError("not_found", "user_not_found", "User not found.");
  if (target.isAdmin) throw new DomainError("forbidden", "cannot_delete_admin", "Admin accounts cannot be deleted.");
  const deleted = await deleteUserWithAudit(db, {
    id: newId(),
    actorId: admin.id,
    actorEmail: admin.email,
    targetId: target.id,
    targetEmail: target.email,
  });
  // Gone or made an admin between the read and the batch: the batch changed nothing.
  if (!deleted) throw new DomainError("conflict", "user_changed", "This account changed meanwhile. Reload and try again.");
}
