/**
 * Shopping mode: changes made on a list page while shopping — ticks, hand-typed items,
 * edits, category moves, staples — sent one at a time or as a queued offline batch, and the signed-in
 * user's own rules (categories and staples) that later lists follow. Who may change a list is the one
 * policy (worker/services/policy.ts): its owner, or the browser holding a signed-out list's edit token.
 * Decisions: docs/decisions/0028-pantry-staples.md, 0029-shopping-mode-and-offline.md, 0029-shopping-mode-and-offline.md.
 */
import { LIST_ADDED_ITEMS_MAX, type ListChangesResponse } from "../../core/api/lists.ts";
import { STAPLES_MAX } from "../../core/api/staples.ts";
import type { ListChange } from "../../core/api/shopping.ts";
import { categorise } from "../../core/categorise/categorise.ts";
import { combineRecipes, type ListItem } from "../../core/combine/combine.ts";
import type { UnitChoice } from "../../core/combine/unit-choice.ts";
import type { Db } from "../db/client.ts";
import { SEARCH_ROW_ITEMS_UPDATE } from "../db/lists.ts";
import { BUILT_IN_STAPLES_JSON, loadUserRules, NO_RULES, roomForOwnStapleSql, type UserRules } from "../db/user-staples.ts";
import type { Caller } from "./caller.ts";
import { DomainError } from "./errors.ts";
import { getShoppingList, requireChangeable } from "./lists.ts";

/** How far ahead of the server's clock a tap time may be (a phone's clock a little fast). */
export const TAP_CLOCK_SKEW_MS = 5 * 60_000;

/** One hand-typed line as a list item: parsed and categorised by the same engine as recipe lines. */
export function parseTypedItem(text: string, rules: UserRules = NO_RULES): Omit<ListItem, "sources" | "recipes" | "optional"> {
  const line = text.trim();
  const combined = combineRecipes([{ title: "", lines: [line] }], { staples: rules.staples });
  const first = combined.categories[0]?.items[0];
  if (first && combined.categories.flatMap((c) => c.items).length === 1) {
    return { ...first, category: rules.categories.get(first.key) ?? first.category };
  }
  // Not one parseable item ("salt and pepper", "water", a lone word the parser cannot name): keep it as typed.
  const key = line.toLowerCase().replace(/\s+/g, " ");
  return {
    key,
    name: line,
    category: rules.categories.get(key) ?? categorise(line),
    text: "",
    amounts: [],
    notes: [],
    staple: false,
  };
}

/**
 * Refuses (409 `list_full`) a batch whose new hand-typed items would take the list past
 * LIST_ADDED_ITEMS_MAX (decision 0029). An add whose id is already on the list (a queued add sent
 * again) is not new. The insert itself also stops at the cap, so two batches racing cannot pass it.
 */
async function requireRoomForAdds(d1: D1Database, listId: string, changes: ListChange[]): Promise<void> {
  const ids = [...new Set(changes.flatMap((c) => (c.op === "add" ? [c.itemId] : [])))];
  if (ids.length === 0) return;
  const row = await d1
    .prepare(
      `select count(*) as added, coalesce(sum(id in (select value from json_each(?2))), 0) as resent
       from shopping_list_items where list_id = ?1 and added_by_hand = 1`,
    )
    .bind(listId, JSON.stringify(ids))
    .first<{ added: number; resent: number }>();
  const added = row?.added ?? 0;
  if (added + ids.length - (row?.resent ?? 0) > LIST_ADDED_ITEMS_MAX) {
    throw new DomainError(
      "conflict",
      "list_full",
      `This list already has ${added} items added by hand; a list takes at most ${LIST_ADDED_ITEMS_MAX}. Start a new list for more.`,
      { limit: LIST_ADDED_ITEMS_MAX },
    );
  }
}

/**
 * 'I always have this' on a list item, remembered for the user (decisions 0028, 0028): on, its key
 * becomes their staple while they keep fewer than STAPLES_MAX of their own (past that only this list
 * changes; the dashboard says why when they add one there); off, a built-in key is turned off for
 * them and any other key's rule goes.
 */
function rememberStaple(
  d1: D1Database,
  userId: string,
  listId: string,
  itemId: string,
  staple: boolean,
  now: number,
): D1PreparedStatement[] {
  const item = "(select item_key from shopping_list_items where list_id = ?2 and id = ?3)";
  if (staple) {
    return [
      d1
        .prepare(
          `insert into user_staples (user_id, item_key, have, updated_at)
           select ?1, item_key, 1, ?4 from shopping_list_items
           where list_id = ?2 and id = ?3
             and (item_key in (select value from json_each(?6))
                  or exists (select 1 from user_staples where user_id = ?1 and item_key = ${item})
                  or ${roomForOwnStapleSql("?5", "?6")})
           on conflict (user_id, item_key) do update set have = 1, updated_at = excluded.updated_at`,
        )
        .bind(userId, listId, itemId, now, STAPLES_MAX, BUILT_IN_STAPLES_JSON),
    ];
  }
  return [
    d1
      .prepare(
        `insert into user_staples (user_id, item_key, have, updated_at)
         select ?1, item_key, 0, ?4 from shopping_list_items
         where list_id = ?2 and id = ?3 and item_key in (select value from json_each(?5))
         on conflict (user_id, item_key) do update set have = 0, updated_at = excluded.updated_at`,
      )
      .bind(userId, listId, itemId, now, BUILT_IN_STAPLES_JSON),
    d1
      .prepare(`delete from user_staples where user_id = ?1 and item_key = ${item} and item_key not in (select value from json_each(?4))`)
      .bind(userId, listId, itemId, BUILT_IN_STAPLES_JSON),
  ];
}

