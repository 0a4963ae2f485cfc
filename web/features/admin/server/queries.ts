/**
 * Queries of the admin desk (docs/product/api.md): site totals, the users table with counts, and the
 * removal of an account with everything of it in one batch plus its audit line (decision 0033).
 */
import type { Db } from "../../../../worker/db/client.ts";

export interface SiteTotals {
  totalUsers: number;
  totalRecipes: number;
  totalShoppingLists: number;
  totalFavoriteRecipes: number;
  totalFavoriteLists: number;
}

/** Totals and the most parsed domains, in one read batch. */
export async function findSiteStats(db: Db, topDomains: number) {
  const d1 = db.$client;
  const [totals, domains] = await d1.batch([
    d1.prepare(
      `select (select count(*) from users) as totalUsers, (select count(*) from recipes) as totalRecipes,
         (select count(*) from shopping_lists) as totalShoppingLists, (select count(*) from favorite_recipes) as totalFavoriteRecipes,
         (select count(*) from favorite_lists) as totalFavoriteLists`,
    ),
    d1.prepare("select domain, parse_count as parseCount from recipe_domains order by parse_count desc, domain limit ?1").bind(topDomains),
  ]);
  return {
    totals: (totals?.results[0] ?? {}) as SiteTotals,
    topDomains: (domains?.results ?? []) as { domain: string; parseCount: number }[],
  };
}

export interface AdminUserRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isAdmin: number;
  createdAt: number;
  recipes: number;
  shoppingLists: number;
  favoriteRecipes: number;
}

/**
 * The search text anywhere in the e-mail or the name, ignoring case for ASCII letters only (SQLite's
 * lower(), as LIKE did, decision 0033). instr, not LIKE: D1 refuses LIKE patterns over 50 bytes, so a
 * whole long e-mail address (the search takes 100 characters) failed the page; wildcards are text too.
 */
const USER_MATCH = `(?1 is null or instr(lower(u.email), lower(?1)) > 0
  or instr(lower(u.first_name || ' ' || u.last_name), lower(?1)) > 0)`;

/** One page of users, newest first, with their counts; and how many match in all. */
export async function findUsersPage(db: Db, search: string | null, page: number, pageSize: number) {
  const d1 = db.$client;
  const pattern = search || null;
  const [rows, total] = await d1.batch([
    d1
      .prepare(
        `select u.id as id, u.first_name as firstName, u.last_name as lastName, u.email as email, u.is_admin as isAdmin,
           u.created_at as createdAt,
           (select count(*) from recipes r where r.user_id = u.id) as recipes,
           (select count(*) from shopping_lists l where l.user_id = u.id) as shoppingLists,
           (select count(*) from favorite_recipes f where f.user_id = u.id) as favoriteRecipes
         from users u where ${USER_MATCH}
         order by u.created_at desc, u.rowid desc limit ?2 offset ?3`,
      )
      .bind(pattern, pageSize, (page - 1) * pageSize),
    d1.prepare(`select count(*) as n from users u where ${USER_MATCH}`).bind(pattern),
  ]);
  return { rows: (rows?.results ?? []) as AdminUserRow[], total: (total?.results[0] as { n: number } | undefined)?.n ?? 0 };
}

export async function findUserForAdmin(db: Db, id: string) {
  return db.$client
    .prepare("select id, email, is_admin as isAdmin from users where id = ?1")
    .bind(id)
    .first<{ id: string; email: string; isAdmin: number }>();
}

export interface AuditLine {
  id: string;
  actorId: string;
  actorEmail: string;
  targetId: string;
  targetEmail: string;
}

/**
 * Removes a non-admin user and everything of theirs in ONE D1 batch (all or nothing), and writes the
 * audit line in the same batch. Sessions, recipes, lists (with items, recipe links, search rows,
 * e-mail sends and orders), favourites and grocery preferences go by ON DELETE CASCADE from users
 * (favourites of others pointing at them too); what has no foreign key to the user is deleted
 * here: the list e-mails they sent to other lists and the mail addressed to them.
 * Returns false (and changes nothing) when the user is gone or is an admin by now.
 */
export async function deleteUserWithAudit(db: Db, line: AuditLine): Promise<boolean> {
  const d1 = db.$client;
  const target = "exists (select 1 from users where id = ?1 and is_admin = 0)";
  const results = await d1.batch([
    d1
      .prepare(
        `insert into admin_audit_log (id, action, actor_id, actor_email, target_id, target_email, details)
         select ?2, 'delete_user', ?3, ?4, ?1, ?5, json_object(
           'recipes', (select count(*) from recipes where user_id = ?1),
           'shoppingLists', (select count(*) from shopping_lists where user_id = ?1),
           'favoriteRecipes', (select count(*) from favorite_recipes where user_id = ?1),
           'favoriteLists', (select count(*) from favorite_lists where user_id = ?1))
         where ${target}`,
      )
      .bind(line.targetId, line.id, line.actorId, line.actorEmail, line.targetEmail),
    d1.prepare(`delete from list_email_sends where sender_key = 'u:' || ?1 and ${target}`).bind(line.targetId),
    d1.prepare(`delete from mail_outbox where lower("to") = lower(?2) and ${target}`).bind(line.targetId, line.targetEmail),
    d1.prepare("delete from users where id = ?1 and is_admin = 0 returning id").bind(line.targetId),
  ]);
  return (results[3]?.results.length ?? 0) > 0;
}
