/**
 * A signed-in user's own rules as queries: the staples and categories that new lists follow (read by
 * web/features/shopping-list/server/service.ts and shopping.ts), and the SQL pieces shared by the staples service and
 * shopping mode's 'I always have this': the built-in keys as a bound JSON array and the STAPLES_MAX
 * check (decision 0028).
 */
import { CATEGORIES, type CategoryName } from "../../core/categorise/categories.ts";
import { DEFAULT_STAPLES, type StapleRules } from "../../core/combine/staples.ts";
import type { Db } from "./client.ts";

/** The built-in staple keys as one JSON array, bound as a parameter where SQL reads them with json_each. */
export const BUILT_IN_STAPLES_JSON = JSON.stringify([...DEFAULT_STAPLES]);

/**
 * SQL that is true while user ?1 keeps fewer than `max` staples of their own (`have = 1`, not built
 * in). `max` and `builtIn` name the parameters holding STAPLES_MAX and BUILT_IN_STAPLES_JSON.
 */
export function roomForOwnStapleSql(max: string, builtIn: string): string {
  return `(select count(*) from user_staples
            where user_id = ?1 and have = 1 and item_key not in (select value from json_each(${builtIn}))) < ${max}`;
}

/** A signed-in user's own rules: staples, and categories by item key. */
export interface UserRules {
  staples: StapleRules;
  categories: Map<string, CategoryName>;
}

export const NO_RULES: UserRules = { staples: {}, categories: new Map() };

export async function loadUserRules(db: Db, userId: string | null): Promise<UserRules> {
  if (!userId) return NO_RULES;
  const d1 = db.$client;
  const [staples, cats] = await d1.batch<{ item_key: string; have?: number; category?: string }>([
    d1.prepare("select item_key, have from user_staples where user_id = ?1").bind(userId),
    d1.prepare("select item_key, category from user_item_categories where user_id = ?1").bind(userId),
  ]);
  const have = new Set<string>();
  const need = new Set<string>();
  for (const r of staples?.results ?? []) (r.have ? have : need).add(r.item_key);
  const categories = new Map<string, CategoryName>();
  for (const r of cats?.results ?? []) if (isCategory(r.category)) categories.set(r.item_key, r.category);
  return { staples: { have, need }, categories };
}

function isCategory(value: unknown): value is CategoryName {
  return typeof value === "string" && (CATEGORIES as readonly string[]).includes(value);
}