/**
 * Applies a batch of changes in order, in one D1 batch. Ticks merge by tap time (the later tap
 * wins, decision 0029); changes to items no longer on the list are skipped and reported in
 * `missing`, so a queue sent after someone removed an item still goes through.
 */
export async function applyListChanges(
  db: Db,
  caller: Caller,
  listId: string,
  editToken: string | null,
  changes: ListChange[],
  units: UnitChoice = "as-written",
  now = Date.now(),
): Promise<ListChangesResponse> {
  await requireChangeable(db, caller, listId, editToken);
  const userId = caller.user?.id ?? null;
  const rules = changes.some((c) => c.op === "add") ? await loadUserRules(db, userId) : NO_RULES;
  const d1 = db.$client;
  await requireRoomForAdds(d1, listId, changes);
  const statements: D1PreparedStatement[] = [];
  for (const c of changes) {
    switch (c.op) {
      case "tick": {
        const at = Math.min(c.at, now + TAP_CLOCK_SKEW_MS);
        statements.push(
          d1
            .prepare("update shopping_list_items set checked = ?1, checked_at = ?2 where list_id = ?3 and id = ?4 and checked_at < ?2")
            .bind(c.checked ? 1 : 0, at, listId, c.itemId),
        );
        break;
      }
      case "add": {
        const item = parseTypedItem(c.text, rules);
        statements.push(
          d1
            .prepare(
              `insert or ignore into shopping_list_items
                 (id, list_id, category, item_key, name, amount, amounts, notes, sources, position, checked, checked_at, added_by_hand, staple)
               select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, '[]',
                 (select coalesce(max(position), -1) + 1 from shopping_list_items where list_id = ?2), 0, 0, 1, ?9
               where (select count(*) from shopping_list_items where list_id = ?2 and added_by_hand = 1) < ?10`,
            )
            .bind(
              c.itemId,
              listId,
              item.category,
              item.key,
              item.name,
              item.text,
              JSON.stringify(item.amounts.map((a) => ({ quantity: a.quantity, unit: a.unit }))),
              item.notes.length ? item.notes.join("; ") : null,
              item.staple ? 1 : 0,
              LIST_ADDED_ITEMS_MAX,
            ),
        );
        break;
      }
      case "edit":
        // A typed amount is shown as typed: no machine amounts to convert.
        statements.push(
          d1
            .prepare("update shopping_list_items set name = ?1, amount = ?2, amounts = '[]' where list_id = ?3 and id = ?4")
            .bind(c.name, c.amount, listId, c.itemId),
        );
        break;
      case "move":
        statements.push(
          d1.prepare("update shopping_list_items set category = ?1 where list_id = ?2 and id = ?3").bind(c.category, listId, c.itemId),
        );
        if (userId) {
          // Remembered for this user: the next list with this item puts it here (decision 0029).
          statements.push(
            d1
              .prepare(
                `insert into user_item_categories (user_id, item_key, category, updated_at)
                 select ?1, item_key, ?2, ?5 from shopping_list_items where list_id = ?3 and id = ?4
                 on conflict (user_id, item_key) do update set category = excluded.category, updated_at = excluded.updated_at`,
              )
              .bind(userId, c.category, listId, c.itemId, now),
          );
        }
        break;
      case "staple":
        statements.push(
          d1.prepare("update shopping_list_items set staple = ?1 where list_id = ?2 and id = ?3").bind(c.staple ? 1 : 0, listId, c.itemId),
        );
        if (userId && c.remember) statements.push(...rememberStaple(d1, userId, listId, c.itemId, c.staple, now));
        break;
    }
  }
  // Added or renamed items: the list's history-search row follows in the same batch (decision 0032).
  if (changes.some((c) => c.op === "add" || c.op === "edit")) statements.push(d1.prepare(SEARCH_ROW_ITEMS_UPDATE).bind(listId));
  await d1.batch(statements);
  const list = await getShoppingList(db, listId, units);
  if (!list) throw new DomainError("not_found", "list_not_found", "Shopping list not found.");
  const present = new Set(Object.values(list.ingredients).flatMap((items) => items.map((i) => i.id)));
  const missing = [...new Set(changes.map((c) => c.itemId).filter((id) => !present.has(id)))];
  return { list, missing };
}
